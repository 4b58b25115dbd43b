import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useLocale } from '../i18n/LanguageProvider.tsx';
import { isRightToLeft } from '../i18n/locales.ts';

/**
 * Media and their timelines as they are in every language: time runs left to right, so players,
 * scrub bars and waveforms never mirror in Arabic. The page's direction is set back to left to
 * right inside, and so is react-aria's (its sliders read the locale's direction, not the page's):
 * the same language in the Latin script is written left to right.
 */
export function TimeLeftToRight({ children, className }: { children: ReactNode; className?: string }) {
  const locale = useLocale();
  if (!isRightToLeft(locale)) return <>{children}</>;
  return (
    <div dir="ltr" className={className ?? 'time-ltr'}>
      <I18nProvider locale={`${locale}-Latn`}>{children}</I18nProvider>
    </div>
  );
}
