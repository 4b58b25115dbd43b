import type { Settings } from '../../shared/ipc/index.ts';

/** The languages the studio speaks, each with a complete catalog in messages/. */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'zh-CN', 'ar'] as const;
export type CatalogLocale = (typeof LOCALES)[number];

/**
 * English with every letter accented and each message made longer, built from the English
 * catalog when it loads: text that stays plain in this locale was never put in a catalog, and
 * layouts that break here will break in German or French too.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type Locale = CatalogLocale | typeof PSEUDO_LOCALE;

export type LanguageChoice = Settings['language'];

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isRightToLeft(locale: Locale): boolean {
  return RIGHT_TO_LEFT.has(locale);
}

/**
 * The first of the system's preferred languages the studio speaks: an exact match first
 * ("pt-BR"), then the language alone ("pt-PT" and "pt" read Brazilian Portuguese, "zh-Hans-CN"
 * reads Simplified Chinese); English when none fits.
 */
export function matchLocale(preferred: readonly string[]): CatalogLocale {
  for (const tag of preferred) {
    const found = exact(tag) ?? byLanguage(tag);
    if (found) return found;
  }
  return 'en';
}

function exact(tag: string): CatalogLocale | undefined {
  const lower = tag.toLowerCase();
  return LOCALES.find((locale) => locale.toLowerCase() === lower);
}

function byLanguage(tag: string): CatalogLocale | undefined {
  const language = languageOf(tag);
  // Traditional Chinese is not offered: Simplified is a better fallback than English for a reader of it.
  return LOCALES.find((locale) => languageOf(locale) === language);
}

function languageOf(tag: string): string {
  try {
    return new Intl.Locale(tag).language;
  } catch {
    return tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
  }
}

/** The locale a choice in Settings means: its own, or the system's when it follows the system. */
export function resolveLocale(choice: LanguageChoice | undefined, system: readonly string[]): Locale {
  if (!choice || choice === 'system') return matchLocale(system);
  return choice;
}
