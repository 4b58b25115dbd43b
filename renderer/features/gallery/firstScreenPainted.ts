/** The longest anything waits for the gallery's first screen. */
export const FIRST_SCREEN_WAIT_MS = 1_000;

/** The name of the User Timing measure of that wait (see galleryFirstScreenPainted). */
export const FIRST_SCREEN_MEASURE = 'gallery first screen';

/** What ended the wait for the gallery's first screen. */
export type FirstScreenEnd = 'painted' | 'time limit';

/**
 * Resolves once the gallery's first screen is painted: its rows answered and the thumbnails in the
 * window loaded (or nothing to show), or after FIRST_SCREEN_WAIT_MS, whichever comes first.
 * Looked at just after each frame, when its layout is done: reading where the thumbnails are then
 * costs no layout of its own.
 *
 * The wait is left in the page's performance timeline as the measure FIRST_SCREEN_MEASURE, its
 * detail saying which of the two ended it ({ endedBy: FirstScreenEnd }): a trace of a slow start
 * shows whether the pictures came in or the time ran out.
 */
export function galleryFirstScreenPainted(): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    const until = start + FIRST_SCREEN_WAIT_MS;
    let ended = false;
    const end = (endedBy: FirstScreenEnd) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      performance.measure(FIRST_SCREEN_MEASURE, { start, end: performance.now(), detail: { endedBy } });
      resolve();
    };
    // A page in a hidden tab gets no frames: the time limit still ends the wait.
    const timer = setTimeout(() => end('time limit'), FIRST_SCREEN_WAIT_MS);
    const afterNextFrame = () => requestAnimationFrame(() => setTimeout(check, 0));
    const check = () => {
      if (ended) return;
      if (painted()) end('painted');
      else if (performance.now() >= until) end('time limit');
      else afterNextFrame();
    };
    afterNextFrame();
  });
}

function painted(): boolean {
  const scroller = document.querySelector('.gallery-scroller[data-total]');
  if (!scroller) return false;
  if (scroller.getAttribute('data-total') === '0') return true;
  const view = scroller.getBoundingClientRect();
  const shown = [...scroller.querySelectorAll<HTMLImageElement>('.gallery-tile img')].filter((image) => {
    const box = image.getBoundingClientRect();
    return box.bottom > view.top && box.top < view.bottom;
  });
  return shown.length > 0 && shown.every((image) => image.complete);
}
