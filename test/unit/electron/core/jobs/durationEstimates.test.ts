import { afterEach, describe, expect, it } from 'vitest';
import { Job } from '../../../../../shared/ipc/index.ts';
import { Router } from '../../../../../electron/core/ipc/router.ts';
import { registerGenerationHandlers } from '../../../../../electron/core/generations/registerGenerationHandlers.ts';
import { DurationEstimateStore } from '../../../../../electron/core/jobs/durationEstimateStore.ts';
import { DurationEstimates } from '../../../../../electron/core/jobs/durationEstimates.ts';
import { generationIntent } from '../../../../../electron/core/jobs/jobKinds.ts';
import { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { GENERATION_BODY, startFakeService } from '../support/fakeService.ts';
import { dbIn, startedQueue } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const VIDEO = { ...GENERATION_BODY, type: 'video' as const, prompt: 'waves', options: { duration: 5, quality: 'standard' as const } };

/** A library file whose clock the test moves, and runs that took as long as it says. */
function libraryWithRuns() {
  const library = LibraryDatabase.open(dbIn(tempDir()));
  cleanups.push(async () => library.close());
  let at = Date.parse('2026-03-01T10:00:00.000Z');
  const store = new JobStore(library, () => new Date(at).toISOString());
  const estimates = new DurationEstimates(new DurationEstimateStore(library));
  let n = 0;
  /** A job accepted now that ends `ms` later in `end`; the clock moves on past it. */
  const run = (body: Parameters<typeof generationIntent>[0], ms: number, end: 'done' | 'failed' | 'marked' = 'done') => {
    n += 1;
    const draft = generationIntent(body);
    const id = `job-${n}`;
    store.insert({
      ...draft,
      id,
      state: 'queued',
      idempotencyKey: `key-${n}-${'x'.repeat(16)}`,
      quoteId: null,
      quotedCredits: 3,
      dependsOn: null,
      dependency: null,
      retryOf: null,
    });
    store.transition(id, 'sending', { attempts: 1 });
    store.transition(id, 'processing', { accepted_at: new Date(at).toISOString(), resource_kind: 'generation', resource_id: `gen-${n}` });
    at += ms;
    if (end === 'failed') store.transition(id, 'failed', { error_code: 'generation_failed', error_message: 'no' });
    else store.transition(id, 'done', end === 'marked' ? { error_code: 'marked_done', error_message: 'You marked this job as done.' } : {});
    at += 60_000;
  };
  return { library, store, estimates, run };
}

describe('duration estimates from the library’s own history', () => {
  it('knows nothing before a run of that kind has finished here', () => {
    const { estimates } = libraryWithRuns();
    expect(estimates.estimateMs({ kind: 'generation.create', generationType: 'image', options: {} })).toBeNull();
  });

  it('takes the median of the latest runs with the same type and timed options, from acceptance to done', () => {
    const { estimates, run } = libraryWithRuns();
    run(VIDEO, 30_000);
    run(VIDEO, 50_000);
    run(VIDEO, 40_000);
    // Other options, other types, failures and jobs the creator marked as done say nothing about these.
    run({ ...VIDEO, options: { duration: 10, quality: 'standard' } }, 90_000);
    run({ ...VIDEO, options: { duration: 5, quality: 'pro' } }, 70_000);
    run({ ...VIDEO, model: 'another-model' }, 80_000);
    run(GENERATION_BODY, 4_000);
    run(VIDEO, 1_000, 'failed');
    run(VIDEO, 500_000, 'marked');
    const key = { kind: 'generation.create' as const, generationType: 'video' as const, options: { duration: 5, quality: 'standard' } };
    expect(estimates.estimateMs(key)).toBe(40_000);
    run(VIDEO, 60_000);
    expect(estimates.estimateMs(key)).toBe(45_000);
    expect(estimates.estimateMs({ ...key, options: { duration: 10, quality: 'standard' } })).toBe(90_000);
    expect(estimates.estimateMs({ kind: 'generation.create', generationType: 'image', options: { prompt: 'ignored' } })).toBe(4_000);
  });

  it('reads options left out as the catalog’s defaults, so a request naming them matches one that does not', () => {
    const { estimates, run } = libraryWithRuns();
    run(GENERATION_BODY, 6_000);
    run({ ...VIDEO, options: {} }, 30_000);
    expect(estimates.estimateMs({ kind: 'generation.create', generationType: 'image', options: { model: 'image-model-a' } })).toBe(6_000);
    // The default video is 5 seconds at pro quality on the default model.
    const pro = { kind: 'generation.create' as const, generationType: 'video' as const };
    expect(estimates.estimateMs({ ...pro, options: { model: 'video-model-a', duration: 5, quality: 'pro' } })).toBe(30_000);
    expect(estimates.estimateMs({ ...pro, options: { duration: 5, quality: 'standard' } })).toBeNull();
  });

  it('follows the latest nine runs only, so a service that got faster is believed', () => {
    const { estimates, run } = libraryWithRuns();
    for (let i = 0; i < 9; i += 1) run(GENERATION_BODY, 100_000);
    for (let i = 0; i < 5; i += 1) run(GENERATION_BODY, 10_000);
    expect(estimates.estimateMs({ kind: 'generation.create', generationType: 'image' })).toBe(10_000);
  });

  it('fixes the estimate on a job when it is queued, and reads it back with the job', () => {
    const { store, run, estimates } = libraryWithRuns();
    run(GENERATION_BODY, 12_000);
    run(GENERATION_BODY, 18_000);
    const draft = generationIntent(GENERATION_BODY);
    const estimate = estimates.estimateForBody(draft.kind, draft.body);
    store.insert({
      ...draft,
      id: 'new',
      state: 'queued',
      idempotencyKey: 'k'.repeat(20),
      quoteId: null,
      quotedCredits: 3,
      dependsOn: null,
      dependency: null,
      retryOf: null,
      estimateMs: estimate,
      batchId: 'b1',
    });
    expect(store.require('new')).toMatchObject({ estimate_ms: 15_000, batch_id: 'b1', finished_at: null });
  });
});

describe('several results of one click', () => {
  it('makes one job per result, each with its own quote and request key, under one batch id', async () => {
    const service = await startFakeService();
    const q = startedQueue(service, cleanups);
    const router = new Router();
    registerGenerationHandlers(router, { active: () => ({ canSend: () => true, api: q.api, resources: q.resources, queue: q.queue }) });
    const quotes = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const quote = await q.api.createQuote({ operation_id: 'createGeneration', input: GENERATION_BODY }, `price-${Math.random()}`);
        q.resources.upsertQuote(quote);
        return quote.id;
      }),
    );
    const reply = await router.handle('generations.create', { body: GENERATION_BODY, quoteId: null, count: 4, quoteIds: quotes });
    expect(reply.ok).toBe(true);
    const batchId = (reply.ok ? Job.parse(reply.value).batchId : null) ?? null;
    expect(batchId).toBeTruthy();
    const jobs = q.library.all<{ id: string; quote_id: string; idempotency_key: string }>(
      'SELECT id, quote_id, idempotency_key FROM jobs WHERE batch_id = ? ORDER BY rowid',
      batchId,
    );
    expect(jobs.map((j) => j.quote_id)).toEqual(quotes);
    expect(new Set(jobs.map((j) => j.idempotency_key)).size).toBe(4);
    for (const job of jobs) await q.until(job.id, (j) => j.state === 'processing');
    // The service was asked four times, each under its own key, and charged each once.
    expect(service.charges).toHaveLength(4);
    expect(new Set(service.charges)).toEqual(new Set(jobs.map((j) => j.idempotency_key)));
  });

  it('refuses more results than the type allows, and a count without a price for each, before anything is queued', async () => {
    const service = await startFakeService();
    const q = startedQueue(service, cleanups);
    const router = new Router();
    registerGenerationHandlers(router, { active: () => ({ canSend: () => true, api: q.api, resources: q.resources, queue: q.queue }) });
    const video = await router.handle('generations.create', { body: VIDEO, quoteId: null, count: 3 });
    expect(video).toMatchObject({ ok: false, error: { code: 'too_many_results', params: { most: 2, type: 'video' }, field: 'count' } });
    const short = await router.handle('generations.create', { body: GENERATION_BODY, quoteId: null, count: 3, quoteIds: ['a', 'b'] });
    expect(short).toMatchObject({ ok: false, error: { code: 'prices_missing', params: { count: 3 }, field: 'count' } });
    expect(q.library.get<{ n: number }>('SELECT count(*) AS n FROM jobs')?.n).toBe(0);
  });
});
