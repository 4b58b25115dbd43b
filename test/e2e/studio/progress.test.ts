import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, inspectScreen, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import type { CharacterPage } from './pages/CharacterPage.ts';
import type { GeneratePanel } from './pages/GeneratePanel.ts';
import { QueuePage } from './pages/QueuePage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * Work in flight that a creator can follow, against the embedded sandbox at realtime speed (an
 * image takes a few seconds there): after three images of one kind, a new one shows how long such
 * images take in this library, with a bar that fills along it; a click that asks for four images
 * shows the price of all four first and lands as one group in the queue.
 */
describe.skipIf(chromiumMissing() !== null)('progress and several results per click', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let character: CharacterPage;
  let panel: GeneratePanel;
  const name = 'Lena Moor';

  beforeAll(async () => {
    studio = await startStudioHost({ sandboxSpeed: 'realtime' });
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.startInSandbox();
    const characterId = await studio.createCharacter(name);
    // Three earlier images of the same kind: the library's own history to learn from.
    const earlier = await Promise.all([1, 2, 3].map((n) => studio.queueImage(characterId, `Lena by the sea, take ${n}`)));
    await Promise.all(earlier.map((job) => studio.jobDone(job)));
    await app.page.reload();
    await app.page.locator('.header-pill[data-connection="online"]').waitFor();
    character = await app.cast().open(name);
    panel = character.generate();
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('after three earlier images, a new one shows the time so far against their usual time, and its bar moves', async () => {
    await panel.chooseType('Image');
    await panel.setPrompt('Lena on the harbour wall at dawn');
    await panel.price();
    const jobId = await panel.submitWithKeyboard();
    // The panel and the character page follow it at once, with the prompt on its placeholder.
    await app.page.locator(`[data-testid="submitted-progress"] [data-job-id="${jobId}"]`).waitFor();
    await character.root.locator(`.generation-tile [data-testid="tile-progress"][data-job-id="${jobId}"]`).waitFor({ timeout: 30_000 });
    await app.go('queue');
    const queue = new QueuePage(app.page);
    const progress = queue.progress(jobId);
    await progress.waitFor({ timeout: 30_000 });
    expect(Number(await progress.getAttribute('data-estimate-ms'))).toBeGreaterThan(0);
    await expect.poll(() => queue.progress(jobId).locator('[data-testid="job-elapsed"]').innerText()).toMatch(/^0:\d\d of about 0:\d\d$/);
    const first = (await queue.filled(jobId)) ?? 0;
    await expect.poll(async () => (await queue.filled(jobId)) ?? 0, { timeout: 20_000 }).toBeGreaterThan(first);
    await queue.job(jobId).and(app.page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
  });

  it('prices four images as four quotes before the click and groups the four results in the queue', async () => {
    await app.go('studio');
    // The studio keeps the character open that was open before the queue was looked at.
    if (!(await character.root.isVisible())) character = await app.cast().open(name);
    panel = character.generate();
    await panel.chooseType('Image');
    await panel.setPrompt('Lena in four seasons');
    const one = await panel.price();
    await app.page.getByRole('radiogroup', { name: 'How many' }).getByRole('radio', { name: '4', exact: true }).check();
    await expect.poll(() => panel.price()).toBe(4 * one);
    expect(await panel.buttonText()).toBe(`Generate 4 · ${4 * one} credits`);
    expect(await inspectScreen(app.page, 'generate-count')).toBe('');
    const jobId = await panel.submitWithKeyboard();
    const { jobs } = await studio.call('jobs.list', {});
    const batchId = jobs.find((job) => job.id === jobId)?.batchId;
    expect(batchId).toBeTruthy();
    const batch = jobs.filter((job) => job.batchId === batchId);
    expect(batch).toHaveLength(4);
    expect(new Set(batch.map((job) => job.quotedCredits))).toEqual(new Set([one]));

    await app.go('queue');
    const queue = new QueuePage(app.page);
    const group = queue.batch(batchId!);
    await group.waitFor();
    expect(await group.getAttribute('data-batch-size')).toBe('4');
    await app.page.locator(`.job-batch[data-batch-id="${batchId}"][data-state="done"]`).waitFor({ timeout: 90_000 });
    await expect.poll(() => group.locator('[data-testid="batch-price"]').innerText()).toBe(`${4 * one} credits charged`);
    const rows = await queue.expand(batchId!);
    await expect.poll(() => rows.count()).toBe(4);
    for (const row of await rows.all()) expect(await row.getAttribute('data-state')).toBe('done');
    expect(await inspectScreen(app.page, 'queue-batch')).toBe('');
  });
});
