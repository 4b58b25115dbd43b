/**
 * The arithmetic of the gallery's justified rows (as Google Photos and Flickr lay pictures out),
 * kept free of React so it can be reasoned about and tested alone.
 *
 * Every tile keeps its item's aspect ratio: items are laid left to right at the target height until
 * the row is full, then the row is scaled so it fills the width exactly. A new date group starts a
 * new row under a header; a group's last row keeps the target height rather than being stretched.
 * Rows (headers included) are the virtual units: only those in view are rendered.
 *
 * Chromium stops laying out boxes past roughly 16.7 million pixels (2^24), so when the real content
 * is taller than MAX_SCROLL_HEIGHT the spacer is capped and scroll positions are mapped
 * proportionally onto the real rows: the scrollbar covers the whole library, and each rendered row
 * is placed relative to the current scrollTop so rows still sit exactly where they belong.
 */

/** Well under Chromium's ~16.7M px ceiling, leaving room for zoom factors and the page around. */
export const MAX_SCROLL_HEIGHT = 8_000_000;
export const TILE_GAP = 8;
/** Title line, meta line and padding under the thumbnail. */
export const TILE_CAPTION = 52;
export const HEADER_HEIGHT = 40;
/** Rows rendered beyond each edge of the viewport. */
export const OVERSCAN_ROWS = 1;
/** The slider's range of thumbnail heights, in pixels. */
export const ROW_HEIGHT_MIN = 120;
export const ROW_HEIGHT_MAX = 360;
export const ROW_HEIGHT_DEFAULT = 190;
/** Panoramas and slivers are shown at most this wide or tall, so one item never owns a whole row. */
const RATIO_MIN = 0.4;
const RATIO_MAX = 3;

export type LayoutRow =
  | { kind: 'header'; label: string; top: number; height: number }
  /** Items `start` to `end - 1`; `thumbHeight` is the height of every thumbnail in the row. */
  | { kind: 'tiles'; start: number; end: number; top: number; height: number; thumbHeight: number };

export interface JustifiedLayout {
  /** Rows in order, headers included (the rows of the uniform tail are made on demand). */
  rowCount: number;
  rowAt: (row: number) => LayoutRow | undefined;
  /** The row an item sits in. */
  rowOfIndex: (index: number) => number;
  /** An item's tile width, in pixels (fractional: the row fills the width exactly). */
  widthOf: (index: number) => number;
  /** Height the rows would need unscaled. */
  contentHeight: number;
  /** Height of the scrolling spacer: the content height, capped. */
  scrollHeight: number;
  width: number;
}

export interface LayoutInput {
  width: number;
  count: number;
  /** Target thumbnail height: rows come out at this height or a little lower. */
  rowHeight: number;
  /** The item's width ÷ height. */
  ratioAt: (index: number) => number;
  /** The date group an item belongs to, or null when it is not known yet (it stays in the group before it). */
  groupAt: (index: number) => { key: string; label: string } | null;
  /**
   * Items from here on are not known yet: squares in the last known group. Their rows are all alike,
   * so they are worked out by arithmetic rather than one by one; a library of 100,000 items whose
   * first pages have arrived is laid out in the time its first pages take.
   */
  knownEnd?: number;
  maxScrollHeight?: number;
}

export function clampRatio(ratio: number): number {
  return Number.isFinite(ratio) && ratio > 0 ? Math.min(RATIO_MAX, Math.max(RATIO_MIN, ratio)) : 1;
}

export function computeJustifiedLayout({
  width,
  count,
  rowHeight,
  ratioAt,
  groupAt,
  knownEnd = count,
  maxScrollHeight = MAX_SCROLL_HEIGHT,
}: LayoutInput): JustifiedLayout {
  const usable = Math.max(width, 1);
  const explicit = Math.min(count, Math.max(0, knownEnd));
  const built = new RowBuilder(usable, rowHeight, ratioAt);
  const { rows, widths, rowOf } = built;
  let group: string | null = null;
  let index = 0;
  // Item by item while items are known, and on to the end of the row the last known one is in.
  for (; index < count && (index < explicit || index > built.start); index += 1) {
    const known = groupAt(index);
    if (known && known.key !== group) {
      built.closeRow(index, false);
      group = known.key;
      rows.push({ kind: 'header', label: known.label, top: built.top, height: HEADER_HEIGHT });
      built.top += HEADER_HEIGHT;
    }
    built.ratioSum += clampRatio(ratioAt(index));
    const rowWidth = built.ratioSum * rowHeight + TILE_GAP * (index - built.start);
    if (rowWidth >= usable) built.closeRow(index + 1, true);
  }
  if (index >= count) built.closeRow(count, false);
  const tail = uniformTail(index, count, usable, rowHeight, built.top, rows.length);
  const contentHeight = tail ? tail.top + tail.height : built.top;
  return {
    rowCount: rows.length + (tail?.rows ?? 0),
    rowAt: (row) => (row < rows.length ? rows[row] : tail?.rowAt(row)),
    rowOfIndex: (at) => (at < index ? (rowOf[at] ?? 0) : (tail?.rowOfIndex(at) ?? Math.max(0, rows.length - 1))),
    widthOf: (at) => (at < index ? (widths[at] ?? 0) : (tail?.widthOf(at) ?? 0)),
    contentHeight,
    scrollHeight: Math.min(contentHeight, maxScrollHeight),
    width: usable,
  };
}

/** The rows laid out one by one: the row being filled runs from `start`, its ratios summing to `ratioSum`. */
class RowBuilder {
  readonly rows: LayoutRow[] = [];
  readonly widths: number[] = [];
  readonly rowOf: number[] = [];
  top = 0;
  start = 0;
  ratioSum = 0;
  readonly #usable: number;
  readonly #rowHeight: number;
  readonly #ratioAt: (index: number) => number;

  constructor(usable: number, rowHeight: number, ratioAt: (index: number) => number) {
    this.#usable = usable;
    this.#rowHeight = rowHeight;
    this.#ratioAt = ratioAt;
  }

  /** Ends the row being filled before `end`; `fill` scales it to the width. */
  closeRow(end: number, fill: boolean): void {
    const { start } = this;
    if (end <= start) return;
    const gaps = TILE_GAP * (end - start - 1);
    // A full row is scaled to the width; a group's last row keeps the target height unless it would overflow.
    const fitted = (this.#usable - gaps) / this.ratioSum;
    const thumbHeight = fill ? fitted : Math.min(this.#rowHeight, fitted);
    for (let index = start; index < end; index += 1) {
      this.widths[index] = clampRatio(this.#ratioAt(index)) * thumbHeight;
      this.rowOf[index] = this.rows.length;
    }
    const height = thumbHeight + TILE_CAPTION + TILE_GAP;
    this.rows.push({ kind: 'tiles', start, end, top: this.top, height, thumbHeight });
    this.top += height;
    this.start = end;
    this.ratioSum = 0;
  }
}

/**
 * The layout seen from the items behind `lead` tiles laid out before them (placeholders of work in
 * flight): item `i` is tile `lead + i`, and the lead tiles have the indexes -lead..-1. Rows, tops
 * and heights are the layout's own, so scrolling and the keyboard's arithmetic work unchanged.
 */
export function afterLead(layout: JustifiedLayout, lead: number): JustifiedLayout {
  if (lead <= 0) return layout;
  return {
    ...layout,
    rowAt: (row) => {
      const found = layout.rowAt(row);
      return found?.kind === 'tiles' ? { ...found, start: found.start - lead, end: found.end - lead } : found;
    },
    rowOfIndex: (index) => layout.rowOfIndex(index + lead),
    widthOf: (index) => layout.widthOf(index + lead),
  };
}

/** The rows of `start`..`count - 1` laid out as squares: every full row alike, the last one shorter. */
function uniformTail(start: number, count: number, width: number, rowHeight: number, top: number, firstRow: number) {
  const items = count - start;
  if (items <= 0) return null;
  // The same rule as item by item: a row closes at the first square that reaches the width.
  const perRow = Math.max(1, Math.ceil((width + TILE_GAP) / (rowHeight + TILE_GAP)));
  const full = Math.floor(items / perRow);
  const rest = items - full * perRow;
  const fullThumb = (width - TILE_GAP * (perRow - 1)) / perRow;
  const restThumb = Math.min(rowHeight, (width - TILE_GAP * (rest - 1)) / Math.max(1, rest));
  const fullHeight = fullThumb + TILE_CAPTION + TILE_GAP;
  const rows = full + (rest > 0 ? 1 : 0);
  const rowAt = (row: number): LayoutRow | undefined => {
    const at = row - firstRow;
    if (at < 0 || at >= rows) return undefined;
    const rowStart = start + at * perRow;
    const isRest = at === full;
    const thumbHeight = isRest ? restThumb : fullThumb;
    return {
      kind: 'tiles',
      start: rowStart,
      end: Math.min(count, rowStart + perRow),
      top: top + at * fullHeight,
      height: thumbHeight + TILE_CAPTION + TILE_GAP,
      thumbHeight,
    };
  };
  return {
    rows,
    top,
    height: full * fullHeight + (rest > 0 ? restThumb + TILE_CAPTION + TILE_GAP : 0),
    rowAt,
    rowOfIndex: (index: number) => firstRow + Math.floor((index - start) / perRow),
    widthOf: (index: number) => (Math.floor((index - start) / perRow) === full ? restThumb : fullThumb),
  };
}

/** How far into the real content a scroll position reaches. */
export function contentOffset(layout: JustifiedLayout, scrollTop: number, viewportHeight: number): number {
  if (layout.contentHeight === layout.scrollHeight) return scrollTop;
  const scrollRange = Math.max(1, layout.scrollHeight - viewportHeight);
  const contentRange = Math.max(0, layout.contentHeight - viewportHeight);
  return (Math.min(scrollTop, scrollRange) / scrollRange) * contentRange;
}

/** The scroll position that shows the content at `offset` at the top of the viewport. */
export function scrollTopFor(layout: JustifiedLayout, offset: number, viewportHeight: number): number {
  if (layout.contentHeight === layout.scrollHeight) return Math.max(0, offset);
  const scrollRange = Math.max(1, layout.scrollHeight - viewportHeight);
  const contentRange = Math.max(1, layout.contentHeight - viewportHeight);
  return (Math.min(Math.max(offset, 0), contentRange) / contentRange) * scrollRange;
}

/** The row at a content offset (the last row when past the end). */
export function rowAtOffset(layout: JustifiedLayout, offset: number): number {
  let low = 0;
  let high = layout.rowCount - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((layout.rowAt(middle)?.top ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

export interface RowWindow {
  first: number;
  last: number;
  /** Top of a row inside the spacer, in pixels. */
  topOf: (row: number) => number;
}

export function rowWindow(layout: JustifiedLayout, scrollTop: number, viewportHeight: number, overscan = OVERSCAN_ROWS): RowWindow {
  const offset = contentOffset(layout, scrollTop, viewportHeight);
  if (layout.rowCount === 0) return { first: 0, last: -1, topOf: () => 0 };
  const first = Math.max(0, rowAtOffset(layout, offset) - overscan);
  const last = Math.min(layout.rowCount - 1, rowAtOffset(layout, offset + viewportHeight) + overscan);
  return { first, last, topOf: (row) => scrollTop + (layout.rowAt(row)?.top ?? 0) - offset };
}

/** The scroll position that brings `row` fully into view, or null when it already is. */
export function scrollToReveal(layout: JustifiedLayout, row: number, scrollTop: number, viewportHeight: number): number | null {
  const target = layout.rowAt(row);
  if (!target) return null;
  const offset = contentOffset(layout, scrollTop, viewportHeight);
  // A row under its group's header brings the header along when the header is just above it.
  const above = layout.rowAt(row - 1);
  const top = above?.kind === 'header' ? above.top : target.top;
  const bottom = target.top + target.height;
  if (top < offset) return scrollTopFor(layout, top, viewportHeight);
  if (bottom > offset + viewportHeight) return scrollTopFor(layout, bottom - viewportHeight, viewportHeight);
  return null;
}

/** The horizontal middle of an item's tile within its row. */
function centreOf(layout: JustifiedLayout, index: number): number {
  const row = layout.rowAt(layout.rowOfIndex(index));
  if (!row || row.kind !== 'tiles') return 0;
  let left = 0;
  for (let at = row.start; at < index; at += 1) left += layout.widthOf(at) + TILE_GAP;
  return left + layout.widthOf(index) / 2;
}

/** The item in a tile row whose tile is horizontally nearest to `x`. */
function nearestIn(layout: JustifiedLayout, row: Extract<LayoutRow, { kind: 'tiles' }>, x: number): number {
  let left = 0;
  for (let index = row.start; index < row.end; index += 1) {
    const right = left + layout.widthOf(index);
    if (x < right + TILE_GAP / 2 || index === row.end - 1) return index;
    left = right + TILE_GAP;
  }
  return row.end - 1;
}

/**
 * The item the keyboard reaches from `index` moving `rows` tile rows up (negative) or down, at the
 * same horizontal place; headers are stepped over. Stays at the first or last row at the ends.
 */
export function indexAcrossRows(layout: JustifiedLayout, index: number, rows: number): number {
  if (rows === 0 || index < 0) return index;
  const from = layout.rowOfIndex(index);
  const step = rows > 0 ? 1 : -1;
  let row = from;
  let left = Math.abs(rows);
  let landed = from;
  while (left > 0) {
    row += step;
    const candidate = layout.rowAt(row);
    if (!candidate) break;
    if (candidate.kind !== 'tiles') continue;
    landed = row;
    left -= 1;
  }
  const target = layout.rowAt(landed);
  if (landed === from || !target || target.kind !== 'tiles') return index;
  return nearestIn(layout, target, centreOf(layout, index));
}

/** How many tile rows fit in a viewport, for Page Up and Page Down. */
export function rowsPerPage(layout: JustifiedLayout, index: number, viewportHeight: number): number {
  const row = layout.rowAt(layout.rowOfIndex(index));
  return Math.max(1, Math.floor(viewportHeight / Math.max(1, row?.height ?? viewportHeight)));
}
