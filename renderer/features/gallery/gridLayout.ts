/**
 * The arithmetic of the virtualized gallery grid, kept free of React so it can be reasoned about
 * (and tested) alone.
 *
 * Chromium stops laying out boxes past roughly 16.7 million pixels (2^24), so a spacer as tall as
 * 100,000 items would be cut short and the last rows unreachable. When the real content is taller
 * than MAX_SCROLL_HEIGHT the spacer is capped and scroll positions are mapped proportionally onto
 * the real rows: the scrollbar covers the whole library, and each rendered row is placed relative
 * to the current scrollTop so rows still sit exactly one row height apart.
 */

/** Well under Chromium's ~16.7M px ceiling, leaving room for zoom factors and the page around. */
export const MAX_SCROLL_HEIGHT = 8_000_000;
export const TILE_MIN_WIDTH = 176;
export const TILE_GAP = 12;
/** Title line, meta line and padding under the square thumbnail. */
export const TILE_CAPTION = 52;
/** Rows rendered beyond each edge of the viewport. */
export const OVERSCAN_ROWS = 1;

export interface GridLayout {
  columns: number;
  tileWidth: number;
  rowHeight: number;
  rows: number;
  /** Height the rows would need unscaled. */
  contentHeight: number;
  /** Height of the scrolling spacer: the content height, capped. */
  scrollHeight: number;
}

export function computeLayout(width: number, count: number, maxScrollHeight = MAX_SCROLL_HEIGHT): GridLayout {
  const usable = Math.max(width, TILE_MIN_WIDTH);
  const columns = Math.max(1, Math.floor((usable + TILE_GAP) / (TILE_MIN_WIDTH + TILE_GAP)));
  const tileWidth = Math.floor((usable - TILE_GAP * (columns - 1)) / columns);
  const rowHeight = tileWidth + TILE_CAPTION + TILE_GAP;
  const rows = Math.ceil(count / columns);
  const contentHeight = rows * rowHeight;
  return { columns, tileWidth, rowHeight, rows, contentHeight, scrollHeight: Math.min(contentHeight, maxScrollHeight) };
}

/** How far into the real content a scroll position reaches. */
export function contentOffset(layout: GridLayout, scrollTop: number, viewportHeight: number): number {
  if (layout.contentHeight === layout.scrollHeight) return scrollTop;
  const scrollRange = Math.max(1, layout.scrollHeight - viewportHeight);
  const contentRange = Math.max(0, layout.contentHeight - viewportHeight);
  return (Math.min(scrollTop, scrollRange) / scrollRange) * contentRange;
}

/** The scroll position that shows the content at `offset` at the top of the viewport. */
export function scrollTopFor(layout: GridLayout, offset: number, viewportHeight: number): number {
  if (layout.contentHeight === layout.scrollHeight) return offset;
  const scrollRange = Math.max(1, layout.scrollHeight - viewportHeight);
  const contentRange = Math.max(1, layout.contentHeight - viewportHeight);
  return (Math.min(Math.max(offset, 0), contentRange) / contentRange) * scrollRange;
}

export interface RowWindow {
  first: number;
  last: number;
  /** Top of a row inside the spacer, in pixels. */
  topOf: (row: number) => number;
}

export function rowWindow(layout: GridLayout, scrollTop: number, viewportHeight: number, overscan = OVERSCAN_ROWS): RowWindow {
  const offset = contentOffset(layout, scrollTop, viewportHeight);
  const first = Math.max(0, Math.floor(offset / layout.rowHeight) - overscan);
  const last = Math.min(layout.rows - 1, Math.floor((offset + viewportHeight) / layout.rowHeight) + overscan);
  return { first, last, topOf: (row) => scrollTop + row * layout.rowHeight - offset };
}

/** The scroll position that brings `row` fully into view, or null when it already is. */
export function scrollToReveal(layout: GridLayout, row: number, scrollTop: number, viewportHeight: number): number | null {
  const offset = contentOffset(layout, scrollTop, viewportHeight);
  const top = row * layout.rowHeight;
  const bottom = top + layout.rowHeight;
  if (top < offset) return scrollTopFor(layout, top, viewportHeight);
  if (bottom > offset + viewportHeight) return scrollTopFor(layout, bottom - viewportHeight, viewportHeight);
  return null;
}
