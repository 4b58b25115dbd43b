/**
 * Scrolls the app's main pane (and only it) so `element` is in view: `scrollIntoView` would also
 * scroll the window, and the frame (header, navigation) must never move.
 */
export function scrollWithinMain(element: Element, where: 'start' | 'nearest'): void {
  const main = document.getElementById('main');
  if (!main) return;
  const pane = main.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const margin = 16;
  let delta = 0;
  if (where === 'start' || box.top < pane.top) delta = box.top - pane.top - margin;
  else if (box.bottom > pane.bottom) delta = Math.min(box.bottom - pane.bottom + margin, box.top - pane.top - margin);
  if (delta === 0) return;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  main.scrollBy({ top: delta, behavior: still || where === 'start' ? 'auto' : 'smooth' });
}
