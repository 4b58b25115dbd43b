import { isRightToLeft, LOCALES, matchLocale, type CatalogLocale } from '../../shared/i18n/locales.ts';
import type { Settings } from '../../shared/ipc/index.ts';

// The list and the match live in shared/: the shells pick the catalog a page starts in as it does.
export { isRightToLeft, LOCALES, matchLocale, type CatalogLocale };

/**
 * English with every letter accented and each message made longer, built from the English
 * catalog when it loads: text that stays plain in this locale was never put in a catalog, and
 * layouts that break here will break in German or French too.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type Locale = CatalogLocale | typeof PSEUDO_LOCALE;

export type LanguageChoice = Settings['language'];

/** The locale a choice in Settings means: its own, or the system's when it follows the system. */
export function resolveLocale(choice: LanguageChoice | undefined, system: readonly string[]): Locale {
  if (!choice || choice === 'system') return matchLocale(system);
  return choice;
}
