/** The longest anything waits for the gallery's first screen. */
const FIRST_SCREEN_WAIT_MS = 1_000;

/**
 * Resolves once the gallery's first screen is painted: its rows answered and the thumbnails in the
 * window loaded (or nothing to show), or after FIRST_SCREEN_WAIT_MS, whichever comes first.
 * Looked at just after each frame, when its layout is done: reading where the thumbnails are then
 * costs no layout of its own.
 */
export function galleryFirstScreenPainted(): Promise<void> {
  return new Promise((resolve) => {
    const until = performance.now() + FIRST_SCREEN_WAIT_MS;
    // A page in a hidden tab gets no frames: the time limit still ends the wait.
    const timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
    const afterNextFrame = () => requestAnimationFrame(() => setTimeout(check, 0));
    const check = () => {
      if (painted() || performance.now() >= until) {
        clearTimeout(timer);
        resolve();
      } else afterNextFrame();
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
