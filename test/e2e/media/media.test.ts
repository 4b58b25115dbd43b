import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser } from 'playwright-core';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { LibraryApp } from '../library/pages/LibraryApp.ts';
import { chromiumMissing, inspectScreen, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';

/**
 * The browser host with its embedded sandbox, past the first-run welcome: these tests are about the
 * library. Core runs in the test's thread: they read its session (the library file, the downloader).
 */
async function startHost(): Promise<StudioHost> {
  const studio = await startStudioHost({ core: 'in-thread' });
  try {
    await studio.call('connection.completeOnboarding', {});
    return studio;
  } catch (error) {
    await studio.stop();
    throw error;
  }
}

/** Every tile of the gallery shows a picture that loaded (none left on a placeholder). */
async function everyTileShowsItsPicture(app: LibraryApp, tiles: number): Promise<void> {
  await app.page.waitForFunction(
    (expected) => {
      const cells = [...document.querySelectorAll('[role="gridcell"][aria-selected]')];
      const loaded = cells.filter((cell) => {
        const img = cell.querySelector<HTMLImageElement>('.gallery-thumb img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      return cells.length === expected && loaded.length === expected;
    },
    tiles,
    { timeout: 90_000, polling: 250 },
  );
}

describe.skipIf(chromiumMissing() !== null)('media is never lost, and always comes when asked', () => {
  let browser: Browser;
  let studio: StudioHost | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await studio?.stop();
    studio = null;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('brings every tile back after the host restarts in the middle of downloads', async () => {
    studio = await startHost();
    const host = studio;
    const characterId = await host.createCharacter('Rosa');
    const jobs = await Promise.all(['a red door', 'a blue boat', 'a green hill'].map((prompt) => host.queueImage(characterId, prompt)));
    const done = await Promise.all(jobs.map((job) => host.jobDone(job)));
    const ids = done.map((job) => job.resourceId!);
    const portBefore = new URL(host.host.sandbox()!.base_url).port;
    const library = host.host.core.session()!.library.path;

    // Stop while downloads are under way, then make sure none of them had landed: the library as a
    // stop in the middle of downloading leaves it (rows waiting, no files indexed).
    await host.restart(() => {
      const db = new DatabaseSync(library);
      const marks = ids.map(() => '?').join(', ');
      db.prepare(`UPDATE downloads SET state = 'pending', content_id = NULL, received = 0, attempts = 0 WHERE owner_id IN (${marks})`).run(
        ...ids,
      );
      db.prepare(`UPDATE library_items SET media_id = NULL, thumb_id = NULL, media_type = NULL WHERE id IN (${marks})`).run(...ids);
      db.close();
    });
    // The sandbox came back at the address it had: what was queued against it still answers.
    expect(new URL(host.host.sandbox()!.base_url).port).toBe(portBefore);

    const app = await LibraryApp.open(browser, host.host.launchUrl());
    await app.go('gallery');
    const total = await app.galleryTotal();
    expect(total).toBe(4); // the portrait and the three images
    await everyTileShowsItsPicture(app, total);
    await host.host.core.session()!.downloader.idle(60_000);
    expect(await host.call('library.check', {})).toEqual({ missing: 0, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 });
    for (const id of ids) expect((await host.call('library.get', { id })).downloaded).toBe(true);
    await app.close();
  }, 240_000);

  it('says when the sandbox process dies, starts it again and finishes the queue', async () => {
    studio = await startHost();
    const host = studio;
    const characterId = await host.createCharacter('Noor');
    const app = await LibraryApp.open(browser, host.host.launchUrl());
    await app.go('gallery');
    expect(host.host.core.session()?.online).toBe(true);

    // Waiting in the queue when the sandbox dies: they go out once it is back.
    await host.call('jobs.pause', {});
    const jobs = await Promise.all(['a kite over dunes', 'a lamp in snow'].map((prompt) => host.queueImage(characterId, prompt)));
    const pid = host.host.core.sandboxPid();
    expect(pid).toBeTypeOf('number');
    process.kill(pid!, 'SIGKILL');
    await host.call('jobs.resume', {});

    const down = await app.waitForEvent('connection.changed', (c) => c.status === 'sandbox_restarting', 30_000);
    expect(down.online).toBe(false);
    expect(down.problem).toEqual({ reason: 'sandbox_restarting', kind: 'sandbox' });
    await app.waitForEvent('connection.changed', (c) => c.status === 'online' && c.online, 60_000);
    expect(host.host.core.sandboxPid()).not.toBe(pid);

    for (const job of jobs) await host.jobDone(job);
    await app.galleryTotal(3);
    await everyTileShowsItsPicture(app, 3);
    await app.close();
  }, 240_000);

  it('fetches an item’s media when it is opened, with automatic downloads off, and a tile’s thumbnail when it shows', async () => {
    studio = await startHost();
    const host = studio;
    await host.call('settings.set', { autoDownload: false });
    const characterId = await host.createCharacter('Ines');
    const job = await host.jobDone(await host.queueImage(characterId, 'a lighthouse at dusk'));
    const id = job.resourceId!;
    const session = host.host.core.session()!;
    await session.downloader.idle(60_000);
    const before = await host.call('library.get', { id });
    expect(before.downloaded).toBe(false);
    // Its thumbnail did not come either (it failed while the sandbox was out of reach, say).
    session.library.run(
      "UPDATE downloads SET state = 'failed', failure = 'error', content_id = NULL WHERE owner_id = ? AND role = 'thumbnail'",
      id,
    );
    session.library.run('UPDATE library_items SET thumb_id = NULL WHERE id = ?', id);

    const app = await LibraryApp.open(browser, host.host.launchUrl());
    await app.go('gallery');
    await app.galleryTotal(2);
    // The tile on screen asks for its thumbnail.
    await everyTileShowsItsPicture(app, 2);

    await app.openTile(0);
    const image = app.detail().locator('[data-testid="media-image-frame"] img');
    await image.waitFor({ timeout: 60_000 });
    await app.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="detail-dialog"] [data-testid="media-image-frame"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    expect(await app.detail().textContent()).not.toContain('There is no media for this item');
    // The media came through the download queue ahead of its turn, reported as it came.
    await app.waitForEvent('download.progress', (p) => p.itemId === id && p.role === 'output' && p.done);
    expect((await host.call('library.get', { id })).downloaded).toBe(true);
    await app.close();
  }, 240_000);

  it('says why an opened item’s media did not come, in the person’s language', async () => {
    studio = await startHost();
    const host = studio;
    await host.call('settings.set', { autoDownload: false });
    const characterId = await host.createCharacter('Lena');
    const job = await host.jobDone(await host.queueImage(characterId, 'a bridge in fog'));
    const id = job.resourceId!;
    const session = host.host.core.session()!;
    await session.downloader.idle(60_000);
    const item = await host.call('library.get', { id });
    expect(item.downloaded).toBe(false);
    // The service lost the file: its CDN answers 404 for its address, even a freshly read one.
    const url = session.library.get<{ output_url: string }>('SELECT output_url FROM generations WHERE id = ?', id)!.output_url;
    const sha256 = /([0-9a-f]{64})\.\w+/.exec(url)![1]!;
    const sandboxDb = new DatabaseSync(join(host.userDataDir, 'sandbox', 'sandbox.db'));
    sandboxDb.exec('PRAGMA busy_timeout = 5000');
    sandboxDb.prepare("UPDATE cdn_objects SET ext = 'lost' WHERE sha256 = ?").run(sha256);
    sandboxDb.close();

    const openItem = async (language: 'en' | 'ar'): Promise<LibraryApp> => {
      await host.call('settings.set', { language });
      const app = await LibraryApp.open(browser, host.host.launchUrl(), { viewport: { width: 1024, height: 700 } });
      await app.go('gallery');
      await app.galleryTotal(2);
      await app.tiles().filter({ hasText: item.title }).dblclick();
      await app.detail().waitFor();
      const failure = await app.waitForEvent('download.failed', (f) => f.itemId === id && f.role === 'output', 60_000);
      expect(failure.error).toEqual({ code: 'download_gone', params: {} });
      return app;
    };

    const en = await openItem('en');
    await en.detail().getByText('The media could not be fetched. The file is no longer available on the service.').waitFor();
    // Its facts say it is not on this computer and will not be by itself, not "not yet".
    await en.detail().getByText('No — it could not be downloaded').waitFor();
    expect(await inspectScreen(en.page, 'gallery-download-failed-en')).toBe('');
    await en.close();

    // The same failure, worded in Arabic: the page keeps the code, not the English.
    const ar = await openItem('ar');
    await ar.detail().getByText('لم يعد هذا الملف متاحًا على الخدمة.', { exact: false }).waitFor();
    expect(await ar.detail().textContent()).not.toContain('no longer available');
    expect(await inspectScreen(ar.page, 'gallery-download-failed-ar')).toBe('');
    await ar.close();
  }, 240_000);

  it('fetches a tile’s media when it is dragged out before it is here, says so, and lets it go as a file once it is', async () => {
    studio = await startHost();
    const host = studio;
    await host.call('settings.set', { autoDownload: false });
    const characterId = await host.createCharacter('Mina');
    const job = await host.jobDone(await host.queueImage(characterId, 'a tram in the rain'));
    const id = job.resourceId!;
    await host.host.core.session()!.downloader.idle(60_000);
    const item = await host.call('library.get', { id });
    expect(item.downloaded).toBe(false);

    const app = await LibraryApp.open(browser, host.host.launchUrl());
    await app.go('gallery');
    await app.galleryTotal(2);
    // What each drag carried, as the page saw it once the app had handled it.
    await app.page.evaluate(() => {
      const seen: { prevented: boolean; types: string[] }[] = [];
      Object.assign(window, { castDrags: seen });
      document.addEventListener('dragstart', (event) =>
        seen.push({ prevented: event.defaultPrevented, types: [...(event.dataTransfer?.types ?? [])] }),
      );
    });
    const drags = () => app.page.evaluate(() => (window as unknown as { castDrags: { prevented: boolean; types: string[] }[] }).castDrags);
    const tile = app.tiles().filter({ hasText: item.title });
    const other = app.tiles().filter({ hasNotText: item.title });

    await tile.dragTo(other);
    await app.page
      .locator('.toast', { hasText: `“${item.title}” is being downloaded to this computer. Drag it out again once it is here.` })
      .waitFor();
    expect(await drags()).toEqual([{ prevented: true, types: [] }]);
    await app.waitForEvent('download.progress', (p) => p.itemId === id && p.role === 'output' && p.done, 60_000);
    expect((await host.call('library.get', { id })).downloaded).toBe(true);

    // Here now: the tile says so, and the next drag carries the file.
    await app.page.waitForFunction((title) => {
      const cell = [...document.querySelectorAll('[role="gridcell"][aria-selected]')].find((each) => each.textContent?.includes(title));
      return cell !== undefined && !cell.textContent?.includes('not downloaded yet');
    }, item.title);
    await tile.dragTo(other);
    await expect.poll(async () => (await drags()).length).toBe(2);
    const second = (await drags())[1]!;
    expect(second.prevented).toBe(false);
    expect(second.types).toEqual(expect.arrayContaining(['application/x-cast-item', 'downloadurl']));
    await app.close();
  }, 240_000);

  it('exports what is here and fetches the rest when a selection is exported before its media came', async () => {
    studio = await startHost();
    const host = studio;
    await host.call('settings.set', { autoDownload: false });
    const characterId = await host.createCharacter('Lale');
    const job = await host.jobDone(await host.queueImage(characterId, 'a bridge at noon'));
    const id = job.resourceId!;
    await host.host.core.session()!.downloader.idle(60_000);
    expect((await host.call('library.get', { id })).downloaded).toBe(false);
    // The portrait's file is here (it was opened once, say); the image's is not.
    const portraitId = (await host.call('library.ids', { filter: { kinds: ['character_create'], sort: 'newest' } }))[0]!;
    // Its record may still be on its way to "completed" in the library: ask once it is finished.
    await host.until(
      'the portrait to be finished in the library',
      async () => (await host.call('library.get', { id: portraitId })).status === 'completed',
    );
    expect(await host.call('library.fetchMedia', { ids: [portraitId], role: 'output' })).toEqual({ queued: [portraitId] });
    await host.until('the portrait to be downloaded', async () => (await host.call('library.get', { id: portraitId })).downloaded);

    const app = await LibraryApp.open(browser, host.host.launchUrl());
    await app.go('gallery');
    await app.galleryTotal(2);
    await app.tiles().nth(0).click();
    await app
      .tiles()
      .nth(1)
      .click({ modifiers: ['Shift'] });
    await app.waitForSelection(2);
    await app.bulk('Export');
    expect(await app.bulkNotice()).toMatch(
      /^1 file exported to .+\. 1 item is being downloaded to this computer now; export it again once it is here\./,
    );
    await app.waitForEvent('download.progress', (p) => p.itemId === id && p.role === 'output' && p.done, 60_000);
    expect((await host.call('library.get', { id })).downloaded).toBe(true);

    await app.bulk('Export');
    const again = app.page.locator('[data-testid="bulk-notice"]', { hasText: '2 files exported to' });
    await again.waitFor();
    expect(await again.textContent()).not.toMatch(/downloaded|no media/);
    await app.close();
  }, 240_000);
});
