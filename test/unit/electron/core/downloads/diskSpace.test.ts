import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { DiskSpace as DiskSpaceView } from '../../../../../shared/ipc/index.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { DiskSpace } from '../../../../../electron/core/downloads/diskSpace.ts';
import { Downloader } from '../../../../../electron/core/downloads/downloader.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { startLocalServer } from '../support/localServer.ts';
import { tempDir } from '../support/tempDir.ts';
import { GEN, imageLibrary } from './imageLibrary.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const FILE = randomBytes(200_000);
const SHA = createHash('sha256').update(FILE).digest('hex');
const MARGIN = 1_000_000;

const until = async (test: () => boolean): Promise<void> => {
  while (!test()) await new Promise((r) => setTimeout(r, 10));
};

/** A downloader whose disk reports `free.bytes` free (a controlled volume), fetching one file from a local CDN. */
async function setup() {
  const server = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': FILE.length, etag: `"${SHA}"` });
    res.end(FILE);
  });
  cleanups.push(() => server.close());
  const { library, store } = imageLibrary(cleanups);
  const free = { bytes: MARGIN + FILE.length - 1 };
  const views: DiskSpaceView[] = [];
  let downloader: Downloader | null = null;
  const space = new DiskSpace({
    folder: store.root,
    clock: systemClock,
    log: new CaptureLog(),
    changed: (view) => views.push(view),
    back: () => downloader?.retryNow(),
    marginBytes: MARGIN,
    checkMs: { full: 10, ok: 10 },
    freeBytes: () => Promise.resolve(free.bytes),
  });
  cleanups.push(() => space.stop());
  const dispatcher = new Agent();
  cleanups.push(() => dispatcher.close());
  downloader = new Downloader({
    library,
    store,
    dispatcher,
    canDownload: () => !space.full,
    clock: systemClock,
    random: () => 0,
    log: new CaptureLog(),
    events: { progress: () => {}, settled: () => {} },
    space,
  });
  const started = downloader;
  cleanups.push(() => started.stop());
  return { server, library, store, downloader: started, space, free, views };
}

describe('room on the disk for downloads', () => {
  it('waits, with nothing written, while the declared length and the margin do not fit, and goes on once they do', async () => {
    const { server, library, store, downloader, space, free, views } = await setup();
    downloader.want('generation', GEN, 'output', `${server.url}/cdn/${SHA}.png`);
    await until(() => space.full);
    expect(views.at(-1)).toMatchObject({ state: 'full', freeBytes: free.bytes });
    // Still waiting, not failed, and not a byte of it on disk.
    expect(library.get('SELECT state, failure FROM downloads')).toEqual({ state: 'pending', failure: null });
    const row = library.get<{ id: string }>('SELECT id FROM downloads')!;
    expect(existsSync(store.partialPath(row.id))).toBe(false);
    expect(server.seen).toHaveLength(1);

    free.bytes = MARGIN + FILE.length; // the creator freed some space
    await downloader.idle(10_000);
    expect(views.at(-1)).toEqual({ state: 'ok', freeBytes: null });
    expect(library.get('SELECT state FROM downloads')).toEqual({ state: 'done' });
    expect(store.resolve(SHA)).toMatchObject({ size: FILE.length });
  });

  it('counts a full disk met by a write, and nothing else', () => {
    const space = new DiskSpace({
      folder: tempDir(),
      clock: systemClock,
      log: new CaptureLog(),
      changed: () => {},
      back: () => {},
    });
    cleanups.push(() => space.stop());
    expect(space.met(new Error('connection reset'))).toBe(false);
    expect(space.full).toBe(false);
    expect(space.met({ code: 'ERR_SQLITE_ERROR', errcode: 13, errstr: 'database or disk is full' })).toBe(true);
    expect(space.full).toBe(true);
  });
});
