import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenesApp } from '../scenes/pages/ScenesApp.ts';
import { chromiumMissing, launchChromium } from '../support/index.ts';
import { SyncedStudios, type SyncedMachine } from './support/syncedStudios.ts';

/** The texts of the lines the open scene's editor shows, in order. */
function shownLines(app: ScenesApp): Promise<string[]> {
  return app
    .lines()
    .locator('textarea')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
}

/**
 * One creator's scene on two machines, each a browser host on its own folder in one service
 * account, joined to one space on a sync server the test starts: what A writes shows on B as it is
 * written.
 */
describe.skipIf(chromiumMissing() !== null)('a scene on two machines', () => {
  let browser: Browser;
  let studios: SyncedStudios;
  let a: SyncedMachine;
  let b: SyncedMachine;

  beforeAll(async () => {
    browser = await launchChromium();
    studios = await SyncedStudios.start(browser);
    [a, b] = [studios.machine('A'), studios.machine('B')];
  }, 600_000);

  afterAll(async () => {
    await studios?.stop();
    await browser?.close().catch(() => undefined);
  });

  it('shows on B each line A writes, as A writes it', async () => {
    await a.app.goScenes();
    const sceneId = await a.app.newScene('Noodle stall');
    await a.app.waitForSaved();
    await b.studio.until('the scene on B', () => b.studio.call('scenes.get', { id: sceneId }).catch(() => null));
    await b.app.goScenes();
    await b.app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
    await b.app.editor().waitFor();
    expect(await b.app.editor().locator('input[data-field="title"]').inputValue()).toBe('Noodle stall');

    const written = ['Two bowls, please.', 'With egg?', 'Always with egg.'];
    await a.app.editor().locator('[data-action="add-line"]').click();
    await a.app.line(0).locator('textarea').click();
    for (const [index, text] of written.entries()) {
      if (index > 0) await a.app.page.keyboard.press('Enter');
      await a.app.page.keyboard.type(text);
      await expect.poll(() => shownLines(b.app), { timeout: 30_000 }).toEqual(written.slice(0, index + 1));
    }
    await a.app.waitForSaved();
    await Promise.all([a.settled(), b.settled()]);
    expect((await b.studio.call('scenes.get', { id: sceneId })).lines.map((line) => line.text)).toEqual(written);
  });
});
