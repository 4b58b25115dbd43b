import { describe, expect, it } from 'vitest';
import {
  afterLead,
  computeJustifiedLayout,
  HEADER_HEIGHT,
  indexAcrossRows,
  rowWindow,
  scrollToReveal,
  TILE_CAPTION,
  TILE_GAP,
  type JustifiedLayout,
  type LayoutRow,
} from '../../../../../renderer/features/gallery/justifiedLayout.ts';

const RATIOS = [16 / 9, 9 / 16, 1, 4 / 5, 21 / 9, 3 / 4, 4 / 3];
const ratioAt = (index: number) => RATIOS[index % RATIOS.length] as number;
const oneGroup = () => ({ key: 'today', label: 'Today' });

type TileRow = Extract<LayoutRow, { kind: 'tiles' }>;
const allRows = (layout: JustifiedLayout) => Array.from({ length: layout.rowCount }, (_, row) => layout.rowAt(row) as LayoutRow);
const tileRows = (layout: JustifiedLayout) => allRows(layout).filter((row): row is TileRow => row.kind === 'tiles');
const rowWidth = (layout: JustifiedLayout, row: TileRow) => {
  let sum = 0;
  for (let index = row.start; index < row.end; index += 1) sum += layout.widthOf(index);
  return sum + TILE_GAP * (row.end - row.start - 1);
};

describe('the justified gallery layout', () => {
  it('keeps every tile at its item’s aspect ratio and fills each full row to the width', () => {
    const layout = computeJustifiedLayout({ width: 1200, count: 500, rowHeight: 190, ratioAt, groupAt: oneGroup });
    const rows = tileRows(layout);
    for (const row of rows) {
      for (let index = row.start; index < row.end; index += 1)
        expect(layout.widthOf(index) / row.thumbHeight).toBeCloseTo(ratioAt(index), 6);
      if (row !== rows.at(-1)) expect(rowWidth(layout, row)).toBeCloseTo(1200, 6);
      expect(row.thumbHeight).toBeLessThanOrEqual(190 + 1e-9);
    }
    expect(rowWidth(layout, rows.at(-1) as TileRow)).toBeLessThanOrEqual(1200);
  });

  it('puts every item in exactly one row, in order, with rows stacked without gaps or overlaps', () => {
    const layout = computeJustifiedLayout({ width: 900, count: 333, rowHeight: 160, ratioAt, groupAt: oneGroup });
    let next = 0;
    let top = 0;
    for (const [at, row] of allRows(layout).entries()) {
      expect(row.top).toBeCloseTo(top, 6);
      top += row.height;
      if (row.kind !== 'tiles') continue;
      expect(row.start).toBe(next);
      for (let index = row.start; index < row.end; index += 1) expect(layout.rowOfIndex(index)).toBe(at);
      expect(row.height).toBeCloseTo(row.thumbHeight + TILE_CAPTION + TILE_GAP, 6);
      next = row.end;
    }
    expect(next).toBe(333);
    expect(layout.contentHeight).toBeCloseTo(top, 6);
  });

  it('puts fewer tiles in a row as the target height grows', () => {
    const perRow = (rowHeight: number) => {
      const rows = tileRows(computeJustifiedLayout({ width: 1400, count: 400, rowHeight, ratioAt, groupAt: oneGroup }));
      return (
        (rows.reduce((sum, row) => sum + row.end - row.start, 0) - ((rows.at(-1)?.end ?? 0) - (rows.at(-1)?.start ?? 0))) /
        (rows.length - 1)
      );
    };
    expect(perRow(120)).toBeGreaterThan(perRow(240));
    expect(perRow(240)).toBeGreaterThan(perRow(360));
  });

  it('starts each date group on a new row under its header and does not stretch a group’s last row', () => {
    const groupAt = (index: number) => (index < 5 ? { key: 'today', label: 'Today' } : { key: 'yesterday', label: 'Yesterday' });
    const layout = computeJustifiedLayout({ width: 2000, count: 40, rowHeight: 200, ratioAt: () => 1, groupAt });
    expect(layout.rowAt(0)).toMatchObject({ kind: 'header', label: 'Today', top: 0, height: HEADER_HEIGHT });
    expect(layout.rowAt(1)).toMatchObject({ kind: 'tiles', start: 0, end: 5, thumbHeight: 200 });
    expect(layout.rowAt(2)).toMatchObject({ kind: 'header', label: 'Yesterday' });
    expect(layout.rowAt(3)).toMatchObject({ kind: 'tiles', start: 5 });
  });

  it('keeps unknown items in the group before them, and shows no header until a group is known', () => {
    const groupAt = (index: number) => (index === 10 ? { key: '2026-03', label: 'March' } : null);
    const layout = computeJustifiedLayout({ width: 800, count: 30, rowHeight: 150, ratioAt: () => 1, groupAt });
    const headers = allRows(layout).filter((row) => row.kind === 'header');
    expect(headers).toHaveLength(1);
    expect(layout.rowAt(layout.rowOfIndex(10) - 1)).toMatchObject({ kind: 'header', label: 'March' });
  });

  it('lays the items not known yet out as squares by arithmetic, exactly as one by one', () => {
    const base = { width: 1111, count: 5_003, rowHeight: 173, groupAt: (index: number) => (index < 50 ? oneGroup() : null) };
    const ratio = (index: number) => (index < 50 ? ratioAt(index) : 1);
    const full = computeJustifiedLayout({ ...base, ratioAt: ratio });
    const lazy = computeJustifiedLayout({ ...base, ratioAt: ratio, knownEnd: 50 });
    expect(lazy.rowCount).toBe(full.rowCount);
    expect(lazy.contentHeight).toBeCloseTo(full.contentHeight, 6);
    for (const row of [0, 5, 9, 10, 11, 400, full.rowCount - 2, full.rowCount - 1]) {
      const [a, b] = [lazy.rowAt(row) as LayoutRow, full.rowAt(row) as LayoutRow];
      expect(a.kind).toBe(b.kind);
      // The same sums, added up in another order.
      expect(a.top).toBeCloseTo(b.top, 6);
      expect(a.height).toBeCloseTo(b.height, 6);
      if (a.kind === 'tiles' && b.kind === 'tiles') {
        expect([a.start, a.end]).toEqual([b.start, b.end]);
        expect(a.thumbHeight).toBeCloseTo(b.thumbHeight, 6);
      }
    }
    for (const index of [0, 49, 50, 51, 2_500, 5_002]) {
      expect(lazy.rowOfIndex(index)).toBe(full.rowOfIndex(index));
      expect(lazy.widthOf(index)).toBeCloseTo(full.widthOf(index), 9);
    }
  });

  it('caps the spacer of a huge library and still reaches the last row', () => {
    const layout = computeJustifiedLayout({
      width: 500,
      count: 100_000,
      rowHeight: 360,
      ratioAt,
      groupAt: oneGroup,
      maxScrollHeight: 8_000_000,
    });
    expect(layout.contentHeight).toBeGreaterThan(8_000_000);
    expect(layout.scrollHeight).toBe(8_000_000);
    const view = 900;
    const end = rowWindow(layout, layout.scrollHeight - view, view);
    expect(end.last).toBe(layout.rowCount - 1);
    const lastTop = end.topOf(end.last);
    expect(lastTop + (layout.rowAt(layout.rowCount - 1)?.height ?? 0)).toBeCloseTo(layout.scrollHeight, 0);
  });

  it('moves the keyboard cursor up and down rows to the tile at the same place, stepping over headers', () => {
    const groupAt = (index: number) => (index < 4 ? { key: 'a', label: 'A' } : { key: 'b', label: 'B' });
    // Four squares a row at this width and height.
    const layout = computeJustifiedLayout({ width: 4 * 100 + 3 * TILE_GAP, count: 12, rowHeight: 100, ratioAt: () => 1, groupAt });
    expect(indexAcrossRows(layout, 2, 1)).toBe(6);
    expect(indexAcrossRows(layout, 6, -1)).toBe(2);
    expect(indexAcrossRows(layout, 9, 1)).toBe(9);
    expect(indexAcrossRows(layout, 1, 5)).toBe(9);
    expect(indexAcrossRows(layout, 1, -1)).toBe(1);
  });

  it('scrolls a row into view with its header when the header sits right above it', () => {
    const groupAt = (index: number) => (index < 4 ? { key: 'a', label: 'A' } : { key: 'b', label: 'B' });
    const layout = computeJustifiedLayout({ width: 4 * 100 + 3 * TILE_GAP, count: 40, rowHeight: 100, ratioAt: () => 1, groupAt });
    const row = layout.rowOfIndex(4);
    expect(scrollToReveal(layout, row, 5_000, 300)).toBe((layout.rowAt(row - 1) as LayoutRow).top);
    expect(scrollToReveal(layout, 0, 0, 300)).toBeNull();
  });
});

describe('tiles laid out before the items', () => {
  it('counts items after the lead tiles, keeping the rows, and lets the keyboard land before item 0 only as a negative index', () => {
    const lead = 2;
    const laid = computeJustifiedLayout({ width: 1200, count: lead + 40, rowHeight: 190, ratioAt, groupAt: oneGroup });
    const items = afterLead(laid, lead);
    expect(afterLead(laid, 0)).toBe(laid);
    expect(items.rowCount).toBe(laid.rowCount);
    expect(items.scrollHeight).toBe(laid.scrollHeight);
    for (let index = 0; index < 40; index += 1) {
      expect(items.widthOf(index)).toBe(laid.widthOf(index + lead));
      expect(items.rowOfIndex(index)).toBe(laid.rowOfIndex(index + lead));
    }
    const first = tileRows(items)[0] as TileRow;
    expect(first.start).toBe(-lead);
    expect(first.end).toBe((tileRows(laid)[0] as TileRow).end - lead);
    // Up from the second row lands in the first, on an item or on a lead tile (below 0, which the grid clamps).
    const second = tileRows(items)[1] as TileRow;
    expect(indexAcrossRows(items, second.start, -1)).toBeLessThan(first.end);
    expect(indexAcrossRows(items, second.start, -1)).toBeGreaterThanOrEqual(-lead);
  });
});
