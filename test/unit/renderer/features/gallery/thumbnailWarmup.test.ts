import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../../../shared/ipc/index.ts';
import { ItemShapes } from '../../../../../renderer/features/gallery/itemShapes.ts';
import {
  computeJustifiedLayout,
  ROW_HEIGHT_DEFAULT,
  ROW_HEIGHT_MAX,
  ROW_HEIGHT_MIN,
  rowWindow,
} from '../../../../../renderer/features/gallery/justifiedLayout.ts';
import { firstScreenItems } from '../../../../../renderer/features/gallery/thumbnailWarmup.ts';

// The service's shapes (spec 4.2), in the order a library of every shape might hold them.
const ASPECTS = ['16:9', '9:16', '1:1', '4:5', '21:9', '3:4', '4:3'];
const DAY = 86_400_000;

/** A page of finished pictures in every shape, a day or more apart (so the grid has date headers), newest first. */
function page(count: number, shift: number, daysApart: number): LibraryItem[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const created = new Date(now - index * daysApart * DAY).toISOString();
    return {
      id: `item-${String(index)}`,
      kind: index % 10 === 9 ? 'audio' : 'image',
      options: index % 10 === 9 ? {} : { aspect_ratio: ASPECTS[(index + shift) % ASPECTS.length] },
      createdAt: created,
    } as unknown as LibraryItem;
  });
}

/**
 * The items a grid of this size shows at the top, as the grid itself finds them: the whole result
 * laid out (far more items than the page), the rows its window holds at scroll 0 with no overscan,
 * the tiles of the rows that begin above its bottom edge, as far as the page goes.
 */
function shownByGrid(items: readonly LibraryItem[], width: number, height: number, rowHeight: number): string[] {
  const shapes = new ItemShapes(5_000);
  shapes.fill({ 0: items });
  const layout = computeJustifiedLayout({
    width,
    count: 5_000,
    rowHeight,
    ratioAt: shapes.ratioAt,
    groupAt: shapes.groupAt,
    knownEnd: shapes.knownEnd,
  });
  const window = rowWindow(layout, 0, height, 0);
  const shown: string[] = [];
  for (let at = window.first; at <= window.last; at += 1) {
    const row = layout.rowAt(at);
    if (row?.kind !== 'tiles' || row.top >= height) continue;
    // A screen taller than the page shows items past it, which the page cannot ask for.
    for (let index = row.start; index < Math.min(row.end, items.length); index += 1) shown.push(items[index]!.id);
  }
  return shown;
}

describe('the thumbnails a first screen asks for ahead', () => {
  // Grid sizes of windows of 1024×700, 1440×900, 1920×1080 and 2560×1440 (less the sidebar and the bar above).
  const grids = [
    [760, 520],
    [1170, 720],
    [1650, 900],
    [2290, 1260],
  ] as const;

  it('are the items of the rows the grid shows, at every size, row height, mix of shapes and spread of dates', () => {
    for (const [width, height] of grids)
      for (const rowHeight of [ROW_HEIGHT_MIN, ROW_HEIGHT_DEFAULT, ROW_HEIGHT_MAX])
        for (const shift of [0, 1, 4])
          for (const daysApart of [0, 1, 9]) {
            const items = page(100, shift, daysApart);
            const asked = firstScreenItems(items, width, height, rowHeight).map((item) => item.id);
            const at = `${String(width)}×${String(height)} at ${String(rowHeight)}, shift ${String(shift)}, ${String(daysApart)} days apart`;
            expect(asked.length, at).toBeGreaterThan(0);
            expect(asked, at).toEqual(shownByGrid(items, width, height, rowHeight));
          }
  });

  it('are all of a page shorter than the screen', () => {
    const items = page(5, 0, 0);
    expect(firstScreenItems(items, 1650, 900, ROW_HEIGHT_DEFAULT)).toEqual(items);
  });

  it('are none before the grid has a size, or without rows', () => {
    const items = page(20, 0, 0);
    expect(firstScreenItems(items, 0, 700, ROW_HEIGHT_DEFAULT)).toEqual([]);
    expect(firstScreenItems(items, 1200, 0, ROW_HEIGHT_DEFAULT)).toEqual([]);
    expect(firstScreenItems([], 1200, 700, ROW_HEIGHT_DEFAULT)).toEqual([]);
  });
});
