import { afterEach, describe, expect, it } from 'vitest';
import { readStoredJobError } from '../../../../../electron/core/jobs/storedJobError.ts';
import { systemClock, type Clock } from '../../../../../electron/core/clock/clock.ts';
import { startFakeService, startKeyReusedService } from '../support/fakeService.ts';
import { json } from '../support/localServer.ts';
import { dbIn, generationJob, queueOn, startedQueue } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const HOUR = 3_600_000;

/** Real timers, with a wall clock the test can move forward (hours pass between two runs). */
function shiftedClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return { ...systemClock, now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
}

const posts = <T extends { url: string }>(seen: T[]): T[] => seen.filter((r) => r.url === '/v1/generations');

describe('exactly once: retries and doubt', () => {
  it('a double click on Retry makes one new intent, never two charges', async () => {
    let refuse = true;
    const service = await startFakeService((req, res) => {
      if (refuse && req.url === '/v1/generations') {
        json(res, 400, { error: { code: 'validation_error', message: 'The prompt is too long' } });
        return true;
      }
      return false;
    });
    const q = startedQueue(service, cleanups);
    const [job] = q.queue.enqueue([generationJob()]);
    await q.until(job!.id, (j) => j.state === 'failed');
    refuse = false;
    const retried = q.queue.retry(job!.id, null, 3);
    expect(() => q.queue.retry(job!.id, null, 3)).toThrow(expect.objectContaining({ code: 'already_retried' }));
    await q.until(retried.id, (j) => j.state === 'processing');
    expect(service.charges).toHaveLength(1);
  });

  it('pausing the queue does not hold back a request in doubt: it is resent with its key', async () => {
    let answer = false;
    const service = await startFakeService((req, res) => {
      if (req.url !== '/v1/generations' || answer) return false;
      res.destroy(); // no answer: the request may or may not have run
      return true;
    });
    const q = startedQueue(service, cleanups, {
      overrides: { resendPolicy: { baseMs: 300, capMs: 300, maxAttempts: 1, inlineRetryAfterMs: 300 } },
    });
    const [job] = q.queue.enqueue([generationJob()]);
    await q.until(job!.id, (j) => j.state === 'waiting_connection' && j.attempts === 1);
    q.queue.pause();
    expect(q.store.require(job!.id).state).toBe('waiting_connection');
    answer = true;
    const done = await q.until(job!.id, (j) => j.state === 'processing');
    expect(new Set(posts(service.seen).map((r) => r.headers['idempotency-key']))).toEqual(new Set([done.idempotency_key]));
  });

  it(
    'a refusal checked before replay, after an attempt in doubt, leaves the job asking the creator, never failed as refused',
    { timeout: 15_000 },
    async () => {
      let round = 0;
      const service = await startFakeService((req, res) => {
        if (req.url !== '/v1/generations') return false;
        round += 1;
        if (round <= 3)
          res.destroy(); // the first send's three attempts: no answer
        else json(res, 403, { error: { code: 'insufficient_scope', message: 'The key lacks generations:write' } });
        return true;
      });
      const q = startedQueue(service, cleanups);
      const [job] = q.queue.enqueue([generationJob()]);
      const asking = await q.until(job!.id, (j) => j.error_code === 'outcome_unknown');
      expect(asking.state).toBe('waiting_connection');
      expect(readStoredJobError(asking)).toMatchObject({ code: 'outcome_unknown', params: { credits: 3 } });
      expect(q.events.filter((e) => e.id === job!.id).some((e) => e.state === 'failed')).toBe(false);
    },
  );

  it('a 409 key reuse tells the user the job may have run before they retry it', async () => {
    const service = await startKeyReusedService();
    const q = startedQueue(service, cleanups);
    const [job] = q.queue.enqueue([generationJob()]);
    const failed = await q.until(job!.id, (j) => j.state === 'failed');
    // Not the service's own words for the code: the job may have run, so the creator checks before a retry.
    expect(readStoredJobError(failed)).toEqual({ code: 'key_reused', params: {} });
  });

  it(
    'resends a job in doubt only within seconds of its first send, however long the connection says keys are kept (24 h here): later it asks the creator, and Send again is a new key',
    { timeout: 20_000 },
    async () => {
      const dir = tempDir();
      let hang = true;
      const service = await startFakeService((req) => hang && req.url === '/v1/generations');
      cleanups.push(() => service.close());
      const clock = shiftedClock();
      const overrides = { clock, keyRetentionMs: () => 24 * HOUR };
      const first = queueOn({ dbPath: dbIn(dir), baseUrl: service.url, overrides });
      first.queue.start();
      const [job] = first.queue.enqueue([generationJob()]);
      await first.until(job!.id, (j) => j.state === 'sending' && j.attempts === 1);
      // The attempt is committed before its bytes leave: wait until they reached the service.
      while (posts(service.seen).length < 1) await new Promise((r) => setTimeout(r, 10));
      await first.close(); // the process dies with the request unanswered
      hang = false;

      // A second later every service still knows the key: resent, same key, charged once.
      clock.advance(1_000);
      const second = queueOn({ dbPath: dbIn(dir), baseUrl: service.url, overrides });
      second.queue.start();
      const resent = await second.until(job!.id, (j) => j.state === 'processing');
      await second.close();
      expect(posts(service.seen).map((r) => r.headers['idempotency-key'])).toEqual([resent.idempotency_key, resent.idempotency_key]);
      expect(service.charges).toHaveLength(1);

      // Another job left in doubt for a minute is not resent: the service may have forgotten its
      // key whatever the connection states, and here no history can say whether it ran.
      hang = true;
      const third = queueOn({ dbPath: dbIn(dir), baseUrl: service.url, overrides });
      third.queue.start();
      const [late] = third.queue.enqueue([generationJob('late')]);
      await third.until(late!.id, (j) => j.state === 'sending' && j.attempts === 1);
      while (posts(service.seen).length < 3) await new Promise((r) => setTimeout(r, 10));
      await third.close();
      hang = false;
      clock.advance(60_000);
      const before = posts(service.seen).length;
      const fourth = queueOn({ dbPath: dbIn(dir), baseUrl: service.url, overrides });
      cleanups.push(() => fourth.close());
      fourth.queue.start();
      const failed = await fourth.until(late!.id, (j) => j.error_code === 'outcome_unknown');
      expect(failed.state).toBe('waiting_connection');
      expect(readStoredJobError(failed)).toMatchObject({ code: 'outcome_unknown', params: { credits: expect.any(Number) } });
      expect(posts(service.seen)).toHaveLength(before);
      // Sending again stays the creator's word: a new intent with a new key.
      const retried = fourth.queue.sendAgain(late!.id, null, 3);
      const sent = await fourth.until(retried.id, (j) => j.state === 'processing');
      expect(sent.idempotency_key).not.toBe(failed.idempotency_key);
    },
  );
});

describe('exactly once: intents made offline', () => {
  it('prices them when the connection returns and sends them when the balance covers them', async () => {
    const service = await startFakeService();
    cleanups.push(() => service.close());
    const q = queueOn({ dbPath: dbIn(tempDir()), baseUrl: service.url, overrides: { balance: () => 10 } });
    cleanups.push(() => q.close());
    q.setOnline(false);
    q.queue.start();
    const [a, b] = q.queue.enqueue([generationJob('one', null), generationJob('two', null)]);
    await q.until(a!.id, (j) => j.state === 'waiting_connection');
    q.setOnline(true);
    const sentA = await q.until(a!.id, (j) => j.state === 'processing');
    const sentB = await q.until(b!.id, (j) => j.state === 'processing');
    expect([sentA.quoted_credits, sentB.quoted_credits]).toEqual([3, 3]);
    const quoteIds = posts(service.seen).map((r) => r.headers['quote-id']);
    expect(quoteIds).toEqual(expect.arrayContaining([sentA.quote_id, sentB.quote_id]));
    expect(sentA.quote_id).toBeTruthy();
  });

  it('holds them, with a sentence, when the balance cannot cover the batch; resume sends them once credits arrive', async () => {
    const service = await startFakeService();
    cleanups.push(() => service.close());
    let balance = 5;
    const q = queueOn({ dbPath: dbIn(tempDir()), baseUrl: service.url, overrides: { balance: () => balance } });
    cleanups.push(() => q.close());
    q.setOnline(false);
    q.queue.start();
    const [a, b] = q.queue.enqueue([generationJob('one', null), generationJob('two', null)]);
    await q.until(a!.id, (j) => j.state === 'waiting_connection');
    q.setOnline(true);
    const held = await q.until(a!.id, (j) => j.state === 'paused' && j.error_code === 'held_for_credits');
    expect(held.quoted_credits).toBe(3);
    expect(readStoredJobError(held)).toEqual({ code: 'held_for_credits', params: { count: 2, need: 6, balance: 5, pending: 0 } });
    expect(q.store.require(b!.id).state).toBe('paused');
    await new Promise((r) => setTimeout(r, 150));
    expect(posts(service.seen)).toHaveLength(0);
    // Resuming without credits keeps them held.
    q.queue.resume();
    expect(q.store.require(a!.id).state).toBe('paused');
    balance = 20;
    q.queue.resume();
    await q.until(a!.id, (j) => j.state === 'processing');
    const doneB = await q.until(b!.id, (j) => j.state === 'processing');
    expect(doneB.error_code).toBeNull();
    expect(service.charges).toHaveLength(2);
  });
});
