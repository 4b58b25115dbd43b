/**
 * Scrolls the app's main pane (or the column in it that scrolls on its own) so `element` is in
 * view: `scrollIntoView` would also scroll the window, and the frame (header, navigation) must
 * never move.
 */
export function scrollWithinMain(element: Element, where: 'start' | 'nearest'): void {
  const main = scrollerOf(element);
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

/**
 * The box that scrolls the element into view: the character's own column where it scrolls on its
 * own (the page beside the generate panel), else the main area.
 */
function scrollerOf(element: Element): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (node.id === 'main') return node;
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return document.getElementById('main');
}
