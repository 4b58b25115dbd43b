import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilePreferences } from '../../../electron/core/preferences/preferences.ts';
import { seedMixedGallery } from '../../bench/support/seedMixedGallery.ts';
import {
  chromiumMissing,
  launchChromium,
  recordFirstImageElement,
  recordLibraryAnswers,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';

/**
 * Opening on the gallery, the app asks for its first screen's thumbnails the moment the rows answer,
 * before the grid has made a tile: exactly those, at every window size, and nothing more when the
 * rows answer before the grid could be measured. A library of 140 items in every shape the service
 * makes, with a picture each and date headers between them; a real host and core restarted onto
 * the gallery, the real renderer in Chromium.
 */
describe.skipIf(chromiumMissing() !== null)('the first screen’s thumbnails, asked for ahead', () => {
  let studio: StudioHost;
  let browser: Browser;

  beforeAll(async () => {
    studio = await startStudioHost({ keychain: 'memory' });
    await studio.call('connection.completeOnboarding', {});
    await studio.restart(() => {
      seedMixedGallery(studio.userDataDir, 140, 140);
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
  });

  for (const [width, height, codeHeld] of [
    [1024, 700, false],
    [1440, 900, false],
    [1920, 1080, false],
    // The gallery's code held on its way until its rows have answered: they come before the grid is laid out.
    [1440, 900, true],
  ] as const)
    it(`are the ones the grid shows at ${String(width)}×${String(height)}, and no others${codeHeld ? ', when the rows answer before the grid is laid out' : ''}`, async () => {
      await studio.restart(() => new FilePreferences({ cwd: studio.userDataDir }).set('lastScreen', 'gallery'));
      const context = await browser.newContext({ viewport: { width, height } });
      try {
        const page = await context.newPage();
        await page.addInitScript(recordFirstImageElement);
        // Unless the gallery's code is held, its rows are held until its grid is laid out: the order
        // a quiet machine gives, made certain (a busy one can give the other, which the last case tests).
        await page.addInitScript(recordLibraryAnswers, { holdUntilGrid: !codeHeld });
        if (codeHeld) {
          // Held until the first rows have answered (core answers them while the rest of its start runs).
          await page.route(/\/GalleryScreen-[^/]*\.js$/, async (route) => {
            await page.waitForFunction(() => (window as unknown as { rowsCameAt: number | null }).rowsCameAt !== null, undefined, {
              timeout: 30_000,
            });
            await route.continue();
          });
        }
        await page.goto(studio.url);
        await page.locator('.gallery-scroller[data-total="140"]').waitFor({ timeout: 30_000 });
        // Every tile the grid made has its picture: those on screen and the row kept ready below
        // them (a picture still on its way has no resource entry yet, so it would read as never asked for).
        await page.waitForFunction(() => {
          const scroller = document.querySelector('.gallery-scroller')!.getBoundingClientRect();
          const images = [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')];
          const shown = images.filter((img) => {
            const box = img.getBoundingClientRect();
            return box.bottom > scroller.top && box.top < scroller.bottom;
          });
          return shown.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
        });
        const { askedAhead, fetched, rendered, shown, firstImageElementAt } = await page.evaluate(() => {
          const firstImage = (window as unknown as { firstImageElementAt: number | null }).firstImageElementAt;
          const scroller = document.querySelector('.gallery-scroller')!.getBoundingClientRect();
          return {
            firstImageElementAt: firstImage,
            askedAhead: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((entry) => entry.name.includes('/media/') && firstImage !== null && entry.startTime < firstImage)
              .map((entry) => new URL(entry.name).pathname),
            fetched: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((entry) => entry.name.includes('/media/'))
              .map((entry) => new URL(entry.name).pathname),
            rendered: [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')].map((img) => new URL(img.src).pathname),
            shown: [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')]
              .filter((img) => {
                const box = img.getBoundingClientRect();
                return box.bottom > scroller.top && box.top < scroller.bottom;
              })
              .map((img) => new URL(img.src).pathname),
          };
        });
        expect(firstImageElementAt).not.toBeNull();
        // At least a row of pictures, and, at these sizes, less than the first page of rows.
        expect(shown.length).toBeGreaterThanOrEqual(4);
        expect(shown.length).toBeLessThan(100);
        // Each picture crossed the network once, and only those of the tiles the grid made did
        // (the ones on screen and the row it keeps ready below them).
        expect([...fetched].sort()).toEqual([...rendered].sort());
        const { rowsAt, gridAt } = await page.evaluate(() => {
          const record = window as unknown as { rowsAt: number | null; gridAt: number | null };
          return { rowsAt: record.rowsAt, gridAt: record.gridAt };
        });
        expect(rowsAt).not.toBeNull();
        expect(gridAt).not.toBeNull();
        if (!codeHeld) {
          expect(gridAt!).toBeLessThan(rowsAt!);
          expect([...askedAhead].sort()).toEqual([...shown].sort());
          return;
        }
        // The rows had answered before the grid was in the page: nothing was asked for ahead by a
        // guess at the grid's size (the window's would have asked for more); the grid's first
        // measured render asked for what it shows.
        expect(rowsAt!).toBeLessThan(gridAt!);
        expect(askedAhead).toEqual([]);
      } finally {
        await context.close();
      }
    });
});
