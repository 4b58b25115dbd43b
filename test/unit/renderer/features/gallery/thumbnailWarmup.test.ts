import { describe, expect, it } from 'vitest';
import {
  computeJustifiedLayout,
  ROW_HEIGHT_DEFAULT,
  ROW_HEIGHT_MAX,
  ROW_HEIGHT_MIN,
  rowWindow,
} from '../../../../../renderer/features/gallery/justifiedLayout.ts';
import { tilesOnScreen } from '../../../../../renderer/features/gallery/thumbnailWarmup.ts';

// The service's shapes (spec 4.2), in the order a library of every shape might hold them.
const RATIOS = [16 / 9, 9 / 16, 1, 4 / 5, 21 / 9, 3 / 4, 4 / 3];
const oneGroup = () => ({ key: 'today', label: 'Today' });

/** The tiles of the rows a grid of this size shows at the top, as the grid lays them out. */
function tilesShown(width: number, height: number, rowHeight: number, ratioAt: (index: number) => number): number {
  const layout = computeJustifiedLayout({ width, count: 2_000, rowHeight, ratioAt, groupAt: oneGroup });
  const window = rowWindow(layout, 0, height, 0);
  let tiles = 0;
  for (let at = window.first; at <= window.last; at += 1) {
    const row = layout.rowAt(at);
    if (row?.kind === 'tiles' && row.top < height) tiles += row.end - row.start;
  }
  return tiles;
}

describe('how many thumbnails a first screen asks for ahead', () => {
  // Grid sizes of windows of 1024×700, 1440×900, 1920×1080 and 2560×1440 (less the sidebar and the bar above).
  const grids = [
    [760, 520],
    [1170, 720],
    [1650, 900],
    [2290, 1260],
  ] as const;

  it('covers at least half of what the grid shows, and never a third more than it', () => {
    for (const [width, height] of grids)
      for (const rowHeight of [ROW_HEIGHT_MIN, ROW_HEIGHT_DEFAULT, ROW_HEIGHT_MAX])
        for (const shift of [0, 1, 4]) {
          const shown = tilesShown(width, height, rowHeight, (index) => RATIOS[(index + shift) % RATIOS.length]!);
          const asked = tilesOnScreen(width, height, rowHeight);
          const at = `${width}×${height} at ${rowHeight}`;
          expect(asked, at).toBeGreaterThanOrEqual(Math.floor(shown * 0.5));
          expect(asked, at).toBeLessThanOrEqual(Math.ceil(shown * 1.3));
        }
  });

  it('asks for nothing before the grid has a size', () => {
    expect(tilesOnScreen(0, 700, ROW_HEIGHT_DEFAULT)).toBe(0);
    expect(tilesOnScreen(1200, 0, ROW_HEIGHT_DEFAULT)).toBe(0);
  });
});
