import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { Downloader } from '../../../../../electron/core/downloads/downloader.ts';
import type { DownloadFailure } from '../../../../../electron/core/downloads/downloadStore.ts';
import { readStoredDownloadError } from '../../../../../electron/core/downloads/storedDownloadError.ts';
import { checkLibrary } from '../../../../../electron/core/downloads/libraryCheck.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { startLocalServer, type Seen } from '../support/localServer.ts';
import { GEN, imageLibrary } from './imageLibrary.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const FILE = randomBytes(300_000);
const SHA = createHash('sha256').update(FILE).digest('hex');

type Serve = (req: Seen, res: Parameters<Parameters<typeof startLocalServer>[0]>[1], n: number) => void | Promise<void>;

/** Serves FILE with byte ranges, like the CDN (strong ETag = its SHA-256). */
function serveFile(body: Buffer = FILE, etag: string = SHA): Serve {
  return (req, res) => {
    const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''));
    const start = range ? Number(range[1]) : 0;
    const headers: Record<string, string | number> = {
      'content-type': 'image/png',
      etag: `"${etag}"`,
      'content-length': body.length - start,
    };
    if (range) headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`;
    res.writeHead(range ? 206 : 200, headers);
    res.end(body.subarray(start));
  };
}

async function setup(serve: Serve, options: { parallel?: number; maxAttempts?: number } = {}) {
  const server = await startLocalServer(serve);
  cleanups.push(() => server.close());
  const { dir, library, store } = imageLibrary(cleanups);
  const dispatcher = new Agent();
  cleanups.push(() => dispatcher.close());
  const settled: string[] = [];
  const downloader = new Downloader({
    library,
    store,
    dispatcher,
    canDownload: () => true,
    clock: systemClock,
    random: () => 0,
    log: new CaptureLog(),
    events: { progress: () => {}, settled: (row) => settled.push(`${row.id}:${row.state}`) },
    ...(options.parallel ? { parallel: options.parallel } : {}),
    maxAttempts: options.maxAttempts ?? 4,
  });
  cleanups.push(() => downloader.stop());
  return { server, library, store, downloader, settled, dir };
}

const mediaOf = (library: LibraryDatabase) =>
  library.get<{ media_id: string | null; media_type: string | null }>('SELECT media_id, media_type FROM library_items WHERE id = ?', GEN);

describe('downloads', () => {
  it('resumes an interrupted download with a byte range and verifies size and hash', async () => {
    const full = serveFile();
    const { server, library, store, downloader } = await setup((req, res, n) => {
      if (n > 0) return full(req, res, n);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': FILE.length, etag: `"${SHA}"` });
      res.write(FILE.subarray(0, 100_000), () => setTimeout(() => res.socket?.destroy(), 50));
    });
    downloader.want('generation', GEN, 'output', `${server.url}/cdn/${SHA}.png`);
    await downloader.idle(10_000);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.headers.range).toMatch(/^bytes=\d+-$/);
    expect(Number(/\d+/.exec(String(server.seen[1]!.headers.range))![0])).toBeGreaterThan(0);
    const file = store.resolve(SHA);
    expect(file).toMatchObject({ contentType: 'image/png', size: FILE.length });
    expect(readFileSync(file!.path).equals(FILE)).toBe(true);
    expect(mediaOf(library)).toEqual({ media_id: SHA, media_type: 'image/png' });
  });

  it('discards a file whose bytes do not match the stated hash, and indexes nothing', async () => {
    const { server, library, store, downloader } = await setup(serveFile(FILE, 'f'.repeat(64)), { maxAttempts: 2 });
    downloader.want('generation', GEN, 'output', `${server.url}/file.png`);
    await downloader.idle(10_000);
    expect(server.seen).toHaveLength(2);
    expect(library.get('SELECT state FROM downloads')).toEqual({ state: 'failed' });
    expect(store.resolve(SHA)).toBeNull();
    expect(mediaOf(library)?.media_id).toBeNull();
  });

  it('stops with a clear error on a full disk and leaves nothing half-indexed', async () => {
    const { server, library, store, downloader, dir } = await setup(serveFile());
    // The partial file is a link to /dev/full: every write fails with ENOSPC, as on a full disk.
    library.run(
      "INSERT INTO downloads (id, url, owner_kind, owner_id, role, state, created_at, updated_at) VALUES ('d-full', ?, 'generation', ?, 'output', 'pending', 'x', 'x')",
      `${server.url}/f.png`,
      GEN,
    );
    symlinkSync('/dev/full', store.partialPath('d-full'));
    downloader.pump();
    await downloader.idle(10_000);
    const row = library.get<{ state: string; failure: DownloadFailure; error_message: string }>(
      "SELECT state, failure, error_message FROM downloads WHERE id = 'd-full'",
    );
    expect(row?.state).toBe('failed');
    expect(row && readStoredDownloadError(row)).toEqual({ code: 'disk_full', params: { when: 'download' } });
    expect(library.get('SELECT count(*) AS n FROM media')).toEqual({ n: 0 });
    expect(mediaOf(library)?.media_id).toBeNull();
    expect(existsSync(store.partialPath('d-full'))).toBe(false);
    void dir;
  });

  it('downloads a bounded number at a time', async () => {
    let active = 0;
    let peak = 0;
    const serve = serveFile();
    const { server, downloader } = await setup(
      async (req, res, n) => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 40));
        active -= 1;
        await serve(req, res, n);
      },
      { parallel: 3 },
    );
    for (let i = 0; i < 9; i += 1) downloader.want('generation', GEN, `extra${i}`, `${server.url}/cdn/${SHA}.png?i=${i}`);
    await downloader.idle(10_000);
    expect(server.seen).toHaveLength(9);
    expect(peak).toBe(3);
  });

  it('repairs drift: a missing file is fetched again, an orphan file is removed', async () => {
    const { server, library, store, downloader } = await setup(serveFile());
    downloader.want('generation', GEN, 'output', `${server.url}/cdn/${SHA}.png`);
    await downloader.idle(10_000);
    rmSync(store.pathOf(SHA));
    const orphan = 'ab'.repeat(32);
    mkdirSync(join(store.root, 'ab'), { recursive: true });
    writeFileSync(store.pathOf(orphan), 'stray');
    const result = checkLibrary(library, store, downloader);
    expect(result).toEqual({ missing: 1, orphans: 1, refetched: 1, removed: 1, pending: 0, failed: 0 });
    expect(existsSync(store.pathOf(orphan))).toBe(false);
    await downloader.idle(10_000);
    expect(readFileSync(store.pathOf(SHA)).equals(FILE)).toBe(true);
    expect(mediaOf(library)?.media_id).toBe(SHA);
    expect(checkLibrary(library, store, downloader)).toEqual({ missing: 0, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 });
  });

  it('forgets an owner: its record and the files no other owner has go, a shared file stays until its last owner goes', async () => {
    const OTHER = '00000000-0000-4000-8000-000000000002';
    const { server, library, store, downloader } = await setup(serveFile());
    const resources = new ResourceStore(library, () => new Date().toISOString());
    resources.upsertGeneration({
      id: OTHER,
      type: 'image',
      status: 'completed',
      prompt: 'q',
      character_id: GEN,
      credits_used: 1,
      completed_at: null,
      error_message: null,
    });
    downloader.want('generation', GEN, 'output', `${server.url}/cdn/${SHA}.png`);
    downloader.want('generation', OTHER, 'output', `${server.url}/cdn/${SHA}.png?copy`);
    await downloader.idle(10_000);
    expect(library.get("SELECT count(*) AS n FROM downloads WHERE state = 'done' AND content_id = ?", SHA)).toEqual({ n: 2 });

    downloader.forgetOwner('generation', GEN, () => resources.remove('generation', GEN));
    expect(library.get('SELECT count(*) AS n FROM library_items WHERE id = ?', GEN)).toEqual({ n: 0 });
    expect(library.get('SELECT state FROM downloads WHERE owner_id = ?', GEN)).toEqual({ state: 'removed' });
    expect(store.resolve(SHA)?.size).toBe(FILE.length);

    downloader.forgetOwner('generation', OTHER, () => resources.remove('generation', OTHER));
    expect(library.get('SELECT count(*) AS n FROM media WHERE content_id = ?', SHA)).toEqual({ n: 0 });
    expect(existsSync(store.pathOf(SHA))).toBe(false);
  });

  it('forgets nothing when removing the record fails: the index and the files stay', async () => {
    const { server, library, store, downloader } = await setup(serveFile());
    downloader.want('generation', GEN, 'output', `${server.url}/cdn/${SHA}.png`);
    await downloader.idle(10_000);
    expect(() =>
      downloader.forgetOwner('generation', GEN, () => {
        library.run("UPDATE downloads SET state = 'removed' WHERE owner_id = ?", GEN);
        throw new Error('record could not be removed');
      }),
    ).toThrow(/could not be removed/);
    expect(library.get('SELECT state FROM downloads WHERE owner_id = ?', GEN)).toEqual({ state: 'done' });
    expect(library.get('SELECT count(*) AS n FROM media WHERE content_id = ?', SHA)).toEqual({ n: 1 });
    expect(readFileSync(store.pathOf(SHA)).equals(FILE)).toBe(true);
  });

  it('resolves only content ids, never paths', async () => {
    const { store } = await setup(serveFile());
    expect(store.resolve('../../etc/passwd')).toBeNull();
    expect(store.resolve(`${'a'.repeat(63)}/`)).toBeNull();
    expect(store.resolve('A'.repeat(64))).toBeNull();
  });
});
