import type { CatalogLocale } from '../../shared/i18n/locales.ts';
import { loadCatalogWords, type CatalogLoaders, type CatalogWords, type WordValues } from '../core/app/catalogWords.ts';
import { chosenCatalogIn, startCatalog } from '../core/app/startLanguage.ts';

/** A message of the shell's: the `shell.*` keys of the page's catalogs (renderer/i18n/messages). */
export type ShellMessageId = Extract<keyof typeof import('../../renderer/i18n/messages/en.json'), `shell.${string}`>;
export type ShellValues = WordValues;

/** The shell's words in one language: its menu, notifications and start-failure dialogs. */
export type ShellWords = CatalogWords<ShellMessageId>;

// One chunk per language in the main bundle, as in the page's: a run loads the one it speaks.
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

/**
 * The language the shell speaks, picked as the page's (electron/core/app/startLanguage.ts): the one
 * chosen in Settings (the pseudo-locale reads English), else the first of the system's the studio
 * speaks, else English. `settings` is core's Settings or the `settings` of preferences.json.
 */
export function shellLocale(settings: unknown, systemLanguages: readonly string[]): CatalogLocale {
  return startCatalog(chosenCatalogIn({ settings }), systemLanguages);
}

/** The shell's words in `locale`; in English when its catalog cannot be loaded. */
export function loadShellWords(locale: CatalogLocale): Promise<ShellWords> {
  return loadCatalogWords<ShellMessageId>(LOADERS, 'shell.', locale);
}

/**
 * The shell's words as Settings' language changes: a change loads the new language's catalog and
 * then hands its words to `onChange` (which rebuilds the menu); words asked for meanwhile are the
 * new ones. Of changes made in quick succession only the last reaches `onChange`.
 */
export class ShellLanguage {
  readonly #onChange: (words: ShellWords) => void;
  #locale: CatalogLocale;
  #words: Promise<ShellWords>;
  #asked = 0;

  constructor(locale: CatalogLocale, onChange: (words: ShellWords) => void) {
    this.#onChange = onChange;
    this.#locale = locale;
    this.#words = this.#load(locale);
  }

  /** The words to say something in now. */
  words(): Promise<ShellWords> {
    return this.#words;
  }

  /** Speaks `locale` from now on (nothing happens when it already does). */
  follow(locale: CatalogLocale): Promise<ShellWords> {
    if (locale !== this.#locale) {
      this.#locale = locale;
      this.#words = this.#load(locale);
    }
    return this.#words;
  }

  async #load(locale: CatalogLocale): Promise<ShellWords> {
    const asked = ++this.#asked;
    const words = await loadShellWords(locale);
    if (asked === this.#asked) this.#onChange(words);
    return words;
  }
}
