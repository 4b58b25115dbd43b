/// <reference types="vite/client" />
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { systemLanguages } from '../../i18n/currentLocale.ts';
import { LOCALES, matchLocale, PSEUDO_LOCALE, type LanguageChoice, type Locale } from '../../i18n/locales.ts';
import { useSettingsStore } from '../../stores/settingsStore.ts';
import { Field, Select, type SelectOption } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';

/** Display tags that name a language better than its catalog's tag: "简体中文" rather than "中文（中国）". */
const DISPLAY_TAG: Partial<Record<Locale, string>> = { 'zh-CN': 'zh-Hans' };

/**
 * Settings → Language: the system's language or one of the studio's. Each language is named in
 * itself (a reader finds their own even in a studio they cannot read); the choice applies at once.
 */
export function LanguageSection() {
  const intl = useIntl();
  const { choice, error, update } = useSettingsStore(
    useShallow((s) => ({ choice: s.settings?.language, error: s.error, update: s.update })),
  );
  const [saveError, setSaveError] = useState<Awaited<ReturnType<typeof update>>>(null);
  if (!choice) return <InlineError error={error} />;
  const system = nameOf(matchLocale(systemLanguages()), intl.locale);
  // The pseudo-locale is for finding untranslated text: offered in development builds, and kept in
  // the menu once chosen (tests choose it through settings.set).
  const offered: readonly Locale[] = import.meta.env.DEV || choice === PSEUDO_LOCALE ? [...LOCALES, PSEUDO_LOCALE] : LOCALES;
  const options: SelectOption[] = [
    { value: 'system', label: intl.formatMessage({ id: 'settings.language.system' }, { language: system }) },
    ...offered.map((locale) => ({ value: locale, label: nameOf(locale, locale) })),
  ];
  return (
    <section id="language" className="lib-panel settings-section" aria-labelledby="language-heading">
      <h2 id="language-heading" className="lib-section-title" tabIndex={-1}>
        {intl.formatMessage({ id: 'settings.language.heading' })}
      </h2>
      <Field label={intl.formatMessage({ id: 'settings.language.label' })} hint={intl.formatMessage({ id: 'settings.language.hint' })}>
        {(control) => (
          <Select
            {...control}
            data-field="language"
            value={choice}
            options={options}
            onChange={(event) => void update({ language: event.target.value as LanguageChoice }).then(setSaveError)}
          />
        )}
      </Field>
      <InlineError error={saveError} />
    </section>
  );
}

/** A language's name in `inLocale`, capitalised as a menu entry: "Español", "Deutsch", "العربية". */
function nameOf(locale: Locale, inLocale: string): string {
  const tag = DISPLAY_TAG[locale] ?? locale;
  const names = new Intl.DisplayNames([inLocale === PSEUDO_LOCALE ? 'en' : inLocale], { type: 'language' });
  const name = names.of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(inLocale) + name.slice(1);
}
