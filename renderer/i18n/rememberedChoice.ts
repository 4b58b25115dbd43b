import { LOCALES, PSEUDO_LOCALE, type LanguageChoice } from './locales.ts';

/** Where this window keeps the last language choice it saw, to start in it before Settings are read. */
const STORAGE_KEY = 'cast.language';
const CHOICES: ReadonlySet<string> = new Set<LanguageChoice>(['system', ...LOCALES, PSEUDO_LOCALE]);

/**
 * The language chosen in Settings as this window last saw it, or undefined: Settings are read
 * after the first screen shows, and a start in the language chosen there should not first show
 * the system's. Settings stay the truth: their answer replaces this one.
 */
export function rememberedChoice(): LanguageChoice | undefined {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
    return value !== null && CHOICES.has(value) ? (value as LanguageChoice) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the choice for the next start; storage can be full or refused, and then the next start follows the system until Settings answer. */
export function rememberChoice(choice: LanguageChoice): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, choice);
  } catch {
    // Settings still hold it.
  }
}
