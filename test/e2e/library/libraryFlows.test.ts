import { existsSync, readdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import type { LibraryFilter, LibraryItem } from '../../../shared/ipc/index.ts';
import { speechWav } from '../../support/wavFiles.ts';
import { chromiumMissing, launchChromium, SEED_WORD, seedLibrary, startStudioHost, type StudioHost } from '../support/index.ts';
import { LibraryApp } from './pages/LibraryApp.ts';

const SEEDED = 3_000;

/**
 * The library screens end to end: the real renderer in Chromium, over the browser host, against a
 * sandbox in fast mode. One host for the whole file (the machine has two cores); the steps build
 * on each other in order, as a creator's session would.
 */
describe.skipIf(chromiumMissing() !== null)('library screens over the browser host', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: LibraryApp;
  let characterId: string;
  let image: LibraryItem;
  let video: LibraryItem;

  beforeAll(async () => {
    // Its own sandbox behind a relay: the last step cuts the connection.
    studio = await startStudioHost({ sandbox: 'own' });
    await studio.call('connection.completeOnboarding', {});
    browser = await launchChromium();
    characterId = await studio.createCharacter('Mira Vale');
    image = await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    video = await studio.generate(characterId, 'video', 'Mira walking along the pier');
    seedLibrary(studio, SEEDED, [image, video]);
    app = await LibraryApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    app.page.setDefaultTimeout(15_000);
  }, 300_000);

  /** How many items core's database answers for a filter: what the gallery must show. */
  async function countOf(filter: Omit<LibraryFilter, 'sort'>): Promise<number> {
    return (await studio.call('library.query', { filter: { ...filter, sort: 'newest' }, offset: 0, limit: 1 })).total;
  }

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
  });

  it('shows thousands of items in a virtualized grid', async () => {
    await app.go('gallery');
    const total = await studio.call('library.query', { filter: { sort: 'newest' }, offset: 0, limit: 1 });
    expect(total.total).toBeGreaterThanOrEqual(SEEDED + 2);
    await app.galleryTotal(total.total);
    const domTiles = await app.tiles().count();
    expect(domTiles).toBeGreaterThan(0);
    expect(domTiles).toBeLessThan(80);
    await app.screenshot('gallery-grid');
  });

  it('filters by type and searches the local database', async () => {
    await app.toggleKind('Video');
    const videos = await studio.call('library.query', { filter: { kinds: ['video'], sort: 'newest' }, offset: 0, limit: 1 });
    await app.galleryTotal(videos.total);
    await app.clearFilters();
    // The last thirty days, the finished items among them, oldest first: each chosen in the filter bar.
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 24 * 3_600_000);
    const range = { from: startOfDay(from).toISOString(), to: endOfDay(to).toISOString() };
    await app.setDates(localDay(from), localDay(to));
    await app.galleryTotal(await countOf(range));
    await app.chooseFilter('Status', 'Done');
    const done = { ...range, statuses: ['completed', 'ready'] };
    await app.galleryTotal(await countOf(done));
    await app.chooseFilter('Sort', 'Oldest first');
    const [oldest] = (await studio.call('library.query', { filter: { ...done, sort: 'oldest' }, offset: 0, limit: 1 })).items;
    await expect.poll(async () => (await app.tiles().first().textContent()) ?? '').toContain(oldest?.title ?? 'no item in range');
    await app.chooseFilter('Character', 'Mira Vale');
    await app.galleryTotal(await countOf({ ...done, characterId }));
    await app.clearFilters();
    await app.search(SEED_WORD);
    const found = await studio.call('library.query', { filter: { search: SEED_WORD, sort: 'newest' }, offset: 0, limit: 1 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(SEEDED);
    await app.galleryTotal(found.total);
    const first = (await app.tiles().first().textContent()) ?? '';
    expect(first.toLowerCase()).toContain(SEED_WORD);
  });

  it('multi-selects with click, shift-click, ctrl-click and select all, then favorites in bulk', async () => {
    const tiles = app.tiles();
    await tiles.nth(0).click();
    await tiles.nth(4).click({ modifiers: ['Shift'] });
    await app.waitForSelection(5);
    await tiles.nth(6).click({ modifiers: ['Control'] });
    await app.waitForSelection(6);
    const matching = await app.galleryTotal();
    await app.page.getByRole('button', { name: `Select all ${matching.toLocaleString('en-US')}` }).click();
    await app.waitForSelection(matching);
    await app.screenshot('gallery-selection');
    await app.bulk('Favorite');
    expect(await app.bulkNotice()).toContain('added to favorites');
    const favorites = await studio.call('library.query', {
      filter: { search: SEED_WORD, favorites: true, sort: 'newest' },
      offset: 0,
      limit: 1,
    });
    expect(favorites.total).toBe(matching);
    await app.page.locator('.gallery-collections').getByRole('button', { name: '★ Favorites' }).click();
    await app.galleryTotal(favorites.total);
  });

  it('exports the selection to a folder', async () => {
    await app.clearFilters();
    await app.page.locator('.gallery-collections').getByRole('button', { name: 'All items' }).click();
    await app.search(SEED_WORD);
    // The favorites view before had the same total: wait for this filter's own answer.
    await app.galleryAnswer(SEED_WORD, false, await countOf({ search: SEED_WORD }));
    // Escape clears the selection the last test left, in the grid: in the search box it would clear
    // the search (a search field's own Escape) and reload the gallery under the clicks below.
    await app.grid.focus();
    await app.page.keyboard.press('Escape');
    await app.page.locator('[data-testid="selection-count"]').waitFor({ state: 'detached' });
    await app.tiles().nth(0).click();
    await app
      .tiles()
      .nth(2)
      .click({ modifiers: ['Shift'] });
    await app.waitForSelection(3);
    await app.bulk('Export');
    const notice = await app.bulkNotice();
    const folder = /exported to (.+?)\./.exec(notice)?.[1];
    expect(folder, notice).toBeTruthy();
    expect(existsSync(folder as string)).toBe(true);
    expect(readdirSync(folder as string).length).toBeGreaterThanOrEqual(1);
  });

  it('opens an item, shows its price and runs it again as a new job', async () => {
    await app.search('lighthouse at dawn');
    await app.galleryTotal(await countOf({ search: 'lighthouse at dawn' }));
    await app.openTile(0);
    const detail = app.detail();
    const charged = (await studio.call('library.get', { id: image.id })).creditsUsed;
    await expect.poll(() => detail.locator('[data-testid="detail-credits"]').textContent()).toBe(String(charged));
    const runAgain = detail.locator('[data-testid="run-again"]');
    await expect.poll(() => runAgain.textContent(), { timeout: 30_000 }).toMatch(/Run again · \d+ credits/);
    await app.screenshot('gallery-detail');
    const before = (await studio.call('library.query', { filter: { search: 'lighthouse', sort: 'newest' }, offset: 0, limit: 1 })).total;
    await runAgain.click();
    await detail.locator('[data-testid="detail-notice"]').waitFor();
    await app.waitForEvent(
      'job.updated',
      (job) => job.kind === 'generation.create' && job.state === 'done' && job.title.subject.includes('lighthouse'),
      120_000,
    );
    await studio.until(
      'the new generation in the library',
      async () =>
        (await studio.call('library.query', { filter: { search: 'lighthouse', sort: 'newest' }, offset: 0, limit: 1 })).total > before,
    );
    await app.closeDetail();
  }, 150_000);

  it('clones a voice from a dropped file and makes speech with it', async () => {
    await app.go('voices');
    const bytes = [...speechWav(3)];
    await app.page.evaluate((data) => {
      const file = new File([new Uint8Array(data)], 'my-voice.wav', { type: 'audio/wav' });
      const transfer = new DataTransfer();
      transfer.items.add(file);
      const zone = document.querySelector('[data-drop-zone="voice-sample"]');
      if (!zone) throw new Error('no voice sample drop zone');
      for (const type of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bytes);
    await app.page.locator('[data-testid="voice-sample"]').waitFor({ timeout: 30_000 });
    await app.page.getByRole('textbox', { name: 'Name', exact: true }).fill('My narrator');
    const clone = app.page.locator('.voice-create .price-button');
    await expect.poll(() => clone.getAttribute('data-price-status'), { timeout: 30_000 }).toBe('priced');
    await clone.click();
    await app.voiceRow('My narrator').locator('[data-status="ready"]').waitFor({ timeout: 120_000 });
    await app.voiceRow('My narrator').getByRole('button', { name: 'Make speech' }).click();
    await app.page.getByTestId('speech-text').fill('Welcome back to the harbor. The lighthouse is lit.');
    const speak = app.page.locator('.speech-form .price-button');
    await expect.poll(() => speak.getAttribute('data-price-status'), { timeout: 30_000 }).toBe('priced');
    const price = Number(await speak.getAttribute('data-credits'));
    expect(price).toBeGreaterThan(0);
    await speak.click();
    const track = app.page.locator('.track[data-status="ready"]').first();
    await track.waitFor({ timeout: 120_000 });
    await track.locator('canvas.waveform[aria-busy="false"]').waitFor({ timeout: 60_000 });
    await app.screenshot('voices-track');
  });

  it('shows the credit chart, the transactions and quotes beside charges', async () => {
    await app.go('credits');
    await app.page.locator('[data-testid="spend-chart"] rect.spend-bar').first().waitFor({ timeout: 30_000 });
    await app.page.locator('[data-testid="usage-table"] tbody tr').first().waitFor();
    expect(await app.page.locator('[data-testid="usage-table"] tbody tr').count()).toBeGreaterThan(2);
    // The quotes beside charges sit behind "Details" (open already when a charge differs from its quote).
    const details = app.page.getByRole('button', { name: 'Details' });
    if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
    await app.page.locator('[data-testid="quote-table"] tbody tr').first().waitFor();
    expect(await app.page.locator('[data-testid="quote-table"] tbody tr', { hasText: 'Matches' }).count()).toBeGreaterThan(0);
  });

  it('pauses, cancels and retries in the queue', async () => {
    await app.go('queue');
    // How the queue works is said where there is nothing to show, not over the screen each time.
    expect(await app.page.locator('.queue-header .screen-subtitle').count()).toBe(0);
    await app.page.getByRole('radio', { name: /^In progress/ }).check();
    expect(await app.page.locator('.empty-state', { hasText: 'Nothing in the queue' }).textContent()).toContain('never charged twice');
    await app.page.getByRole('radio', { name: 'All' }).check();
    await app.page.getByRole('button', { name: 'Pause queue' }).click();
    await app.page.getByRole('button', { name: 'Resume queue' }).waitFor();
    const body = { character_id: characterId, type: 'image' as const, prompt: 'A queued portrait to cancel' };
    const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    await studio.call('generations.create', { body, quoteId: price.quoteId });
    const paused = app.jobRow('paused').filter({ hasText: 'to cancel' });
    await paused.waitFor();
    await expect
      .poll(async () => Number(await app.page.getByTestId('pending-credits').textContent()))
      .toBeGreaterThanOrEqual(price.credits);
    await app.screenshot('queue-paused');
    await paused.getByRole('button', { name: 'Cancel' }).click();
    await app.page.getByRole('radio', { name: 'All' }).check();
    await app.jobRow('cancelled').filter({ hasText: 'to cancel' }).waitFor();
    await app.page.getByRole('button', { name: 'Resume queue' }).click();
    await app.page.getByRole('button', { name: 'Pause queue' }).waitFor();

    // A job the service fails, then retried on the user's word with its new price shown first.
    await studio.setFaults({ failure_rate: { image: 1 } });
    const failing = { character_id: characterId, type: 'image' as const, prompt: 'A portrait the service fails' };
    const failingPrice = await studio.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: failing });
    await studio.call('generations.create', { body: failing, quoteId: failingPrice.quoteId });
    const failed = app.jobRow('failed').filter({ hasText: 'the service fails' });
    await failed.waitFor({ timeout: 120_000 });
    await studio.setFaults({ failure_rate: { image: 0 } });
    // The service refunded the failed job: once its refund is in the credits, the row says so.
    await expect
      .poll(() => failed.getByTestId('job-price').textContent(), { timeout: 30_000 })
      .toBe(`${failingPrice.credits} credit${failingPrice.credits === 1 ? '' : 's'} refunded`);
    await failed.getByRole('button', { name: 'Retry…' }).click();
    const dialog = app.page.locator('dialog[data-dialog="retry-job"]');
    const retry = dialog.locator('button', { hasText: 'Retry' }).last();
    await expect.poll(async () => (await dialog.textContent()) ?? '', { timeout: 30_000 }).toMatch(/credits/);
    await app.screenshot('queue-retry');
    await retry.click();
    await app.waitForEvent('job.updated', (job) => job.title.subject.includes('the service fails') && job.state === 'done', 120_000);
    // The failed attempt now points to the newer one and no longer offers a second retry.
    await expect.poll(() => failed.locator('.job-note').textContent()).toContain('Retried: follow the newer attempt.');
    expect(await failed.getByRole('button', { name: 'Retry…' }).count()).toBe(0);
    expect(await app.page.locator('.job-row[data-state="done"]', { hasText: 'the service fails' }).locator('.job-retry-tag').count()).toBe(
      1,
    );
  }, 150_000);

  it('has no serious accessibility violation and is screenshotted on every screen in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await LibraryApp.open(browser, studio.url, { theme, viewport: { width: 1440, height: 900 } });
      for (const screen of ['gallery', 'voices', 'credits', 'queue', 'settings'] as const) {
        await page.go(screen);
        if (screen === 'gallery') await page.tiles().first().waitFor();
        if (screen === 'credits') await page.page.locator('[data-testid="usage-table"] tbody tr').first().waitFor();
        if (screen === 'settings') await page.page.getByTestId('about').waitFor();
        await page.expectAccessible(`${screen} (${theme})`);
        await page.screenshot(screen);
      }
      await page.close();
    }
  });

  it('keeps browsing, searching and playing downloaded media with the connection cut', async () => {
    await studio.cutConnection();
    // Core learns it is offline from a request that cannot connect: a new job, which then waits.
    const body = { character_id: characterId, type: 'image' as const, prompt: 'A portrait made while offline' };
    await studio.call('generations.create', { body, quoteId: null });
    await app.go('gallery');
    await app.page.getByTestId('offline-banner').waitFor({ timeout: 60_000 });
    await app.clearFilters().catch(() => undefined);
    await app.search('pier');
    await app.galleryTotal(await countOf({ search: 'pier' }));
    await app.openTile(0);
    const playable = await app
      .detail()
      .locator('video')
      .evaluate(async (element: HTMLVideoElement) => {
        if (element.readyState < 1)
          await new Promise((resolve, reject) => {
            element.addEventListener('loadedmetadata', resolve, { once: true });
            element.addEventListener('error', () => reject(new Error('the video did not load')), { once: true });
          });
        element.muted = true;
        element.currentTime = Math.min(1, element.duration / 2);
        await element.play();
        return { duration: element.duration, playing: !element.paused };
      });
    expect(playable.duration).toBeGreaterThan(0);
    expect(playable.playing).toBe(true);
    await app.screenshot('gallery-offline-detail');
    await app.closeDetail();
    await app.screenshot('gallery-offline');
    await app.search(SEED_WORD);
    await app.galleryTotal(await countOf({ search: SEED_WORD }));
    await app.go('voices');
    await app.page
      .locator('.track[data-status="ready"] audio')
      .first()
      .evaluate(async (element: HTMLAudioElement) => {
        element.muted = true;
        await element.play();
      });
    await app.go('queue');
    await app.jobRow('waiting_connection').filter({ hasText: 'while offline' }).waitFor({ timeout: 60_000 });
    await app.screenshot('queue-offline');
  }, 180_000);
});

/** A day as the date fields show it, in this machine's time zone (YYYY-MM-DD). */
function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function endOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
}
