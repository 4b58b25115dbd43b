import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, LibraryHealth, LibraryItem } from '../../shared/ipc/index.ts';
import { SceneExportStore } from '../../electron/core/scenes/export/sceneExportStore.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';

let h: Harness;
let characterId = '';

async function done(job: Job): Promise<Job> {
  const settled = await h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), 60_000);
  expect(settled.state).toBe('done');
  return settled;
}

/** An image made through core, its file downloaded into the library. */
async function image(prompt: string): Promise<string> {
  const job = (await h.invoke('generations.create', { body: { character_id: characterId, type: 'image', prompt }, quoteId: null })) as Job;
  const id = (await done(job)).resourceId!;
  await h.core.session()!.downloader.idle();
  return id;
}

/** A scene's exported video, put into the library as the exporter does: the file placed in the media store, then the item. */
async function exportedVideo(title: string): Promise<{ itemId: string; contentId: string }> {
  const session = h.core.session()!;
  const bytes = randomBytes(20_000);
  const contentId = createHash('sha256').update(bytes).digest('hex');
  const staged = join(h.userDataDir, `staged-${randomUUID()}.mp4`);
  writeFileSync(staged, bytes);
  const path = await session.media.place(staged, contentId);
  const itemId = `local-${randomUUID()}`;
  const now = new Date().toISOString();
  new SceneExportStore(session.library).addLocalVideo({
    itemId,
    title,
    contentId,
    size: bytes.length,
    path,
    durationMs: 4_000,
    collectionId: null,
    now,
  });
  return { itemId, contentId };
}

async function item(id: string): Promise<LibraryItem | null> {
  const reply = await h.core.router.handle('library.get', { id });
  return reply.ok ? (reply.value as LibraryItem) : null;
}

const CLEAN = { missing: 0, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 };

describe('exported scene videos in the library, against a real sandbox over HTTPS', () => {
  beforeAll(async () => {
    h = await startCore({ keychain: new MemoryKeychain() });
    const job = (await h.invoke('characters.create', { body: { name: 'Ada', parameters: {} }, quoteId: null })) as Job;
    characterId = (await done(job)).resourceId!;
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
  });

  it('survives a full history sync that removes a generation deleted elsewhere', async () => {
    const video = await exportedVideo('The pier');
    const generation = await image('deleted on another device');
    expect((await h.sandbox().request('DELETE', `/v1/generations/${generation}`)).status).toBe(200);

    await h.core.session()!.sync.run({ full: true });

    expect(await item(generation)).toBeNull();
    expect(await item(video.itemId)).toMatchObject({ kind: 'video', status: 'completed', title: 'The pier', mediaId: video.contentId });
    expect(h.core.resolveMedia(video.contentId)).not.toBeNull();
    // The video's file is wanted: the check neither fetches nor removes anything.
    await h.core.session()!.downloader.idle();
    expect(await h.invoke('library.check', {})).toEqual(CLEAN);
  }, 120_000);

  it('is deleted here without the service, beside a generation the service deletes', async () => {
    const video = await exportedVideo('Deleted');
    const generation = await image('deleted from the gallery');
    const since = h.events.length;

    expect(await h.invoke('library.delete', { ids: [video.itemId, generation] })).toEqual({ deleted: 2, failed: [] });

    expect(await item(video.itemId)).toBeNull();
    expect(await item(generation)).toBeNull();
    expect(existsSync(h.core.session()!.media.pathOf(video.contentId))).toBe(false);
    expect((await h.sandbox().request('GET', `/v1/generations/${generation}`)).status).toBe(404);
    const removed = h.events
      .slice(since)
      .filter((e) => e.event === 'library.updated')
      .flatMap((e) => (e.payload as { removedIds: string[] }).removedIds);
    expect(removed).toEqual(expect.arrayContaining([video.itemId, generation]));
  }, 120_000);

  it('whose file went missing is not fetched again: the check counts it missing and drops it', async () => {
    const video = await exportedVideo('Lost');
    rmSync(h.core.session()!.media.pathOf(video.contentId));

    expect(await h.invoke('library.check', {})).toEqual({ ...CLEAN, missing: 1 });

    await h.core.session()!.downloader.idle();
    expect(await item(video.itemId)).toBeNull();
    expect(h.core.session()!.downloader.notInPlace()).toEqual({ pending: 0, failed: 0 });
    expect(await h.invoke('library.check', {})).toEqual(CLEAN);
  }, 120_000);

  it('is kept when a damaged library is rebuilt, with its very file', async () => {
    const video = await exportedVideo('Kept');
    const session = h.core.session()!;
    // A page of the generations table overwritten (the service brings those rows back): the file is damaged, its local videos still read.
    session.library.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const size = session.library.get<{ page_size: number }>('PRAGMA page_size')!.page_size;
    const page = session.library.get<{ pageno: number }>("SELECT pageno FROM dbstat WHERE name = 'generations' LIMIT 1");
    expect(page).toBeDefined();
    const fd = openSync(join(h.userDataDir, 'profiles', 'sandbox', 'library.db'), 'r+');
    writeSync(fd, Buffer.alloc(size, 0x5a), 0, size, (page!.pageno - 1) * size);
    closeSync(fd);
    expect(((await h.invoke('library.checkIntegrity', {})) as LibraryHealth).state).toBe('damaged');

    await h.invoke('library.repair', {});
    await h.waitFor('health.changed', (p) => p.state === 'ok' && p.notice === 'rebuilt', 120_000);

    expect(await item(video.itemId)).toMatchObject({ kind: 'video', title: 'Kept', mediaId: video.contentId });
    expect(h.core.resolveMedia(video.contentId)).not.toBeNull();
    await h.core.session()!.downloader.idle();
    expect(await h.invoke('library.check', {})).toEqual(CLEAN);
  }, 180_000);
});
