import { isDeepStrictEqual } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppFailure, toAppError } from '../../../../../electron/core/ipc/appFailure.ts';
import { isDiskFull } from '../../../../../electron/core/library/diskFull.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { startFakeService } from '../support/fakeService.ts';
import { dbIn, generationJob, startedQueue } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';
import { mountSmallVolume } from '../../../../support/smallVolume.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * The library file may not grow past the pages it has: SQLite answers SQLITE_FULL ("database or
 * disk is full") and rolls the whole transaction back by itself, exactly as on a full disk.
 */
function fillUp(library: LibraryDatabase): () => void {
  const pages = library.get<{ page_count: number }>('PRAGMA page_count')?.page_count ?? 0;
  library.db.exec(`PRAGMA max_page_count = ${pages}`);
  return () => library.db.exec('PRAGMA max_page_count = 1073741823');
}

function writeMuch(library: LibraryDatabase): void {
  library.transaction(() => {
    for (let i = 0; i < 200; i += 1) library.setMeta(`filler.${i}`, 'x'.repeat(8_000));
  });
}

describe('a library that meets a full disk', () => {
  it('throws the full disk from a transaction, not a failed rollback that hides it, and writes again once there is room', () => {
    const library = LibraryDatabase.open(dbIn(tempDir()));
    cleanups.push(async () => library.close());
    const room = fillUp(library);
    let thrown: unknown;
    try {
      writeMuch(library);
    } catch (error) {
      thrown = error;
    }
    expect(isDiskFull(thrown)).toBe(true);
    expect(toAppError(thrown)).toEqual({ code: 'disk_full', params: { when: 'save' } });
    // Inside a savepoint too: the outer transaction's rollback does not hide it either.
    expect(() => library.transaction(() => writeMuch(library))).toThrow(/database or disk is full/);
    expect(library.db.isTransaction).toBe(false);
    room();
    writeMuch(library);
    expect(library.meta('filler.199')).toHaveLength(8_000);
  });

  it('refuses new paid work with a sentence when its intent cannot be recorded, and sends nothing', async () => {
    const service = await startFakeService();
    const q = startedQueue(service, cleanups, { dbPath: dbIn(tempDir()) });
    const room = fillUp(q.library);
    // Enough intents in one batch that the file must grow to hold them.
    const batch = Array.from({ length: 40 }, (_, i) => generationJob(`${'a long prompt '.repeat(60)} ${i}`));
    let thrown: unknown;
    try {
      q.queue.enqueue(batch);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppFailure);
    expect((thrown as AppFailure).code).toBe('disk_full');
    expect((thrown as AppFailure).params).toEqual({ when: 'record_job' });
    expect(q.store.recent(100)).toEqual([]);
    room();
    expect(service.seen.filter((r) => r.url === '/v1/generations')).toEqual([]);
  });

  it('counts SQLite’s full disk and the file system’s ENOSPC and EDQUOT, and nothing else', () => {
    expect(isDiskFull({ code: 'ENOSPC' })).toBe(true);
    expect(isDiskFull({ code: 'EDQUOT' })).toBe(true);
    expect(isDiskFull({ code: 'ERR_SQLITE_ERROR', errcode: 13 })).toBe(true);
    expect(isDiskFull({ code: 'ERR_SQLITE_ERROR', errcode: 19 })).toBe(false);
    expect(isDiskFull({ code: 'EACCES' })).toBe(false);
    expect(isDiskFull(new Error('database or disk is full'))).toBe(false);
  });
});

const volume = mountSmallVolume('4m');
afterAll(() => volume.unmount());

describe('the queue on a full disk', () => {
  it.skipIf(volume.problem !== null)(
    `sends nothing it could not record, says so, and sends it with its key once there is room again (${volume.problem ?? 'a 4 MB tmpfs'})`,
    async () => {
      const service = await startFakeService();
      const noted: unknown[] = [];
      const q = startedQueue(service, cleanups, {
        dbPath: dbIn(volume.dir),
        overrides: { noteWriteFailure: (error) => noted.push(error) },
      });
      q.setOnline(false);
      const [job] = q.queue.enqueue([generationJob()]);
      // The write-ahead log emptied and every free byte taken: the next commit has nowhere to go.
      q.library.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      volume.fill();
      q.setOnline(true);

      // Each try to record the attempt meets the full disk: nothing goes out, and after a few the job waits.
      const held = { code: 'answer_not_saved', params: { then: 'held' } };
      await until(() => isDeepStrictEqual(q.queue.list().jobs.find((j) => j.id === job!.id)?.error, held));
      expect(service.seen.filter((r) => r.url === '/v1/generations')).toEqual([]);
      expect(q.store.require(job!.id).attempts).toBe(0);
      expect(noted.some(isDiskFull)).toBe(true);

      volume.empty();
      q.queue.spaceBack();
      const accepted = await q.until(job!.id, (j) => j.state === 'processing');
      expect(service.charges).toEqual([accepted.idempotency_key]);
    },
  );

  it('holds new sends while the disk is known to be full, and sends them once it has room', async () => {
    const service = await startFakeService();
    let full = false;
    const q = startedQueue(service, cleanups, { overrides: { diskFull: () => full } });
    q.setOnline(false);
    const [job] = q.queue.enqueue([generationJob()]);
    full = true;
    q.setOnline(true);
    // A pump while full: the intent stays unsent (its attempt could not be recorded first).
    await new Promise((r) => setTimeout(r, 200));
    expect(q.store.require(job!.id)).toMatchObject({ attempts: 0, state: 'waiting_connection' });
    expect(() => q.queue.enqueue([generationJob('another')])).toThrow(
      expect.objectContaining({ code: 'disk_full', params: { when: 'record_job' } }),
    );
    full = false;
    q.queue.spaceBack();
    await q.until(job!.id, (j) => j.state === 'processing');
    expect(service.charges).toHaveLength(1);
  });
});

async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((r) => setTimeout(r, 20));
}
