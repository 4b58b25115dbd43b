import { lazyComponent } from '../../ui/lazyComponent.ts';

/**
 * The gallery's parts that its first screen does not show, each a chunk of its own: the detail
 * view (with the media player) and the compare view open on a click, and the date range field's
 * calendar and date maths are drawn just after the first paint. Together they were most of the
 * gallery's code and a fifth of the script (140 of 700 KB) a start on the gallery fetched and
 * compiled before anything could show. They are fetched once the gallery's first screen is shown
 * (preloadGalleryParts), so opening one never waits.
 */
export const DETAIL_VIEW = lazyComponent(() => import('./DetailView.tsx').then((module) => module.DetailView));
export const COMPARE_VIEW = lazyComponent(() => import('./CompareView.tsx').then((module) => module.CompareView));
export const DATE_RANGE_PICKER = lazyComponent(() =>
  import('../../ui/primitives/DateRangePicker.tsx').then((module) => module.DateRangePicker),
);

/** Fetches every part ahead; a failed fetch is tried again when the part renders. */
export function preloadGalleryParts(): void {
  for (const part of [DETAIL_VIEW, COMPARE_VIEW, DATE_RANGE_PICKER]) void part.preload().catch(() => undefined);
}
