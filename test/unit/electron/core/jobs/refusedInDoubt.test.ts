import { afterEach, describe, expect, it } from 'vitest';
import { readStoredJobError } from '../../../../../electron/core/jobs/storedJobError.ts';
import { startFakeService } from '../support/fakeService.ts';
import { json } from '../support/localServer.ts';
import { generationJob, startedQueue } from '../support/queueHarness.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const posts = <T extends { url: string }>(seen: T[]): T[] => seen.filter((r) => r.url === '/v1/generations');
const keysOf = (seen: { url: string; headers: Record<string, unknown> }[]) => new Set(posts(seen).map((r) => r.headers['idempotency-key']));

/** Refusals a service may give before it looks the key up (a balance, scope or plan check first). */
const REFUSALS = [
  { status: 402, code: 'insufficient_credits', message: 'Not enough credits for this operation' },
  { status: 403, code: 'insufficient_scope', message: 'The key lacks generations:write' },
  { status: 403, code: 'plan_required', message: 'An active plan is required' },
];

/**
 * The first request runs and is charged, but its answer is lost; the HTTP client's own retry, in the
 * same send, is refused. `refusals` says how many requests are refused after that.
 */
async function lostThenRefused(refusal: { status: number; code: string; message: string }, refusals: number) {
  let count = 0;
  const service = await startFakeService(
    (req, res) => {
      if (req.url !== '/v1/generations') return false;
      count += 1;
      if (count === 1 || count > 1 + refusals) return false;
      json(res, refusal.status, { error: { code: refusal.code, message: refusal.message } });
      return true;
    },
    { loseAnswer: () => count === 1 },
  );
  return service;
}

describe('exactly once: a lost answer, then a refusal', () => {
  it.each(REFUSALS)(
    '$status $code on the retry inside the same send: asked again with the same key, linked to what ran, charged once',
    async (refusal) => {
      const service = await lostThenRefused(refusal, 1);
      const q = startedQueue(service, cleanups);
      const [job] = q.queue.enqueue([generationJob()]);
      const settled = await q.until(job!.id, (j) => j.state === 'processing' || j.state === 'failed');
      expect(settled.state, JSON.stringify(readStoredJobError(settled))).toBe('processing');
      expect(q.events.filter((e) => e.id === job!.id).some((e) => e.state === 'failed')).toBe(false);
      expect(keysOf(service.seen)).toEqual(new Set([settled.idempotency_key]));
      expect(service.charges).toEqual([settled.idempotency_key]);
      expect(settled.resource_id).toBe((service.byKey.get(settled.idempotency_key)!.answer as { data: { id: string } }).data.id);
    },
  );

  it(
    'a refusal that lasts, with no history to decide, ends asking the creator, never as "refused" and never sent under a new key',
    { timeout: 15_000 },
    async () => {
      const service = await lostThenRefused(REFUSALS[0]!, 1_000);
      const q = startedQueue(service, cleanups);
      const [job] = q.queue.enqueue([generationJob()]);
      const failed = await q.until(job!.id, (j) => j.error_code === 'outcome_unknown');
      expect(failed.state).toBe('waiting_connection');
      expect(readStoredJobError(failed)).toMatchObject({ code: 'outcome_unknown', params: { refusedStatus: expect.any(Number) } });
      // Bounded: the first send's two attempts, then a few resends under the same key.
      expect(posts(service.seen).length).toBeLessThanOrEqual(10);
      expect(keysOf(service.seen)).toEqual(new Set([failed.idempotency_key]));
      expect(service.charges).toHaveLength(1);
    },
  );

  it('a 401 after a lost answer keeps the job tied to the key it may have run under: never resent under another key', async () => {
    let count = 0;
    let fingerprint = 'fp-1';
    const service = await startFakeService(
      (req, res) => {
        if (req.url !== '/v1/generations') return false;
        count += 1;
        if (count !== 2) return false;
        fingerprint = 'fp-2'; // the user pastes another key while the job is in doubt
        json(res, 401, { error: { code: 'invalid_api_key', message: 'Unknown API key' } });
        return true;
      },
      { loseAnswer: () => count === 1 },
    );
    const q = startedQueue(service, cleanups, { overrides: { keyFingerprint: () => fingerprint } });
    const [job] = q.queue.enqueue([generationJob()]);
    const failed = await q.until(job!.id, (j) => j.state === 'failed' || j.state === 'processing');
    expect(failed.error_code).toBe('key_changed_in_doubt');
    expect(failed.key_fingerprint).toBe('fp-1');
    expect(posts(service.seen)).toHaveLength(2);
    expect(service.charges).toHaveLength(1);
  });
});
