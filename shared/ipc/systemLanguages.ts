/**
 * The system's preferred languages, handed from the desktop shell's main process to its page: main
 * puts them on the page's command line (one argument, `--cast-system-languages=ja-JP,en-US`), and
 * the preload reads them back and hands them to the page beside `invoke` and `on`. Chromium's own
 * `navigator.languages` in Electron holds the app's locale only, not the system's whole list.
 */
export const SYSTEM_LANGUAGES_SWITCH = '--cast-system-languages=';

/** At most this many languages are passed: more would never be read. */
const MOST = 16;
/** A language tag as BCP 47 writes it ("ja", "pt-BR", "zh-Hans-CN"); anything else is dropped. */
const TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8}){0,6}$/;

/** What main can ask Electron's `app` about its languages. */
export type LanguageSource = {
  getPreferredSystemLanguages(): string[];
  getLocale(): string;
};

/** The system's preferred languages, most preferred first; the app's locale when the system names none. */
export function preferredSystemLanguages(app: LanguageSource): string[] {
  const preferred = cleanTags(app.getPreferredSystemLanguages());
  return preferred.length > 0 ? preferred : cleanTags([app.getLocale()]);
}

/** The command-line argument that carries the languages to the page's preload. */
export function systemLanguagesArgument(languages: readonly string[]): string {
  return `${SYSTEM_LANGUAGES_SWITCH}${cleanTags(languages).join(',')}`;
}

/** The languages read back from the page's command line; none when the argument is missing. */
export function systemLanguagesFromArgv(argv: readonly string[]): string[] {
  const argument = argv.find((arg) => arg.startsWith(SYSTEM_LANGUAGES_SWITCH));
  if (argument === undefined) return [];
  return cleanTags(argument.slice(SYSTEM_LANGUAGES_SWITCH.length).split(','));
}

/** Well-formed tags only, underscores read as hyphens ("en_US"), no repeats, at most MOST. */
function cleanTags(tags: readonly unknown[]): string[] {
  const clean: string[] = [];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const written = tag.trim().replaceAll('_', '-');
    if (TAG.test(written) && !clean.includes(written)) clean.push(written);
    if (clean.length === MOST) break;
  }
  return clean;
}
