import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, seedItem, startStudioHost, type StudioHost } from '../support/index.ts';
import { LibraryApp } from './pages/LibraryApp.ts';

const TAKES = 8;

/**
 * The gallery in Arabic, end to end: the real renderer in Chromium over the browser host, against
 * the sandbox. The grid reads right to left like the rest of the screen, the arrow keys follow the
 * reading direction (Left goes to the next item, Right back to the one before), and titles people
 * wrote keep their own direction inside the Arabic screen.
 */
describe.skipIf(chromiumMissing() !== null)('the gallery read right to left', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: LibraryApp;

  beforeAll(async () => {
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    const characterId = await studio.createCharacter('Mira Vale');
    const image = await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    for (let n = 1; n <= TAKES; n += 1) seedItem(studio, { ...image, title: `Take ${n}`, prompt: `Mira, take ${n}` });
    await studio.call('settings.set', { language: 'ar' });
    browser = await launchChromium();
    app = await LibraryApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1024, height: 700 } });
    app.page.setDefaultTimeout(20_000);
    await app.go('gallery');
    await app.page.locator('.gallery-scroller[data-total]').waitFor();
    // The takes, the picture they were made from and the character's portrait.
    expect(await app.galleryTotal()).toBeGreaterThan(TAKES);
    await app.page.locator('.gallery-tile:not(.is-loading) img').first().waitFor();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
  });

  /** The left edge of the item at `index` in the grid, on screen. */
  const leftOf = async (index: number) => (await app.page.locator(`#gallery-tile-${index}`).boundingBox())?.x ?? Number.NaN;

  const focused = () => app.page.locator('.gallery-tile.is-focused').getAttribute('id');

  it('lays rows out from the right: the first item at the right, the next to its left', async () => {
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const [first, second] = [await leftOf(0), await leftOf(1)];
    expect(second).toBeLessThan(first);
    // The section's heading is the grid's Arabic name, not English.
    expect(await app.grid.getAttribute('aria-label')).toBe('المكتبة');
  });

  it('moves the keyboard cursor along the reading direction: Left to the next item, Right back', async () => {
    await app.grid.focus();
    await app.page.keyboard.press('Home');
    await expect.poll(focused).toBe('gallery-tile-0');
    await app.page.keyboard.press('ArrowLeft');
    await expect.poll(focused).toBe('gallery-tile-1');
    await app.page.keyboard.press('ArrowLeft');
    await expect.poll(focused).toBe('gallery-tile-2');
    // The cursor went left on screen, as the key said.
    expect(await leftOf(2)).toBeLessThan(await leftOf(1));
    await app.page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('gallery-tile-1');
    await app.page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('gallery-tile-0');
    // Right from the first item has nowhere to go.
    await app.page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('gallery-tile-0');
    await app.page.keyboard.press('Escape');
  });

  it('steps through the detail view along the reading direction too', async () => {
    const titleOf = (index: number) => app.page.locator(`#gallery-tile-${index} .gallery-title`).textContent();
    const [first, second] = [await titleOf(0), await titleOf(1)];
    await app.openTile(0);
    const heading = app.detail().locator('#detail-title');
    expect(await heading.textContent()).toBe(first);
    // The media keeps left to right (time and zoom run that way in every language); the words around it do not.
    const direction = (selector: string) =>
      app
        .detail()
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).direction);
    expect(await direction('.media-view')).toBe('ltr');
    expect(await direction('.detail-info')).toBe('rtl');
    await app.page.keyboard.press('ArrowLeft');
    await expect.poll(() => heading.textContent()).toBe(second);
    await app.page.keyboard.press('ArrowRight');
    await expect.poll(() => heading.textContent()).toBe(first);
    await app.closeDetail();
  });

  it('keeps a person’s title in its own direction inside the Arabic caption', async () => {
    const title = app.page.locator('#gallery-tile-0 .gallery-title');
    expect(await title.evaluate((element) => element.tagName)).toBe('BDI');
    expect(await title.textContent()).toMatch(/^Take \d$/);
  });
});
