import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlProvider, useIntl } from 'react-intl';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { messagesFor } from './catalogs.ts';
import { setCurrentLocale, systemLanguages } from './currentLocale.ts';
import { formatsFor, type Formats } from './format.ts';
import { isRightToLeft, PSEUDO_LOCALE, resolveLocale, type Locale } from './locales.ts';

/**
 * The studio's language: the one chosen in Settings, else the system's. Messages come from its
 * catalog (react-intl), react-aria's controls speak it too, and <html> carries its `lang` and
 * its direction, so a change applies at once, with no restart.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  setCurrentLocale(locale);
  const messages = useMemo(() => messagesFor(locale), [locale]);
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

/** The locale in use: Settings' choice, or the first of the system's languages the studio speaks. */
export function useLocale(): Locale {
  const choice = useSettingsStore((s) => s.settings?.language);
  const system = useSyncExternalStore(subscribeToSystemLanguages, systemLanguagesKey);
  return resolveLocale(choice, system.split(','));
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
