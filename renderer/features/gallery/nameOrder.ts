import { PSEUDO_LOCALE, type Locale } from '../../i18n/locales.ts';

const collators = new Map<Locale, Intl.Collator>();

/** How names compare in a language: its alphabet's order, accents after their letters, numbers by value. */
export function nameCollator(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale === PSEUDO_LOCALE ? 'en' : locale, { numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/** The entries sorted by their names as a reader of `locale` expects them ("Émile" beside "Emma", not after "Zoë"). */
export function nameOrder<T>(entries: readonly T[], nameOf: (entry: T) => string, locale: Locale): T[] {
  const collator = nameCollator(locale);
  return [...entries].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}
