import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../support/index.ts';
import { buildPreview } from './preview/buildPreview.ts';
import { serveFolder } from './preview/staticServer.ts';

/**
 * The gallery's virtualization at 100,000 items, on the real renderer over an in-memory bridge
 * (test/e2e/library/preview): seeding 100k items through the sandbox would take minutes, and what
 * is measured here is the renderer alone. Figures are printed, never asserted against a time.
 */
describe.skipIf(chromiumMissing() !== null)('gallery at 100,000 items', () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cast-preview-'));
    await buildPreview(dist);
    server = await serveFolder(dist);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function openGallery(width: number, height: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${server.url}?items=100000`);
    await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
    await page.click('[data-nav="gallery"]');
    await page.locator('.gallery-scroller[data-total="100000"]').waitFor();
    await page.locator('[role="gridcell"][aria-selected]').first().waitFor();
    return page;
  }

  /** Scrolls to `fraction` of the grid and waits until the rows there have their items. */
  async function scrollTo(
    page: Page,
    fraction: number,
  ): Promise<{ tiles: number; visibleTiles: number; lastLabel: string | null; scrollHeight: number; firstRow: number; rowCount: number }> {
    await page.locator('.gallery-scroller').evaluate((element, at) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) * at;
    }, fraction);
    // Rendered rows follow the scroll on the next frame, and their items arrive a page at a time.
    await page.waitForFunction(() => {
      const scroller = document.querySelector('.gallery-scroller') as HTMLElement;
      const box = scroller.getBoundingClientRect();
      const cells = [...document.querySelectorAll('[role="gridcell"]')];
      const inView = cells.filter((cell) => {
        const rect = cell.getBoundingClientRect();
        return rect.bottom > box.top && rect.top < box.bottom;
      });
      return inView.length > 0 && document.querySelectorAll('.gallery-tile.is-loading').length === 0;
    });
    return page.evaluate(() => {
      const scroller = document.querySelector('.gallery-scroller') as HTMLElement;
      const box = scroller.getBoundingClientRect();
      const cells = [...document.querySelectorAll('[role="gridcell"]')];
      const visible = cells.filter((cell) => {
        const rect = cell.getBoundingClientRect();
        return rect.bottom > box.top && rect.top < box.bottom;
      });
      const rows = [...document.querySelectorAll('[role="row"]')].map((row) => Number(row.getAttribute('aria-rowindex')));
      return {
        tiles: cells.length,
        visibleTiles: visible.length,
        lastLabel: cells.at(-1)?.querySelector('.gallery-title')?.textContent ?? null,
        scrollHeight: scroller.scrollHeight,
        firstRow: Math.min(...rows),
        rowCount: Number(scroller.getAttribute('aria-rowcount')),
      };
    });
  }

  it('keeps the DOM small and reaches the last item in a wide window', async () => {
    const page = await openGallery(1440, 900);
    const top = await scrollTo(page, 0);
    const middle = await scrollTo(page, 0.5);
    const end = await scrollTo(page, 1);
    console.log(
      `[gallery 1440x900] spacer ${end.scrollHeight} px; tiles in DOM top/middle/end ${top.tiles}/${middle.tiles}/${end.tiles}, visible ${end.visibleTiles}`,
    );
    expect(end.scrollHeight).toBeLessThanOrEqual(16_000_000);
    for (const at of [top, middle, end]) expect(at.tiles).toBeLessThanOrEqual(Math.max(2 * at.visibleTiles, at.visibleTiles + 10));
    expect(end.lastLabel).toMatch(/^Line 100000:/);
    await page.close();
  });

  it('caps the scroll height and still reaches the last item in a narrow window', async () => {
    const page = await openGallery(560, 900);
    const end = await scrollTo(page, 1);
    const middle = await scrollTo(page, 0.5);
    console.log(
      `[gallery 560x900] spacer ${end.scrollHeight} px for ${end.rowCount} rows; tiles in DOM ${end.tiles}, visible ${end.visibleTiles}; halfway shows row ${middle.firstRow}`,
    );
    // Unscaled, these rows would be taller than Chromium lays out; the spacer is capped instead.
    expect(end.scrollHeight).toBeLessThanOrEqual(8_000_000 + 100);
    expect(end.lastLabel).toMatch(/^Line 100000:/);
    expect(Math.abs(middle.firstRow - end.rowCount / 2)).toBeLessThan(end.rowCount * 0.02);
    await page.close();
  });

  it('moves the keyboard cursor to the end and opens the last item', async () => {
    const page = await openGallery(1440, 900);
    await page.locator('.gallery-scroller').focus();
    const started = Date.now();
    await page.keyboard.press('End');
    await page.waitForFunction(() =>
      document.querySelector('.gallery-tile.is-focused .gallery-title')?.textContent?.startsWith('Line 100000:'),
    );
    console.log(`[gallery] End key to the 100,000th item in ${Date.now() - started} ms`);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="detail-dialog"][open]').waitFor();
    expect(await page.locator('#detail-title').textContent()).toMatch(/^Line 100000:/);
    await page.close();
  });
});
