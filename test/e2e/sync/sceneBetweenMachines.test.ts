import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenesApp } from '../scenes/pages/ScenesApp.ts';
import { chromiumMissing, launchChromium } from '../support/index.ts';
import { shownLines, speechLine, SyncedStudios, type SyncedMachine } from './support/syncedStudios.ts';

/** The scenes list, the open scene's editor closed first (its Back). */
async function showSceneList(app: ScenesApp): Promise<void> {
  await app.goScenes();
  if ((await app.editor().count()) === 0) return;
  await app.editor().locator('.scene-heading button').first().click();
  await app.editor().waitFor({ state: 'detached' });
}

/** Opens a scene from the scenes list in the editor. */
async function openScene(app: ScenesApp, sceneId: string): Promise<void> {
  await showSceneList(app);
  await app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
  await app.editor().waitFor();
}

/** Types at the end of a line's text, then Enter and a new line after it, from the keyboard. */
async function typeAtEndOf(app: ScenesApp, index: number, more: string, next: string): Promise<void> {
  await app.line(index).locator('textarea').click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type(more);
  await app.page.keyboard.press('Enter');
  await app.page.keyboard.type(next);
}

/**
 * One creator's scenes on two machines, each a browser host on its own folder in one service
 * account, joined to one space on a sync server the test starts: what A writes shows on B as it is
 * written, edits made on both while B is offline are all kept, and a scene removed on one leaves
 * the other's list.
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
    await b.app.goScenes();
    await a.app.goScenes();
    const sceneId = await a.app.newScene('Noodle stall');
    await a.app.waitForSaved();
    // B's list, read before the scene was made, shows it as it arrives.
    await b.app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
    await b.app.editor().waitFor();
    // A names the scene just after making it: B may open it before the name arrives, and gets it then.
    await expect.poll(() => b.app.editor().locator('input[data-field="title"]').inputValue(), { timeout: 30_000 }).toBe('Noodle stall');

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

  it('keeps every edit of both machines made while B was offline, and shows both the same scene', async () => {
    const scene = await a.studio.call('scenes.create', { title: 'Rain' });
    await a.studio.call('scenes.update', { id: scene.id, lines: [speechLine('It is raining.'), speechLine('Take cover.')] });
    await b.studio.until(
      'the scene on B',
      async () => (await b.studio.call('scenes.get', { id: scene.id }).catch(() => null))?.lines.length === 2,
    );
    for (const machine of [a, b]) await openScene(machine.app, scene.id);

    await b.cutSync();
    await typeAtEndOf(a.app, 0, ' Hard.', 'Take my umbrella.');
    await typeAtEndOf(b.app, 1, ' Now.', 'Thank you!');
    await Promise.all([a.app.waitForSaved(), b.app.waitForSaved()]);
    const offline = await b.status();
    expect(offline.state).toBe('offline');
    expect(offline.pendingChanges).toBeGreaterThan(0);
    expect(await shownLines(a.app)).not.toContain('Thank you!');

    await b.restoreSync();
    await Promise.all([a.settled(), b.settled()]);
    const everyEdit = (lines: string[]) =>
      lines.length === 4 &&
      lines[0] === 'It is raining. Hard.' &&
      lines.includes('Take cover. Now.') &&
      lines.includes('Take my umbrella.') &&
      lines.includes('Thank you!');
    await expect.poll(async () => everyEdit(await shownLines(a.app)), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => everyEdit(await shownLines(b.app)), { timeout: 30_000 }).toBe(true);
    expect(await shownLines(b.app)).toEqual(await shownLines(a.app));
  });

  it('takes a scene removed on A out of B’s list as it goes', async () => {
    const scene = await a.studio.call('scenes.create', { title: 'Short-lived' });
    await showSceneList(b.app);
    const card = b.app.page.locator(`.scene-card[data-scene-id="${scene.id}"]`);
    await card.waitFor();
    await a.studio.call('scenes.delete', { id: scene.id });
    await card.waitFor({ state: 'detached' });
    await expect(b.studio.call('scenes.get', { id: scene.id })).rejects.toThrow();
  });
});
