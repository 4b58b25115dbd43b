import ar from './messages/ar.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import ja from './messages/ja.json' with { type: 'json' };
import ptBR from './messages/pt-BR.json' with { type: 'json' };
import zhCN from './messages/zh-CN.json' with { type: 'json' };
import { PSEUDO_LOCALE, type CatalogLocale, type Locale } from './locales.ts';
import { pseudoMessage } from './pseudo.ts';

/** A message's id: a key of the English catalog, which is the source every other one follows. */
export type MessageId = keyof typeof en;
export type Catalog = Readonly<Record<MessageId, string>>;

/**
 * Every catalog, bundled: together they weigh a few kilobytes. When they grow, each can move
 * behind a dynamic import without changing who asks for them.
 */
export const CATALOGS: Readonly<Record<CatalogLocale, Catalog>> = {
  en,
  es,
  'pt-BR': ptBR,
  fr,
  de,
  ja,
  'zh-CN': zhCN,
  ar,
};

let pseudo: Catalog | null = null;

/** The messages of a locale; the pseudo-locale's are made from English the first time they are asked for. */
export function messagesFor(locale: Locale): Catalog {
  if (locale !== PSEUDO_LOCALE) return CATALOGS[locale];
  pseudo ??= Object.fromEntries(Object.entries(en).map(([id, message]) => [id, pseudoMessage(message)])) as Catalog;
  return pseudo;
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
