import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import type { Job } from '../../../shared/ipc/index.ts';
import { chromiumMissing, inspectAtEverySize, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import type { CharacterPage } from './pages/CharacterPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * Work in flight in the gallery, against the embedded sandbox at realtime speed (an image takes a
 * few seconds there, a video about half a minute): a generation sent from a character's page leads
 * the gallery's Today group with its prompt and the same progress as the queue, and its result
 * takes the very same place when it lands.
 */
describe.skipIf(chromiumMissing() !== null)('work in flight in the gallery', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let character: CharacterPage;
  let characterId: string;
  const name = 'Ines Vale';
  const video = { type: 'video' as const, options: { duration: 2 } };

  const queueVideo = async (prompt: string): Promise<Job> => {
    const body = { character_id: characterId, prompt, ...video };
    const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    return studio.call('generations.create', { body, quoteId: price.quoteId });
  };
  const scroller = () => app.page.locator('.gallery-scroller');
  /** The tile following a job: its placeholder before the library holds the item, then the item's own tile. */
  const tileOf = (jobId: string): Locator => scroller().locator(`.gallery-tile:has([data-testid="job-progress"][data-job-id="${jobId}"])`);
  /** Where a tile sits and how big it is, to the pixel. */
  const placeOf = async (tile: Locator) => {
    const box = await tile.boundingBox();
    if (!box) throw new Error('The tile is not on screen.');
    return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  };

  beforeAll(async () => {
    studio = await startStudioHost({ sandboxSpeed: 'realtime' });
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.startInSandbox();
    characterId = await studio.createCharacter(name);
    // Earlier images and videos of the same kinds: the library's own history the estimates come from.
    const earlier = await Promise.all([
      ...[1, 2, 3].map((n) => studio.queueImage(characterId, `Ines at the market, take ${n}`)),
      ...[1, 2, 3].map((n) => queueVideo(`Ines walking the pier, take ${n}`)),
    ]);
    await Promise.all(earlier.map((job) => studio.jobDone(job)));
    await app.page.reload();
    await app.page.locator('.header-pill[data-connection="online"]').waitFor();
    character = await app.cast().open(name);
    // A character, then three images and three videos at the service's own pace (a video about half a minute).
  }, 300_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('leads the Today group with a placeholder showing the prompt and the progress, and becomes the result in the same place', async () => {
    const prompt = 'Ines on the harbour wall at dawn';
    const panel = character.generate();
    await panel.chooseType('Image');
    await panel.setPrompt(prompt);
    await panel.price();
    // The service takes a few seconds to answer: the job stays on its way before it has an item.
    await studio.setFaults({ latency_ms: { image: 4_000 } });
    const jobId = await panel.submitWithKeyboard();
    await app.go('gallery');

    const placeholder = scroller().locator(`.gallery-placeholder[data-job-id="${jobId}"]`);
    await placeholder.waitFor({ timeout: 10_000 });
    const place = await placeOf(placeholder);
    // First in the first row, under Today, with its prompt and where the job is.
    expect(await scroller().locator('.gallery-group-label').first().innerText()).toBe('Today');
    const first = scroller().locator('.gallery-row').first().locator('[role="gridcell"]').first();
    expect(await first.getAttribute('data-job-id')).toBe(jobId);
    expect(await placeholder.locator('.gallery-title').innerText()).toBe(prompt);
    await expect.poll(() => placeholder.locator('[data-testid="job-elapsed"]').innerText()).toBe('Sending…');
    expect(await placeholder.getByRole('progressbar').count()).toBe(1);
    // Not an item: the keyboard cursor and the selection pass it by.
    expect(await placeholder.getAttribute('aria-selected')).toBeNull();
    await studio.setFaults({});

    // Taken: the item's own tile follows the job in the same place, the time against the usual time.
    const accepted = await studio.until('the image to be taken', async () => {
      const { jobs } = await studio.call('jobs.list', {});
      return jobs.find((job) => job.id === jobId && job.resourceId !== null);
    });
    const item = scroller().locator(`.gallery-tile[data-item-id="${accepted.resourceId}"]`);
    const elapsed = item.locator(`[data-testid="job-progress"][data-job-id="${jobId}"] [data-testid="job-elapsed"]`);
    await expect.poll(() => elapsed.innerText(), { timeout: 20_000 }).toMatch(/^0:\d\d of about 0:\d\d$/);
    expect(await placeOf(item)).toEqual(place);
    expect(await item.locator('.gallery-title').innerText()).toBe(prompt);
    expect(await placeholder.count()).toBe(0);

    // Landed: the picture in the very same place.
    await studio.jobDone(accepted);
    await item.locator('.gallery-thumb img').waitFor({ timeout: 60_000 });
    await scroller().locator('[data-testid="job-progress"]').waitFor({ state: 'detached' });
    expect(await placeOf(item)).toEqual(place);
    expect(await scroller().getAttribute('data-placeholders')).toBe('0');
  });

  it('shows a held generation and one being made in the gallery at every size, in both themes', async () => {
    // One in the making (a video: long enough to photograph), one held back by the paused queue.
    const making = await queueVideo('Ines dancing in the rain');
    await studio.until('the video to be taken', async () => {
      const { jobs } = await studio.call('jobs.list', {});
      return jobs.find((job) => job.id === making.id)?.state === 'processing';
    });
    await studio.call('jobs.pause', {});
    const held = await studio.queueImage(characterId, 'Ines reading under a lamp, waiting for the queue');
    const placeholder = scroller().locator(`.gallery-placeholder[data-job-id="${held.id}"]`);
    await placeholder.waitFor({ timeout: 30_000 });
    expect(await placeholder.getAttribute('data-state')).toMatch(/^(paused|queued)$/);
    expect(await placeholder.locator('.gallery-title').innerText()).toBe('Ines reading under a lamp, waiting for the queue');
    await tileOf(making.id).waitFor({ timeout: 30_000 });

    const findings = await inspectAtEverySize(app.page, 'gallery-in-flight', async () => {
      // Each picture shows the video still being made, with its bar along the estimate.
      await expect
        .poll(() => tileOf(making.id).locator('[data-testid="job-elapsed"]').innerText(), { timeout: 10_000 })
        .toMatch(/of about|usually/);
    });
    expect(findings).toBe('');

    await studio.call('jobs.resume', {});
    await Promise.all([studio.jobDone(making), studio.jobDone(held)]);
    await scroller().locator('.gallery-placeholder').first().waitFor({ state: 'detached', timeout: 60_000 });
  });
});

describe.skipIf(chromiumMissing() !== null)('a first image in a gallery that shows none', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;

  beforeAll(async () => {
    studio = await startStudioHost({ sandboxSpeed: 'fast' });
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'dark', viewport: { width: 1024, height: 700 } });
    await app.startInSandbox();
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('shows its placeholder instead of the empty view, then the result in its place', async () => {
    const characterId = await studio.createCharacter('Noor Alba');
    await app.go('gallery');
    // The library holds the character's portrait alone: with images shown, the gallery is empty.
    await app.page.locator('.gallery-scroller[data-total="1"]').waitFor({ timeout: 30_000 });
    await app.page.locator('.gallery-kinds').getByRole('button', { name: 'Image', exact: true }).click();
    await app.page.locator('.gallery-empty').waitFor();
    await studio.setFaults({ latency_ms: { image: 4_000 } });
    const job = await studio.queueImage(characterId, 'Noor on a rooftop at night');
    const placeholder = app.page.locator(`.gallery-placeholder[data-job-id="${job.id}"]`);
    await placeholder.waitFor({ timeout: 15_000 });
    expect(await app.page.locator('.gallery-empty').count()).toBe(0);
    expect(await placeholder.locator('.gallery-title').innerText()).toBe('Noor on a rooftop at night');
    await studio.setFaults({});
    await studio.jobDone(job);
    await app.page.locator('.gallery-tile .gallery-thumb img').first().waitFor({ timeout: 60_000 });
    await placeholder.waitFor({ state: 'detached', timeout: 30_000 });
  });
});
