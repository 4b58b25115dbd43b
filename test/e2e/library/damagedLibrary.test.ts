import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CastPage } from '../studio/pages/CastPage.ts';
import { chromiumMissing, launchChromium, screenshotPath, startStudioHost, type StudioHost } from '../support/index.ts';
import { LibraryApp } from './pages/LibraryApp.ts';

/** Garbage over the file's header and over one whole page in its middle (the file is closed). */
function damage(file: string): void {
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(100, 0xab), 0, 100, 0);
  writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(size / 4096 / 2) * 4096);
  closeSync(fd);
}

const BANNER = '.library-health-banner';
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
] as const;

/**
 * A library file damaged between two runs of the browser host on one data folder: the real
 * renderer in Chromium says what happened, refuses paid work while the library is rebuilt (the
 * service is out of reach at first, so the rebuild waits and can be seen), then shows it rebuilt
 * with the gallery full again. The sandbox sits behind a relay the test cuts and restores.
 */
describe.skipIf(chromiumMissing() !== null)('a damaged library over the browser host', () => {
  let studio: StudioHost;
  let browser: Browser;
  let itemsBefore = 0;

  beforeAll(async () => {
    // Core in the test's thread: the test runs a sync and waits for downloads through its session.
    studio = await startStudioHost({ sandbox: 'own', core: 'in-thread' });
    // The first run: a character and two images, every file downloaded.
    await studio.call('connection.completeOnboarding', {});
    const characterId = await studio.createCharacter('Noor');
    for (const prompt of ['Noor at the market', 'Noor on the roof at night']) {
      await studio.jobDone(
        await studio.call('generations.create', { body: { character_id: characterId, type: 'image', prompt }, quoteId: null }),
      );
    }
    await studio.host.core.session()!.sync.run({ full: true });
    await studio.host.core.session()!.downloader.idle();
    itemsBefore = (await studio.call('library.query', { filter: {}, offset: 0, limit: 1 })).total;
    expect(itemsBefore).toBeGreaterThanOrEqual(2);
    // The second run starts with the service out of reach: the rebuild waits for it.
    await studio.restart(async () => {
      damage(join(studio.userDataDir, 'profiles', 'sandbox', 'library.db'));
      await studio.cutConnection();
    });
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
  });

  async function shootBanner(app: LibraryApp, name: string, size: { width: number; height: number }): Promise<void> {
    await app.page.setViewportSize(size);
    const banner = app.page.locator(BANNER);
    await banner.waitFor();
    // The sentence and its button sit side by side: the button never drops under the words or out of the banner.
    const button = banner.getByRole('button');
    if ((await button.count()) > 0) {
      const words = (await banner.locator('.library-health-message').boundingBox())!;
      const pressed = (await button.boundingBox())!;
      const frame = (await banner.boundingBox())!;
      expect(pressed.x, `${name} at ${size.width}`).toBeGreaterThanOrEqual(words.x + words.width);
      expect(pressed.x + pressed.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(pressed.y).toBeGreaterThanOrEqual(frame.y);
      expect(pressed.y + pressed.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
    await app.page.screenshot({ path: screenshotPath(`${name}-${size.width}x${size.height}`, app.theme) });
  }

  it('says the library was damaged, moved aside and is being rebuilt, and refuses paid work with a sentence', async () => {
    const app = await LibraryApp.open(browser, studio.url, { theme: 'light', viewport: SIZES[0] });
    const banner = app.page.locator(`${BANNER}[data-library-health="rebuilding"]`);
    await banner.waitFor();
    const words = (await banner.innerText()).replace(/[\u2068\u2069]/g, '').replace(/\s+/g, ' ');
    expect(words).toMatch(/library file was damaged, so Cast Studio moved it to .*library\.damaged-.+\.db and started a new one/);
    expect(words).toContain('being rebuilt from the service and the media files on this computer');
    expect(await banner.getAttribute('role')).toBe('alert');

    // A paid button, pressed while the library is rebuilt: nothing is queued, and the dialog says why.
    const dialog = await new CastPage(app.page).openCreate();
    await dialog.setName('Too soon');
    await dialog.chooseKind('Human');
    await dialog.setTrait('Gender', 'female');
    await dialog.setTrait('Art style', 'photorealistic');
    await dialog.root.locator('button.price-button').click();
    await dialog.root
      .getByText('Your library is being rebuilt after damage. New paid work waits until that is done; try again in a moment.')
      .waitFor();
    expect((await studio.call('jobs.list', {})).jobs.filter((job) => job.title.subject.includes('Too soon'))).toEqual([]);
    await app.page.keyboard.press('Escape');
    await dialog.root.waitFor({ state: 'detached' });
    for (const size of SIZES) await shootBanner(app, 'library-rebuilding', size);
    await app.close();

    const dark = await LibraryApp.open(browser, studio.url, { theme: 'dark', viewport: SIZES[0] });
    for (const size of SIZES) await shootBanner(dark, 'library-rebuilding', size);
    await dark.close();
  });

  it('says the library was rebuilt once the service is back, and the gallery shows every item again', async () => {
    const app = await LibraryApp.open(browser, studio.url, { theme: 'light', viewport: SIZES[0] });
    await studio.restoreConnection();
    const rebuilt = await app.waitForEvent('health.changed', (health) => health.state === 'ok' && health.notice === 'rebuilt', 120_000);
    const banner = app.page.locator(`${BANNER}[data-library-health="ok"]`);
    await banner.waitFor();
    expect((await banner.innerText()).replace(/\s+/g, ' ')).toContain(
      `Your library was rebuilt: ${itemsBefore} items came back from the service`,
    );
    expect(rebuilt.movedTo).toMatch(/library\.damaged-.+\.db$/);
    await app.go('gallery');
    await app.galleryTotal(itemsBefore);
    for (const size of SIZES) await shootBanner(app, 'library-rebuilt', size);

    const dark = await LibraryApp.open(browser, studio.url, { theme: 'dark', viewport: SIZES[0] });
    await dark.page.locator(`${BANNER}[data-library-health="ok"]`).waitFor();
    for (const size of SIZES) await shootBanner(dark, 'library-rebuilt', size);
    await dark.close();

    // Dismissed, the banner goes; paid work is taken again.
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await app.close();
  });
});
