import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { libraryFileOf } from '../../electron/core/session/sessionStores.ts';
import type { Job, Price } from '../../shared/ipc/index.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger } from './support/ledger.ts';

const running: Harness[] = [];
afterAll(async () => {
  for (const h of running.splice(0)) await h.stop().catch(() => {});
});

async function withCharacter(h: Harness): Promise<string> {
  const job = (await h.invoke('characters.create', { body: { name: 'Nora', parameters: {} }, quoteId: null })) as Job;
  return (await h.waitFor('job.updated', (j) => j.id === job.id && j.state === 'done')).resourceId!;
}

/** One quote per result, as the generate panel asks for them before the click. */
async function quotesFor(h: Harness, body: Record<string, unknown>, count: number): Promise<Price[]> {
  const prices: Price[] = [];
  for (let i = 0; i < count; i += 1)
    prices.push((await h.invoke('quotes.price', { operationId: 'generations.create.v1', input: body })) as Price);
  return prices;
}

/** The jobs of a batch as the library holds them, in the order they were committed. */
function batchJobs(h: Harness, batchId: string) {
  return h.core
    .session()!
    .library.all<{ id: string; quote_id: string; idempotency_key: string }>(
      'SELECT id, quote_id, idempotency_key FROM jobs WHERE batch_id = ? ORDER BY rowid',
      batchId,
    );
}

describe('several results of one click against the real sandbox', () => {
  it('prices a batch of 4 images as 4 quotes, and the service charges each result once, at its quote', async () => {
    const h = await startCore({ keychain: new MemoryKeychain() });
    running.push(h);
    const characterId = await withCharacter(h);
    const body = { character_id: characterId, type: 'image', prompt: 'Nora on four different beaches', options: { aspect_ratio: '16:9' } };
    const prices = await quotesFor(h, body, 4);
    expect(new Set(prices.map((p) => p.quoteId)).size).toBe(4);
    const first = (await h.invoke('generations.create', { body, quoteId: null, count: 4, quoteIds: prices.map((p) => p.quoteId) })) as Job;
    const jobs = batchJobs(h, first.batchId!);
    expect(jobs.map((j) => j.quote_id)).toEqual(prices.map((p) => p.quoteId));
    const done = await Promise.all(
      jobs.map((job) => h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'))),
    );
    expect(done.map((j) => j.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(done.map((j) => j.batchId)).toEqual(Array(4).fill(first.batchId));
    // The shape each asked for travels with the job: its placeholder takes that shape before the item exists.
    expect([first, ...done].map((j) => j.aspectRatio)).toEqual(Array(5).fill('16:9'));
    const operations = await ledger(h.sandbox());
    for (const [i, job] of jobs.entries()) {
      const charged = operations.filter((o) => o.idempotency_key === job.idempotency_key);
      expect(charged.map((o) => ({ charges: o.charges, credits: o.credits }))).toEqual([{ charges: 1, credits: prices[i]!.credits }]);
      expect(done[i]!.creditsUsed).toBe(prices[i]!.credits);
    }
  });

  it('keeps a retried result in its batch, and charges only the retry', async () => {
    const h = await startCore({ keychain: new MemoryKeychain() });
    running.push(h);
    const characterId = await withCharacter(h);
    const body = { character_id: characterId, type: 'image', prompt: 'Nora at two windows', options: { aspect_ratio: '1:1' } };
    await h.sandbox().request('PUT', '/sandbox/faults', { body: { failure_rate: { image: 1 } } });
    const prices = await quotesFor(h, body, 2);
    const first = (await h.invoke('generations.create', { body, quoteId: null, count: 2, quoteIds: prices.map((p) => p.quoteId) })) as Job;
    const jobs = batchJobs(h, first.batchId!);
    const failed = await Promise.all(
      jobs.map((job) => h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'))),
    );
    expect(failed.map((j) => j.state)).toEqual(['failed', 'failed']);
    await h.sandbox().request('PUT', '/sandbox/faults', { body: {} });
    const [again] = await quotesFor(h, body, 1);
    const retried = (await h.invoke('jobs.retry', { id: jobs[0]!.id, quoteId: again!.quoteId })) as Job;
    expect(retried.retryOf).toBe(jobs[0]!.id);
    expect(retried.batchId).toBe(first.batchId);
    const done = await h.waitFor('job.updated', (j) => j.id === retried.id && (j.state === 'done' || j.state === 'failed'));
    expect(done.state).toBe('done');
    expect(done.batchId).toBe(first.batchId);
    expect(batchJobs(h, first.batchId!).map((j) => j.id)).toEqual([...jobs.map((j) => j.id), retried.id]);
    const retryKey = batchJobs(h, first.batchId!)[2]!.idempotency_key;
    const charged = (await ledger(h.sandbox())).filter((o) => o.idempotency_key === retryKey);
    expect(charged.map((o) => ({ charges: o.charges, credits: o.credits }))).toEqual([{ charges: 1, credits: again!.credits }]);
  });

  it('stopped in the middle of a batch and started again, it finishes every result, each charged once', async () => {
    const keychain = new MemoryKeychain();
    // Two at a time and slow answers: the stop lands with results accepted, on the wire and not yet sent.
    const first = await startCore({ keychain, deps: { tuning: { concurrency: { 'generation.create': 2 } } } });
    running.push(first);
    const characterId = await withCharacter(first);
    await first.sandbox().request('PUT', '/sandbox/faults', { body: { latency_ms: { image: 700 } } });
    const body = { character_id: characterId, type: 'image', prompt: 'Nora waits over a restart' };
    const prices = await quotesFor(first, body, 4);
    const job = (await first.invoke('generations.create', {
      body,
      quoteId: null,
      count: 4,
      quoteIds: prices.map((p) => p.quoteId),
    })) as Job;
    const jobs = batchJobs(first, job.batchId!);
    await first.waitFor('job.updated', (j) => j.batchId === job.batchId && j.state === 'processing');
    const libraryFile = libraryFileOf(first.userDataDir, first.core.session()!.profile.id);
    await first.stop();
    running.splice(running.indexOf(first), 1);
    const stopped = new DatabaseSync(libraryFile, { readOnly: true });
    const before = jobs.map((j) => (stopped.prepare('SELECT state FROM jobs WHERE id = ?').get(j.id) as { state: string }).state);
    stopped.close();
    expect(before, `states when stopped: ${before.join(', ')}`).toContain('processing');
    expect(before, `states when stopped: ${before.join(', ')}`).toContain('queued');
    const states = await statesAfter(first.userDataDir, keychain, jobs);
    expect(states.after).toEqual(['done', 'done', 'done', 'done']);
    const operations = await ledger(states.h.sandbox());
    for (const [i, each] of jobs.entries()) {
      const charged = operations.filter((o) => o.idempotency_key === each.idempotency_key);
      expect(charged.map((o) => ({ charges: o.charges, credits: o.credits }))).toEqual([{ charges: 1, credits: prices[i]!.credits }]);
    }
  });
});

/** Opens the library again in a new core: the batch's states once every result has finished. */
async function statesAfter(userDataDir: string, keychain: MemoryKeychain, jobs: { id: string }[]) {
  const h = await startCore({ keychain, userDataDir });
  running.push(h);
  await h.sandbox().request('PUT', '/sandbox/faults', { body: {} });
  const after = await Promise.all(
    jobs.map(
      async (j) =>
        (await h.waitFor('job.updated', (e) => e.id === j.id && (e.state === 'done' || e.state === 'failed'), 60_000)).state as string,
    ),
  );
  return { h, after };
}
