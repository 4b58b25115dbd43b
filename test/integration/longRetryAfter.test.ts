import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import type { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';
import { ledger } from './support/ledger.ts';
import { SkipClock } from './support/skipClock.ts';

let h: Harness;
let keychain: KeytarKeychain;
let characterId = '';
const clock = new SkipClock();
const posts: { at: number }[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function faults(body: Record<string, unknown>): Promise<void> {
  expect((await h.sandbox().request('PUT', '/sandbox/faults', { body })).status).toBe(200);
}

function settle(job: Job, timeoutMs = 60_000): Promise<Job> {
  return h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), timeoutMs);
}

describe.skipIf(!hasSecretService)('a long Retry-After (sandbox --variant long-retry-after)', () => {
  beforeAll(async () => {
    keychain = testKeychain();
    h = await startCore({
      keychain,
      variants: ['long-retry-after'],
      deps: { clock, tuning: { onAttempt: (r) => r.method === 'POST' && r.path === '/v1/generations' && posts.push({ at: clock.now() }) } },
    });
    const job = (await h.invoke('characters.create', {
      body: { name: 'Tess', parameters: { creationType: 'human' } },
      quoteId: null,
    })) as Job;
    characterId = (await settle(job)).resourceId!;
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await keychain?.delete('sandbox').catch(() => {});
  });

  it('puts a paid job back in the queue until the asked time (90 s in seconds or as an HTTP date), then charges it once', async () => {
    const prices = await Promise.all(
      ['wait one', 'wait two'].map(async (prompt) => ({
        prompt,
        quoteId: (
          (await h.invoke('quotes.price', {
            operationId: 'generations.create.v1',
            input: { character_id: characterId, type: 'image', prompt },
          })) as { quoteId: string }
        ).quoteId,
      })),
    );
    await faults({ rate_429: 1 });
    const jobs: Job[] = [];
    const waiting: { job: Job; seenAt: number }[] = [];
    for (const { prompt, quoteId } of prices) {
      const job = (await h.invoke('generations.create', { body: { character_id: characterId, type: 'image', prompt }, quoteId })) as Job;
      jobs.push(job);
      const parked = await h.waitFor('job.updated', (j) => j.id === job.id && typeof j.waitingUntil === 'string', 30_000);
      waiting.push({ job: parked, seenAt: clock.now() });
    }
    const sent = posts.length;
    for (const { job, seenAt } of waiting) {
      expect(job.state).toBe('waiting_connection');
      expect(job.error?.code).toBe('rate_limited');
      // The HTTP date has one-second resolution; the wait is never cut to a cap.
      expect(Date.parse(job.waitingUntil!) - seenAt).toBeGreaterThanOrEqual(88_000);
    }
    // Each job was sent once and handed back; none holds a request slot while it waits.
    expect(sent).toBe(2);
    const listed = (await h.invoke('jobs.list', {})) as { jobs: Job[] };
    for (const job of jobs) expect(listed.jobs.find((j) => j.id === job.id)?.waitingUntil).toBeTruthy();

    await faults({});
    clock.skip(60_000);
    await sleep(1_500);
    expect(posts.length, 'nothing is sent before the asked time').toBe(sent);

    clock.skip(31_000);
    const done = await Promise.all(jobs.map((job) => settle(job)));
    for (const job of done) expect(job.state, JSON.stringify(job.error)).toBe('done');
    // Sent again only once the asked time had come (on core's clock, which the test moved on).
    const resent = posts.slice(sent).map((p) => p.at);
    expect(resent.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...resent)).toBeGreaterThanOrEqual(Math.min(...waiting.map(({ job }) => Date.parse(job.waitingUntil!))));

    const operations = await ledger(h.sandbox());
    for (const job of jobs) {
      const key = h.core.session()!.jobs.require(job.id).idempotency_key;
      const entries = operations.filter((o) => o.idempotency_key === key);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.charges).toBe(1);
    }
  }, 180_000);
});
