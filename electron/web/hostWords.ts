import { matchLocale, type CatalogLocale } from '../../shared/i18n/locales.ts';
import { loadCatalogWords, type CatalogLoaders, type CatalogWords } from '../core/app/catalogWords.ts';
import { acceptedLanguages, startCatalog } from '../core/app/startLanguage.ts';

/** A message of the browser host's: the `host.*` keys of the page's catalogs (renderer/i18n/messages). */
export type HostMessageId = Extract<keyof typeof import('../../renderer/i18n/messages/en.json'), `host.${string}`>;

/** The host's words in one language: its launch page and the plain-text answers a person may see. */
export type HostWords = CatalogWords<HostMessageId>;

// The host runs from its sources under Node: a language's catalog is read the first time it is wanted.
const LOADERS: CatalogLoaders = {
  en: () => import('../../renderer/i18n/messages/en.json', { with: { type: 'json' } }),
  es: () => import('../../renderer/i18n/messages/es.json', { with: { type: 'json' } }),
  'pt-BR': () => import('../../renderer/i18n/messages/pt-BR.json', { with: { type: 'json' } }),
  fr: () => import('../../renderer/i18n/messages/fr.json', { with: { type: 'json' } }),
  de: () => import('../../renderer/i18n/messages/de.json', { with: { type: 'json' } }),
  ja: () => import('../../renderer/i18n/messages/ja.json', { with: { type: 'json' } }),
  'zh-CN': () => import('../../renderer/i18n/messages/zh-CN.json', { with: { type: 'json' } }),
  ar: () => import('../../renderer/i18n/messages/ar.json', { with: { type: 'json' } }),
};

const loaded = new Map<CatalogLocale, Promise<HostWords>>();

/** The host's words in `locale` (in English when its catalog cannot be loaded), made once per language. */
export function loadHostWords(locale: CatalogLocale): Promise<HostWords> {
  let words = loaded.get(locale);
  if (!words) {
    words = loadCatalogWords<HostMessageId>(LOADERS, 'host.', locale);
    // A failed load is not kept: the next answer tries again.
    words.catch(() => loaded.delete(locale));
    loaded.set(locale, words);
  }
  return words;
}

/** The words to answer a request in: the first of its Accept-Language the studio speaks, else English. */
export function wordsForRequest(acceptLanguage: string | undefined): Promise<HostWords> {
  return loadHostWords(matchLocale(acceptedLanguages(acceptLanguage)));
}

/**
 * The language of the page the host writes before any browser asks (the launch page): Settings'
 * language when the preferences name one, else the system's, else English.
 */
export function launchLocale(chosen: CatalogLocale | null, env: NodeJS.ProcessEnv = process.env): CatalogLocale {
  return startCatalog(chosen, systemLanguages(env));
}

/**
 * The system's languages as a process started from a terminal or a desktop sees them, most
 * preferred first: GNU `LANGUAGE` (a list), then `LC_ALL`, `LC_MESSAGES` and `LANG` (POSIX
 * locale names: `pt_BR.UTF-8` reads pt-BR; `C` and `POSIX` name no language), then the runtime's
 * own (`Intl`, which is how Windows and macOS tell a process).
 */
export function systemLanguages(env: NodeJS.ProcessEnv): string[] {
  const posix = [...(env.LANGUAGE ?? '').split(':'), env.LC_ALL, env.LC_MESSAGES, env.LANG]
    .map((name) => (name ?? '').replace(/[.@].*$/, '').replace(/_/g, '-'))
    .filter((tag) => tag !== '' && tag !== 'C' && tag !== 'POSIX');
  return [...posix, new Intl.DateTimeFormat().resolvedOptions().locale];
}
