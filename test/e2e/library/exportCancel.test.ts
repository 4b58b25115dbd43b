import { readdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, seedLibrary, startStudioHost, type StudioHost } from '../support/index.ts';
import { LibraryApp } from './pages/LibraryApp.ts';

const SEEDED = 4_000;

/**
 * Exporting a large selection from the gallery: the bar shows the export's progress as core reports
 * it, and Cancel stops it midway with only whole files left in the folder.
 */
describe.skipIf(chromiumMissing() !== null)('a large export from the gallery', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: LibraryApp;

  beforeAll(async () => {
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    browser = await launchChromium();
    const characterId = await studio.createCharacter('Mira Vale');
    const image = await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    seedLibrary(studio, SEEDED, [image]);
    app = await LibraryApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    app.page.setDefaultTimeout(20_000);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
  });

  it('shows progress and cancels midway, leaving no partial file', async () => {
    await app.go('gallery');
    // The seeded items, the image, and the character's own portrait.
    const total = await app.galleryTotal(SEEDED + 2);
    await app.tiles().first().click();
    await app.page.getByRole('button', { name: `Select all ${total.toLocaleString('en-US')}` }).click();
    await app.waitForSelection(total);
    await app.bulk('Export');

    // Core's own progress, after the first whole files: then the bar shows it and Cancel stops it.
    const started = await app.waitForEvent('export.progress', (progress) => progress.state === 'running' && progress.exported >= 5);
    const bar = app.page.locator('[data-testid="export-progress"]');
    await bar.getByText(new RegExp(`of ${total.toLocaleString('en-US')} files`)).waitFor();
    await bar.getByRole('button', { name: 'Cancel export' }).click();
    const ended = await app.waitForEvent(
      'export.progress',
      (progress) => progress.exportId === started.exportId && progress.state !== 'running',
      60_000,
    );
    expect(ended.state).toBe('cancelled');
    console.log(`export cancelled after ${ended.exported} of ${ended.total} files`);

    const notice = await app.bulkNotice();
    expect(notice).toMatch(/^Export cancelled: [\d,]+ files exported to .+, no partial file left\./);
    await bar.waitFor({ state: 'detached' });
    const files = readdirSync(ended.folder);
    expect(files.filter((name) => name.endsWith('.part') || name.startsWith('.'))).toEqual([]);
    expect(files).toHaveLength(ended.exported);
    expect(ended.exported).toBeGreaterThanOrEqual(5);
    expect(ended.exported).toBeLessThan(total);
  }, 180_000);
});
