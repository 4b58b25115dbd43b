import { LOCALES, matchLocale, type CatalogLocale } from '../../../shared/i18n/locales.ts';

/** More languages than this in one header are not read: a page would never get to them. */
const MOST = 16;

/**
 * The language chosen in Settings as the preferences hold it, when it is one
 * with a catalog of its own (the pseudo-locale is made from English, which the first script
 * carries); null when Settings follow the system, or the file holds nothing this version knows.
 */
export function chosenCatalogIn(preferences: Record<string, unknown> | null): CatalogLocale | null {
  const settings = preferences?.settings;
  const language = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).language : undefined;
  if (language === 'en-XA') return 'en';
  return LOCALES.find((locale) => locale === language) ?? null;
}

/**
 * The catalog a page starts in, picked as renderer/i18n/LanguageProvider.tsx picks it: the
 * language chosen in Settings, else the first of the system's the studio speaks. The page picks
 * from the choice it remembers, which Settings' answer keeps equal to the preferences'; where they
 * differ (its storage cleared), a catalog is fetched that the start does not use, nothing more.
 */
export function startCatalog(chosen: CatalogLocale | null, system: readonly string[]): CatalogLocale {
  return chosen ?? matchLocale(system);
}

/**
 * The languages of an Accept-Language header, most preferred first (RFC 9110 12.5.4): what a
 * browser's page reads as `navigator.languages`. Tags weighted 0 and malformed entries are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const weighted: { tag: string; q: number; at: number }[] = [];
  for (const [at, entry] of header.split(',').slice(0, MOST).entries()) {
    const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
    const weight = params.find((param) => param.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0 && q <= 1) weighted.push({ tag, q, at });
  }
  return weighted.sort((a, b) => b.q - a.q || a.at - b.at).map((entry) => entry.tag);
}
