import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JobStore, type NewJob } from '../../../../../electron/core/jobs/jobStore.ts';
import { restoreSalvagedJobs } from '../../../../../electron/core/library/jobSalvage.ts';
import { readDamagedJobs } from '../../../../../electron/core/library/jobSalvageStore.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';

const folders: string[] = [];
const open: LibraryDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function library(path: string): { db: LibraryDatabase; jobs: JobStore } {
  const db = LibraryDatabase.open(path);
  open.push(db);
  return { db, jobs: new JobStore(db, () => new Date().toISOString()) };
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-salvage-'));
  folders.push(dir);
  return dir;
}

function job(n: number, patch: Partial<NewJob> = {}): NewJob {
  return {
    id: `job-${n}`,
    kind: 'generation.create',
    state: 'queued',
    title: { what: 'image', subject: `Image ${n}` },
    path: '/v1/generations',
    body: `{"prompt":"image ${n}"}`,
    idempotencyKey: `key-of-job-number-${n}`,
    quoteId: null,
    quotedCredits: 2,
    resourceKind: null,
    resourceId: null,
    dependsOn: null,
    dependency: null,
    retryOf: null,
    ...patch,
  };
}

function damageHeader(file: string): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(100, 0xab), 0, 100, 0);
  closeSync(fd);
}

describe('salvaging the job queue of a damaged library', () => {
  it('reads jobs a crash left only in the write-ahead log, under a damaged header, and never writes the damaged file', async () => {
    const dir = folder();
    const { jobs } = library(join(dir, 'library.db'));
    for (let n = 1; n <= 3; n += 1) jobs.insert(job(n));
    // In doubt: sent once with its key, its answer never recorded.
    jobs.transition('job-2', 'sending', { attempts: 1, key_fingerprint: 'f1', sent_at: new Date().toISOString() });
    // The files as a crash leaves them: the commits are in the -wal, the database file has none of them.
    const crashed = join(dir, 'crashed.db');
    copyFileSync(join(dir, 'library.db'), crashed);
    copyFileSync(join(dir, 'library.db-wal'), `${crashed}-wal`);
    damageHeader(crashed);
    const before = readdirSync(dir).sort();

    const found = await readDamagedJobs(crashed);
    expect(found.rows.map((row) => row.idempotency_key)).toEqual(['key-of-job-number-1', 'key-of-job-number-2', 'key-of-job-number-3']);
    // The private copy with a new header is gone, and nothing new was left beside the damaged file.
    expect(readdirSync(dir).sort()).toEqual(before);

    const target = library(join(dir, 'new.db'));
    const { salvage } = restoreSalvagedJobs(target.db, found);
    expect(salvage).toEqual({ recovered: 3, unreadable: 0 });
    const inDoubt = target.jobs.require('job-2');
    expect([inDoubt.state, inDoubt.attempts, inDoubt.idempotency_key, inDoubt.key_fingerprint]).toEqual([
      'sending',
      1,
      'key-of-job-number-2',
      'f1',
    ]);
  });

  it('brings back the finished steps unfinished ones wait on, counts rows its parser refuses, and leaves other finished jobs out', async () => {
    const dir = folder();
    const path = join(dir, 'library.db');
    const { db, jobs } = library(path);
    jobs.insert(job(1));
    jobs.transition('job-1', 'sending', { attempts: 1 });
    jobs.transition('job-1', 'done');
    jobs.insert(job(2, { dependsOn: 'job-1', dependency: { into: 'options.audio_url', from: 'audio_url', requote: true } }));
    jobs.insert(job(3));
    jobs.transition('job-3', 'cancelled');
    jobs.insert(job(4));
    // A row the job store's parser refuses (an idempotency key too short to be one).
    db.run("UPDATE jobs SET idempotency_key = 'short' WHERE id = 'job-4'");
    open.splice(open.indexOf(db), 1);
    db.close();
    damageHeader(path);

    const target = library(join(dir, 'new.db'));
    const { restored, salvage } = restoreSalvagedJobs(target.db, await readDamagedJobs(path));
    expect(salvage).toEqual({ recovered: 1, unreadable: 1 });
    expect(restored.map((j) => [j.id, j.state]).sort()).toEqual([
      ['job-1', 'done'],
      ['job-2', 'queued'],
    ]);
    expect(target.jobs.require('job-2').dependency_json).toEqual({ into: 'options.audio_url', from: 'audio_url', requote: true });
    expect(target.jobs.get('job-3')).toBeNull();
    expect(target.jobs.get('job-4')).toBeNull();
  });

  it('says it cannot tell how many jobs were lost when nothing of the file can be read', async () => {
    const dir = folder();
    const path = join(dir, 'library.db');
    const fd = openSync(path, 'w');
    writeSync(fd, Buffer.alloc(64 * 1024, 0x5a));
    closeSync(fd);
    const found = await readDamagedJobs(path);
    expect(found).toEqual({ rows: [], lost: [], countKnown: false });
    expect(existsSync(`${path}.salvage`)).toBe(false);
    expect(restoreSalvagedJobs(library(join(dir, 'new.db')).db, found).salvage).toEqual({ recovered: 0, unreadable: null });
  });
});
