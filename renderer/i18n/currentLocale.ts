import { formatsFor, type Formats } from './format.ts';
import { matchLocale, type Locale } from './locales.ts';

/** The languages the system prefers, most preferred first: the browser's or Electron's Chromium's list. */
export function systemLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

let current: Locale = matchLocale(systemLanguages());

/**
 * The locale the studio shows now, for code outside React (formatting helpers called while
 * rendering). The language provider sets it before its children render in a new locale.
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
