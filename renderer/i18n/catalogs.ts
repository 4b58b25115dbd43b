import en from './messages/en.json' with { type: 'json' };
import { PSEUDO_LOCALE, type CatalogLocale, type Locale } from './locales.ts';
import { pseudoMessage } from './pseudo.ts';

/** A message's id: a key of the English catalog, which is the source every other one follows. */
export type MessageId = keyof typeof en;
export type Catalog = Readonly<Record<MessageId, string>>;

type OtherLocale = Exclude<CatalogLocale, 'en'>;

/**
 * English is bundled with the first script: it is the source, and what shows while nothing else
 * is here. Every other catalog is a chunk of its own, fetched when its language is first wanted,
 * so a start carries one language's words, not eight.
 */
const LOADERS: Readonly<Record<OtherLocale, () => Promise<{ default: Catalog }>>> = {
  es: () => import('./messages/es.json', { with: { type: 'json' } }),
  'pt-BR': () => import('./messages/pt-BR.json', { with: { type: 'json' } }),
  fr: () => import('./messages/fr.json', { with: { type: 'json' } }),
  de: () => import('./messages/de.json', { with: { type: 'json' } }),
  ja: () => import('./messages/ja.json', { with: { type: 'json' } }),
  'zh-CN': () => import('./messages/zh-CN.json', { with: { type: 'json' } }),
  ar: () => import('./messages/ar.json', { with: { type: 'json' } }),
};

const loaded = new Map<Locale, Catalog>([['en', en]]);
const loading = new Map<OtherLocale, Promise<Catalog>>();

/** Whether a locale's messages are here, so that `messagesFor` can give them at once. */
export function isLoaded(locale: Locale): boolean {
  return locale === PSEUDO_LOCALE || loaded.has(locale);
}

/**
 * A locale's messages, fetched the first time they are asked for (English and the pseudo-locale,
 * made from it, are always here). A fetch that fails may be asked for again.
 */
export function loadMessages(locale: Locale): Promise<Catalog> {
  if (isLoaded(locale)) return Promise.resolve(messagesFor(locale));
  const other = locale as OtherLocale;
  let pending = loading.get(other);
  if (!pending) {
    pending = LOADERS[other]().then(
      (module) => {
        loaded.set(other, module.default);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(other);
        throw error;
      },
    );
    loading.set(other, pending);
  }
  return pending;
}

let pseudo: Catalog | null = null;

/**
 * The messages of a loaded locale (see `isLoaded`, `loadMessages`); the pseudo-locale's are made
 * from English the first time they are asked for.
 */
export function messagesFor(locale: Locale): Catalog {
  if (locale === PSEUDO_LOCALE) {
    pseudo ??= Object.fromEntries(Object.entries(en).map(([id, message]) => [id, pseudoMessage(message)])) as Catalog;
    return pseudo;
  }
  const catalog = loaded.get(locale);
  if (!catalog) throw new Error(`The ${locale} catalog is not loaded yet: loadMessages('${locale}') first.`);
  return catalog;
}

// Every message id the code asks for must be in the English catalog: a typo fails the typecheck.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl reads its message ids from this namespace.
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
