import { createIntl, createIntlCache, type IntlConfig } from '@formatjs/intl';
import type { CatalogLocale } from '../../../shared/i18n/locales.ts';

/**
 * The shells' words (the desktop app's menu and dialogs, the browser host's pages and answers),
 * formatted with FormatJS from the page's catalogs (renderer/i18n/messages), so every word of the
 * studio is translated and checked in one place. Here because both shells import core; each shell
 * hands in how its catalogs load (main's are chunks of its bundle, the host's plain JSON imports).
 */

export type Catalog = Readonly<Record<string, string>>;
export type CatalogLoaders = Readonly<Record<CatalogLocale, () => Promise<{ default: Catalog }>>>;
export type WordValues = Readonly<Record<string, string | number>>;

/** A shell's words in one language: only the messages of its prefix, `shell.` or `host.`. */
export type CatalogWords<Id extends string> = {
  readonly locale: CatalogLocale;
  readonly say: (id: Id, values?: WordValues) => string;
  /**
   * The message as HTML: its text and values escaped, each of its tags (`<link>…</link>`) made by
   * the function of that name from the tag's inner HTML.
   */
  readonly html: (id: Id, values: WordValues, tags: Readonly<Record<string, (inner: string) => string>>) => string;
};

const cache = createIntlCache();

/**
 * Arguments that are a person's own text, a path or an address, which may run the other way from
 * the sentence around them (an Arabic prompt in an English title, a path in an Arabic dialog): each
 * is set apart with first-strong isolate marks, the plain-text form of the page's `<bdi>`.
 */
const ISOLATED = new Set(['subject', 'folder', 'address']);
const isolated = (values: WordValues | undefined): WordValues | undefined =>
  values &&
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, ISOLATED.has(name) ? `\u2068${String(value)}\u2069` : value]));

/** The words of `prefix` in `locale`; in English when that catalog cannot be loaded. */
export async function loadCatalogWords<Id extends string>(
  loaders: CatalogLoaders,
  prefix: string,
  locale: CatalogLocale,
): Promise<CatalogWords<Id>> {
  try {
    return wordsFrom(locale, (await loaders[locale]()).default, prefix);
  } catch (error) {
    if (locale === 'en') throw error;
    return wordsFrom('en', (await loaders.en()).default, prefix);
  }
}

/** Markup made by a tag's function: kept as it is, where the message's own text is escaped. */
type Markup = { readonly markup: string };

function wordsFrom<Id extends string>(locale: CatalogLocale, catalog: Catalog, prefix: string): CatalogWords<Id> {
  // Only the shell's own messages: the rest of the catalog is the page's and is never parsed here.
  const own = Object.fromEntries(Object.entries(catalog).filter(([id]) => id.startsWith(prefix)));
  // The page's declaration of message ids (renderer/i18n/catalogs.ts) types `messages` as a whole
  // catalog; a shell formats only its own ids, so its subset stands in for one.
  const messages = own as IntlConfig['messages'];
  const intl = createIntl({ locale, defaultLocale: 'en', messages }, cache);
  // FormatJS types ids and values from the page's declaration of its catalog (renderer/i18n/catalogs.ts);
  // a shell's ids are a subset of those, its values plain, and its tags made into markup here.
  const format = intl.formatMessage as unknown as (descriptor: { id: string }, values?: Record<string, unknown>) => unknown;
  const htmlOf = (part: unknown): string =>
    typeof part === 'object' && part !== null && 'markup' in part ? (part as Markup).markup : escapeHtml(String(part));
  return {
    locale,
    say: (id, values) => String(format({ id }, isolated(values))),
    html: (id, values, tags) => {
      const made = Object.fromEntries(
        Object.entries(tags).map(([name, make]) => [name, (chunks: unknown[]): Markup => ({ markup: make(chunks.map(htmlOf).join('')) })]),
      );
      const parts: unknown = format({ id }, { ...isolated(values), ...made });
      return (Array.isArray(parts) ? parts : [parts]).map(htmlOf).join('');
    },
  };
}

/** Text made safe inside HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
