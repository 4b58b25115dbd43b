import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../../../shared/ipc/index.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { Downloader } from '../../../../../electron/core/downloads/downloader.ts';
import { MediaStore } from '../../../../../electron/core/downloads/mediaStore.ts';
import { Router } from '../../../../../electron/core/ipc/router.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { registerLibraryHandlers, type LibraryServices } from '../../../../../electron/core/library/registerLibraryHandlers.ts';
import { readStoredLocalVideos, SceneExportStore } from '../../../../../electron/core/scenes/export/sceneExportStore.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { tempDir } from '../support/tempDir.ts';

const T = '2026-11-01T10:00:00.000Z';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A real library file and media store with the library commands registered, offline unless told otherwise. */
function setup(options: { online?: boolean } = {}) {
  const dir = tempDir();
  const library = LibraryDatabase.open(join(dir, 'library.db'));
  cleanups.push(() => library.close());
  const media = new MediaStore(join(dir, 'media'), library);
  const dispatcher = new Agent();
  cleanups.push(() => dispatcher.close());
  const downloader = new Downloader({
    library,
    store: media,
    dispatcher,
    canDownload: () => true,
    clock: systemClock,
    random: () => 0,
    log: new CaptureLog(),
    events: { progress: () => {}, settled: () => {} },
  });
  cleanups.push(() => downloader.stop());
  const sent: string[] = [];
  const services: LibraryServices = {
    canSend: () => options.online ?? false,
    api: {
      deleteAudio: async (id) => void sent.push(id),
      deleteGeneration: async (id) => void sent.push(id),
    },
    queries: new LibraryQueryStore(library),
    collections: { setFavorite: () => {} },
    records: { forget: () => {} },
    library,
    media,
    downloader,
  };
  const router = new Router();
  registerLibraryHandlers(router, { active: () => services, clock: systemClock, userDataDir: dir });
  const events: { event: EventName; payload: unknown }[] = [];
  router.subscribe((event, payload) => events.push({ event, payload }));
  return { dir, library, media, downloader, router, events, sent, exports: new SceneExportStore(library) };
}

type Setup = ReturnType<typeof setup>;

/** A scene's exported video as the exporter leaves it: the file placed in the media store, then the item. */
async function exportVideo(s: Setup, bytes: Buffer, collectionId: string | null = null): Promise<{ itemId: string; contentId: string }> {
  const contentId = createHash('sha256').update(bytes).digest('hex');
  const staged = join(s.dir, `staged-${randomUUID()}.mp4`);
  writeFileSync(staged, bytes);
  const path = await s.media.place(staged, contentId);
  const itemId = `local-${randomUUID()}`;
  s.exports.addLocalVideo({ itemId, title: 'The pier', contentId, size: bytes.length, path, durationMs: 12_000, collectionId, now: T });
  return { itemId, contentId };
}

async function invoke(s: Setup, command: string, input: unknown): Promise<unknown> {
  const reply = await s.router.handle(command, input);
  if (!reply.ok) throw new Error(`${command}: ${JSON.stringify(reply.error)}`);
  return reply.value;
}

const count = (library: LibraryDatabase, sql: string, ...params: string[]) => library.get<{ n: number }>(sql, ...params)?.n;

describe('a scene’s exported video in the library', () => {
  it('is deleted here alone, offline too: its rows, its collection membership and its file go, and the gallery hears of it', async () => {
    const s = setup();
    s.library.run("INSERT INTO collections (id, name, character_id, created_at) VALUES ('scene', 'The pier', NULL, ?)", T);
    const video = await exportVideo(s, randomBytes(5_000), 'scene');
    expect(s.media.resolve(video.contentId)).not.toBeNull();

    expect(await invoke(s, 'library.delete', { ids: [video.itemId] })).toEqual({ deleted: 1, failed: [] });

    expect(s.sent).toEqual([]);
    expect(count(s.library, 'SELECT count(*) AS n FROM library_items WHERE id = ?', video.itemId)).toBe(0);
    expect(count(s.library, 'SELECT count(*) AS n FROM collection_items WHERE item_id = ?', video.itemId)).toBe(0);
    expect(count(s.library, 'SELECT count(*) AS n FROM downloads WHERE owner_id = ?', video.itemId)).toBe(0);
    expect(count(s.library, 'SELECT count(*) AS n FROM media WHERE content_id = ?', video.contentId)).toBe(0);
    expect(existsSync(s.media.pathOf(video.contentId))).toBe(false);
    expect(s.events).toEqual([{ event: 'library.updated', payload: { items: [], removedIds: [video.itemId] } }]);
  });

  it('keeps a file another exported video shares until the last of them is deleted', async () => {
    const s = setup();
    const bytes = randomBytes(4_000);
    const first = await exportVideo(s, bytes);
    const second = await exportVideo(s, bytes);
    expect(second.contentId).toBe(first.contentId);

    await invoke(s, 'library.delete', { ids: [first.itemId] });
    expect(s.media.resolve(second.contentId)).not.toBeNull();
    expect(new LibraryQueryStore(s.library).item(second.itemId)?.mediaId).toBe(second.contentId);

    await invoke(s, 'library.delete', { ids: [second.itemId] });
    expect(existsSync(s.media.pathOf(second.contentId))).toBe(false);
  });

  it('is deleted offline beside a service item, which still waits for the service', async () => {
    const s = setup();
    const video = await exportVideo(s, randomBytes(3_000));
    const generation = randomUUID();
    s.library.run(
      "INSERT INTO library_items (id, kind, status, title, created_at) VALUES (?, 'image', 'completed', 'harbour', ?)",
      generation,
      T,
    );
    const answer = await invoke(s, 'library.delete', { ids: [generation, video.itemId] });
    expect(answer).toEqual({
      deleted: 1,
      failed: [{ id: generation, error: { code: 'offline', params: { doing: 'delete_item' } } }],
    });
    expect(new LibraryQueryStore(s.library).item(generation)).not.toBeNull();
  });

  it('whose file went missing is never fetched again: the check counts it missing and drops the item', async () => {
    const s = setup({ online: true });
    const kept = await exportVideo(s, randomBytes(2_000));
    const gone = await exportVideo(s, randomBytes(2_500));
    rmSync(s.media.pathOf(gone.contentId));

    const result = await invoke(s, 'library.check', {});

    expect(result).toEqual({ missing: 1, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 });
    expect(count(s.library, "SELECT count(*) AS n FROM downloads WHERE state <> 'done'")).toBe(0);
    expect(s.downloader.pending()).toBe(0);
    expect(new LibraryQueryStore(s.library).item(gone.itemId)).toBeNull();
    expect(s.events).toEqual([{ event: 'library.updated', payload: { items: [], removedIds: [gone.itemId] } }]);
    // The other video is untouched, and "fetch them again" has nothing to put back in line.
    expect(s.media.resolve(kept.contentId)).not.toBeNull();
    expect(await invoke(s, 'library.refetch', {})).toEqual({ queued: 0 });
    expect(await invoke(s, 'library.check', {})).toEqual({ missing: 0, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 });
  });

  it('is read back from another library file, and nothing is read from a file that is not a library', async () => {
    const s = setup();
    const video = await exportVideo(s, randomBytes(1_000));
    s.library.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const copy = join(s.dir, 'library.damaged.db');
    copyFileSync(join(s.dir, 'library.db'), copy);
    expect(readStoredLocalVideos(copy)).toEqual([
      { itemId: video.itemId, title: 'The pier', contentId: video.contentId, durationMs: 12_000, createdAt: T },
    ]);
    expect(existsSync(`${copy}-shm`)).toBe(false);
    const garbage = join(s.dir, 'garbage.db');
    writeFileSync(garbage, randomBytes(8_192));
    expect(readStoredLocalVideos(garbage)).toEqual([]);
  });
});
