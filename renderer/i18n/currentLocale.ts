import { formatsFor, type Formats } from './format.ts';
import type { Locale } from './locales.ts';

/**
 * The languages the system prefers, most preferred first: in the desktop app the system's own list,
 * which its shell hands over (Electron's `navigator.languages` holds only the app's locale); in a
 * browser, the browser's.
 */
export function systemLanguages(): readonly string[] {
  if (typeof window !== 'undefined' && window.cast?.systemLanguages?.length) return window.cast.systemLanguages;
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

// English until the language provider first renders: its catalog is the only one always loaded.
let current: Locale = 'en';

/**
 * The locale the studio shows now, for code outside React (formatting helpers called while
 * rendering). The language provider sets it before its children render in a new locale, once
 * that locale's catalog is loaded.
 */
export function currentLocale(): Locale {
  return current;
}

export function setCurrentLocale(locale: Locale): void {
  current = locale;
}

export function currentFormats(): Formats {
  return formatsFor(current);
}
