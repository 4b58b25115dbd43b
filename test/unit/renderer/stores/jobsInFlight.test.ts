import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/ipc/index.ts';
import { groupBatches, chainOrder } from '../../../../renderer/features/queue/jobLabels.ts';
import { PROGRESS_CAP, progressOf, progressText, useJobsInFlightStore } from '../../../../renderer/stores/jobsInFlight.ts';

const T0 = Date.parse('2026-05-01T12:00:00.000Z');

function job(change: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    kind: 'generation.create',
    state: 'processing',
    title: { what: 'image', subject: 'waves' },
    quotedCredits: 3,
    creditsUsed: 3,
    creditsRefunded: null,
    resourceKind: 'generation',
    resourceId: 'g1',
    dependsOn: null,
    retryOf: null,
    attempts: 1,
    progress: null,
    error: null,
    createdAt: new Date(T0 - 1_000).toISOString(),
    updatedAt: new Date(T0).toISOString(),
    startedAt: new Date(T0).toISOString(),
    estimateMs: 30_000,
    batchId: null,
    ...change,
  };
}

afterEach(() => useJobsInFlightStore.getState().reset());

describe('progress along the library’s estimate', () => {
  it('fills along the estimate, says the time so far against it, and stops short of the end until done', () => {
    expect(progressOf(job(), T0 + 15_000)).toMatchObject({ elapsedMs: 15_000, fraction: 0.5, overdue: false });
    expect(progressText(progressOf(job(), T0 + 15_000))).toBe('0:15 of about 0:30');
    expect(progressOf(job(), T0 + 45_000)).toMatchObject({ fraction: PROGRESS_CAP, overdue: true });
    expect(progressText(progressOf(job(), T0 + 45_000))).toBe('0:45 (usually about 0:30)');
    expect(progressOf(job({ state: 'done' }), T0 + 45_000).fraction).toBe(1);
  });

  it('shows the time alone without an estimate, and nothing before the service took the job', () => {
    expect(progressOf(job({ estimateMs: null }), T0 + 5_000)).toMatchObject({ elapsedMs: 5_000, fraction: null });
    expect(progressText(progressOf(job({ estimateMs: null }), T0 + 5_000))).toBe('0:05');
    expect(progressText(progressOf(job({ state: 'queued', startedAt: null }), T0 + 5_000))).toBeNull();
  });
});

describe('the work in flight', () => {
  it('holds a job while it runs, hands it over when it finishes, and never lets an older record win', () => {
    const store = () => useJobsInFlightStore.getState();
    store().apply(job({ state: 'queued', updatedAt: new Date(T0 - 500).toISOString() }));
    store().apply(job());
    store().apply(job({ state: 'queued', updatedAt: new Date(T0 - 900).toISOString() }));
    expect(store().jobs.j1?.state).toBe('processing');
    store().apply(job({ state: 'done', updatedAt: new Date(T0 + 30_000).toISOString() }));
    expect(store().jobs).toEqual({});
    expect(store().finished.j1?.state).toBe('done');
  });

  it('lets the creator dismiss a finished job, and nothing else', () => {
    const store = () => useJobsInFlightStore.getState();
    store().apply(job({ state: 'sending' }));
    store().apply(job({ state: 'failed', updatedAt: new Date(T0 + 1_000).toISOString() }));
    store().apply(job({ id: 'j2' }));
    store().dismiss('j2');
    expect(Object.keys(store().jobs)).toEqual(['j2']);
    store().dismiss('j1');
    expect(store().finished).toEqual({});
  });
});

describe('the queue’s groups', () => {
  it('shows the jobs of one click as one group, and a single job or a chain step as its own row', () => {
    const a = job({ id: 'a', batchId: 'b', createdAt: '2026-05-01T12:00:01.000Z' });
    const b = job({ id: 'b', batchId: 'b', createdAt: '2026-05-01T12:00:02.000Z' });
    const lone = job({ id: 'lone', batchId: 'alone', createdAt: '2026-05-01T12:00:03.000Z' });
    const plain = job({ id: 'plain', createdAt: '2026-05-01T11:00:00.000Z' });
    const entries = groupBatches(chainOrder([a, b, lone, plain]));
    expect(entries.map((e) => (e.batch ? e.batch.map((j) => j.id) : e.job.id))).toEqual(['lone', ['a', 'b'], 'plain']);
  });
});
