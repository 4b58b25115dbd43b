import type { ReactNode } from 'react';
import { I18nProvider, useLocale } from 'react-aria-components';

/**
 * Time runs left to right in every language the studio speaks, so a player's position and volume
 * tracks keep that direction in Arabic too: its keys as well as its look. CSS turns the layout
 * (`direction: ltr` on the controls); react-aria reads a direction from its locale alone, so the
 * controls inside get the same language written in Latin script, which runs left to right. They
 * are given their words and value texts by the studio, so nothing else of the locale changes.
 */
export function LeftToRight({ children }: { children: ReactNode }) {
  const { locale, direction } = useLocale();
  if (direction === 'ltr') return children;
  return <I18nProvider locale={`${new Intl.Locale(locale).language}-Latn`}>{children}</I18nProvider>;
}
