/**
 * The languages the studio speaks, each with a complete catalog in renderer/i18n/messages/. Here,
 * not in the renderer, because the shells name the catalog a page starts in beside its first script
 * (electron/core/app/startLanguage.ts) and must pick it as the page does.
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'zh-CN', 'ar'] as const;
export type CatalogLocale = (typeof LOCALES)[number];

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

/** Whether `locale` is written right to left: the page's `dir`, and the shells' pages'. */
export function isRightToLeft(locale: string): boolean {
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
