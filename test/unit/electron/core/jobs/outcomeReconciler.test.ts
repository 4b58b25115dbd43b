import { afterEach, describe, expect, it } from 'vitest';
import type { Generation } from '../../../../../shared/api/index.ts';
import { HistoryMatchStore } from '../../../../../electron/core/jobs/historyMatchStore.ts';
import { JobStore, type JobRecord } from '../../../../../electron/core/jobs/jobStore.ts';
import { OutcomeReconciler } from '../../../../../electron/core/jobs/outcomeReconciler.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { ManualClock } from '../support/manualClock.ts';
import { dbIn } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const CHARACTER = '6f1d2c8e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const MINUTE = 60_000;

const opened: LibraryDatabase[] = [];
afterEach(() => {
  for (const library of opened.splice(0)) library.close();
});

/** A real library file; `listed` is what the service's history shows when the next pass runs. */
function setup(options: { settleMs?: number; historyFails?: boolean } = {}) {
  const library = LibraryDatabase.open(dbIn(tempDir()));
  opened.push(library);
  const clock = new ManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
  const now = () => new Date(clock.now()).toISOString();
  const jobs = new JobStore(library, now);
  const resources = new ResourceStore(library, now);
  const listed: Generation[] = [];
  const passes: number[] = [];
  const reconciler = new OutcomeReconciler({
    matches: new HistoryMatchStore(library),
    historyPassSince: (at) => {
      if (options.historyFails) return Promise.reject(new Error('403 plan_required'));
      passes.push(at);
      library.transaction(() => listed.forEach((g) => resources.upsertGeneration(g)));
      return Promise.resolve();
    },
    clock,
    log: new CaptureLog(),
    settleMs: options.settleMs ?? MINUTE,
  });
  const sentJob = (kind: JobRecord['kind'] = 'generation.create', prompt = 'a quiet harbour'): JobRecord => {
    const record = jobs.insert({
      id: `job-${Math.random()}`,
      kind,
      state: 'queued',
      title: { what: 'image', subject: prompt },
      path: kind === 'generation.create' ? '/v1/generations' : `/v1/characters/${CHARACTER}/regenerate`,
      body: JSON.stringify({ character_id: CHARACTER, prompt, type: 'image' }),
      idempotencyKey: `key-${Math.random()}-padding`,
      quoteId: null,
      quotedCredits: 3,
      resourceKind: null,
      resourceId: null,
      dependsOn: null,
      dependency: null,
      retryOf: null,
    });
    jobs.update(record.id, { attempts: 2, sent_at: now() });
    return jobs.require(record.id);
  };
  const made = (id: string, prompt: string, atMs: number): Generation => ({
    id,
    type: 'image',
    status: 'completed',
    prompt,
    character_id: CHARACTER,
    credits_used: 3,
    completed_at: null,
    error_message: null,
    model: null,
    options: {},
    created_at: new Date(atMs).toISOString(),
  });
  return { library, clock, jobs, listed, passes, reconciler, sentJob, made };
}

describe('reconciling a job in doubt against the service’s history', () => {
  it('links the one record of its kind, character and prompt made since its first send', async () => {
    const t = setup();
    const job = t.sentJob();
    t.listed.push(
      t.made('g-other-prompt', 'a loud harbour', t.clock.now() + 1_000),
      t.made('g-it', 'a quiet harbour', t.clock.now() + 2_000),
    );
    t.clock.advance(5_000);
    const verdict = await t.reconciler.reconcile(job, t.clock.now());
    expect(verdict).toMatchObject({ kind: 'ran', match: { resourceKind: 'generation', resourceId: 'g-it' } });
    expect(t.passes).toEqual([t.clock.now()]); // a pass that began after the job came into doubt
  });

  it('never links a record made long before the first send, nor one another job already follows', async () => {
    const t = setup();
    const job = t.sentJob();
    const other = t.sentJob();
    t.jobs.update(other.id, { resource_kind: 'generation', resource_id: 'g-claimed' });
    t.listed.push(
      t.made('g-old', 'a quiet harbour', t.clock.now() - 30 * MINUTE),
      t.made('g-claimed', 'a quiet harbour', t.clock.now() + 1_000),
    );
    t.clock.advance(2 * MINUTE);
    expect(await t.reconciler.reconcile(job, t.clock.now() - 2 * MINUTE)).toEqual({ kind: 'not_run' });
  });

  it('cannot choose between two matching records: the creator decides', async () => {
    const t = setup();
    const job = t.sentJob();
    t.listed.push(t.made('g-1', 'a quiet harbour', t.clock.now() + 1_000), t.made('g-2', 'a quiet harbour', t.clock.now() + 3_000));
    t.clock.advance(5_000);
    expect(await t.reconciler.reconcile(job, t.clock.now())).toMatchObject({ kind: 'undecided', why: 'several' });
  });

  it('says "did not run" only of a history listed a while after the job came into doubt', async () => {
    const t = setup();
    const job = t.sentJob();
    const since = t.clock.now();
    expect(await t.reconciler.reconcile(job, since)).toEqual({ kind: 'undecided', why: 'too_soon', retryAt: since + MINUTE });
    t.clock.advance(MINUTE);
    expect(await t.reconciler.reconcile(job, since)).toEqual({ kind: 'not_run' });
  });

  it('history that cannot be read (a plan refused, the service down) never counts as "did not run"', async () => {
    const t = setup({ historyFails: true, settleMs: 0 });
    const job = t.sentJob();
    t.clock.advance(10 * MINUTE);
    expect(await t.reconciler.reconcile(job, 0)).toMatchObject({ kind: 'undecided', why: 'history_unavailable' });
  });

  it('a regenerate leaves no record of its own to recognise: history cannot decide', async () => {
    const t = setup({ settleMs: 0 });
    const job = t.sentJob('character.regenerate');
    t.clock.advance(10 * MINUTE);
    expect(await t.reconciler.reconcile(job, 0)).toMatchObject({ kind: 'undecided', why: 'cannot_show' });
    expect(t.passes).toEqual([]);
  });
});
