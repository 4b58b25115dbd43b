import { useEffect, useReducer, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlProvider, useIntl } from 'react-intl';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { isLoaded, loadMessages, messagesFor } from './catalogs.ts';
import { currentLocale, setCurrentLocale, systemLanguages } from './currentLocale.ts';
import { formatsFor, type Formats } from './format.ts';
import { isRightToLeft, PSEUDO_LOCALE, resolveLocale, type Locale } from './locales.ts';
import { rememberChoice, rememberedChoice } from './rememberedChoice.ts';

/**
 * The studio's language: the one chosen in Settings, else the system's. Messages come from its
 * catalog (react-intl), react-aria's controls speak it too, and <html> carries its `lang` and
 * its direction, so a change applies at once, with no restart. A language whose catalog is still
 * on its way shows once it has arrived; until then the previous one stays (see `loadStartLocale`
 * for the first).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const locale = useShownLocale(useLocale());
  setCurrentLocale(locale);
  const messages = messagesFor(locale);
  useEffect(() => {
    const root = document.documentElement;
    root.lang = locale;
    root.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  }, [locale]);
  // react-aria has no pseudo-locale: its own strings stay English there, as untranslated text should.
  const ariaLocale = locale === PSEUDO_LOCALE ? 'en-US' : locale;
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      <I18nProvider locale={ariaLocale}>{children}</I18nProvider>
    </IntlProvider>
  );
}

/**
 * Fetches the catalog of the language a start will show, to be awaited before the first render:
 * the first words painted are in that language. Settings are read later; until they are, the
 * choice this window last saw stands for theirs.
 */
export async function loadStartLocale(): Promise<void> {
  const locale = resolveLocale(rememberedChoice(), systemLanguages());
  await loadMessages(locale).catch(() => undefined);
}

/** The locale in use: Settings' choice, or the first of the system's languages the studio speaks. */
export function useLocale(): Locale {
  const chosen = useSettingsStore((s) => s.settings?.language);
  useEffect(() => {
    if (chosen) rememberChoice(chosen);
  }, [chosen]);
  const system = useSyncExternalStore(subscribeToSystemLanguages, systemLanguagesKey);
  return resolveLocale(chosen ?? rememberedChoice(), system.split(','));
}

/** `wanted` once its catalog is loaded (fetching it if need be); until then the locale shown before. */
function useShownLocale(wanted: Locale): Locale {
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (isLoaded(wanted)) return;
    let live = true;
    // A catalog that cannot be fetched leaves the language as it was; choosing it again fetches it again.
    loadMessages(wanted).then(
      () => live && arrived(),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return isLoaded(wanted) ? wanted : currentLocale();
}

function subscribeToSystemLanguages(changed: () => void): () => void {
  window.addEventListener('languagechange', changed);
  return () => window.removeEventListener('languagechange', changed);
}

/** A string, so that the snapshot compares equal while the list is unchanged. */
function systemLanguagesKey(): string {
  return systemLanguages().join(',');
}

/** The formatting helpers of the locale in use, for components. */
export function useFormats(): Formats {
  return formatsFor(useIntl().locale as Locale);
}
