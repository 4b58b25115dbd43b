import { DatabaseSync } from 'node:sqlite';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../../electron/core/jobs/jobStore.ts';
import { readStoredJobError } from '../../../../../electron/core/jobs/storedJobError.ts';
import { startFakeService } from '../support/fakeService.ts';
import { dbIn, generationJob, queueOn, startedQueue } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const posts = <T extends { url: string }>(seen: T[]): T[] => seen.filter((r) => r.url === '/v1/generations');
const keysOf = (seen: { url: string; headers: Record<string, unknown> }[]) => new Set(posts(seen).map((r) => r.headers['idempotency-key']));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The library file refuses to record any answer: another connection adds a trigger that aborts the
 * job's move out of `sending`, as SQLite aborts a write on a full disk or a broken constraint.
 */
function refuseAnswers(dbPath: string): { lift: () => void } {
  const db = new DatabaseSync(dbPath);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`CREATE TRIGGER refuse_answers BEFORE UPDATE OF state ON jobs
           WHEN OLD.state = 'sending' AND NEW.state IN ('processing', 'done')
           BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  let lifted = false;
  return {
    lift: () => {
      if (lifted) return;
      lifted = true;
      db.exec('DROP TRIGGER refuse_answers');
      db.close();
    },
  };
}

const HELD = { code: 'answer_not_saved', params: { then: 'held' } };
const isHeld = (j: JobRecord) => isDeepStrictEqual(readStoredJobError(j), HELD);

describe('exactly once when saving the answer fails', () => {
  it('resends with a wait, stops after a bounded number of tries, says so, and Send again replays under the same key', async () => {
    const service = await startFakeService();
    const dbPath = dbIn(tempDir());
    const q = startedQueue(service, cleanups, { dbPath });
    const refusal = refuseAnswers(dbPath);
    cleanups.push(async () => refusal.lift());
    const [job] = q.queue.enqueue([generationJob()]);

    const held = await q.until(job!.id, isHeld);
    expect(readStoredJobError(held)).toEqual(HELD);
    // Still tied to its request: the attempt stays counted and in doubt, nothing was failed or dropped.
    expect(held.state).toBe('sending');
    const sent = posts(service.seen).length;
    expect(sent).toBe(5);
    await sleep(500); // ten resend waits of the harness: a job that kept going would show here
    expect(posts(service.seen)).toHaveLength(sent);
    expect(q.queue.list().jobs.find((j) => j.id === job!.id)?.error?.code).toBe('answer_not_saved');
    expect(q.events.filter((e) => e.id === job!.id).at(-1)?.error).toEqual(HELD);

    refusal.lift(); // the user freed space or repaired the library
    q.queue.resend(job!.id);
    const accepted = await q.until(job!.id, (j) => j.state === 'processing');
    expect(keysOf(service.seen)).toEqual(new Set([accepted.idempotency_key]));
    expect(service.charges).toEqual([accepted.idempotency_key]);
    expect(accepted.resource_id).toBe((service.byKey.get(accepted.idempotency_key)!.answer as { data: { id: string } }).data.id);
    expect(accepted.error_code).toBeNull();
  });

  it('a restart after the library is repaired replays the held job under its key: charged once', async () => {
    const service = await startFakeService();
    cleanups.push(() => service.close());
    const dbPath = dbIn(tempDir());
    const first = queueOn({ dbPath, baseUrl: service.url });
    first.queue.start();
    const refusal = refuseAnswers(dbPath);
    cleanups.push(async () => refusal.lift());
    const [job] = first.queue.enqueue([generationJob()]);
    await first.until(job!.id, isHeld);
    await first.close();
    refusal.lift();

    const second = queueOn({ dbPath, baseUrl: service.url });
    cleanups.push(() => second.close());
    second.queue.start();
    const accepted = await second.until(job!.id, (j) => j.state === 'processing');
    expect(keysOf(service.seen)).toEqual(new Set([accepted.idempotency_key]));
    expect(service.charges).toHaveLength(1);
  });

  it('a library that refuses for a while: the job gets through by itself, one key, one charge', async () => {
    let refusal: { lift: () => void } | null = null;
    const service = await startFakeService((req) => {
      // The disk is freed while the third send is on its way.
      if (req.url === '/v1/generations' && posts(service.seen).length === 3) refusal?.lift();
      return false;
    });
    const dbPath = dbIn(tempDir());
    const q = startedQueue(service, cleanups, { dbPath });
    refusal = refuseAnswers(dbPath);
    const [job] = q.queue.enqueue([generationJob()]);
    const accepted = await q.until(job!.id, (j) => j.state === 'processing');
    expect(posts(service.seen)).toHaveLength(3);
    // While it waited, the queue said why.
    expect(
      q.events.some((e) => e.id === job!.id && isDeepStrictEqual(e.error, { code: 'answer_not_saved', params: { then: 'retrying' } })),
    ).toBe(true);
    expect(keysOf(service.seen)).toEqual(new Set([accepted.idempotency_key]));
    expect(service.charges).toHaveLength(1);
    expect(accepted.error_code).toBeNull();
  });
});
