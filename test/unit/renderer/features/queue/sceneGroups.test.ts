import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Job, SceneQueueGroup } from '../../../../../shared/ipc/index.ts';
import { chainOrder, depthsInBatch, groupBatches } from '../../../../../renderer/features/queue/jobLabels.ts';
import {
  batchFraction,
  batchIdsOf,
  batchPrice,
  batchResults,
  lineLabel,
  sceneLines,
  sceneOf,
} from '../../../../../renderer/features/queue/sceneGroups.ts';
import { messagesFor } from '../../../../../renderer/i18n/catalogs.ts';

const intl = createIntl({ locale: 'en', messages: messagesFor('en') });

function job(id: string, second: number, patch: Partial<Job> = {}): Job {
  const at = `2026-11-24T14:30:${String(second).padStart(2, '0')}.000Z`;
  return {
    id,
    kind: 'audio.create',
    state: 'queued',
    title: { what: 'talk', subject: id },
    quotedCredits: 5,
    creditsUsed: null,
    creditsRefunded: null,
    resourceKind: null,
    resourceId: null,
    dependsOn: null,
    retryOf: null,
    attempts: 0,
    progress: null,
    error: null,
    createdAt: at,
    updatedAt: at,
    batchId: 'scene',
    ...patch,
  };
}

/** A scene of three lines queued in one click (speech then clip each), the second line's clip failed and retried. */
function sceneJobs(): Job[] {
  return [
    job('s1', 1),
    job('t1', 2, { kind: 'generation.create', dependsOn: 's1' }),
    job('s2', 3),
    job('t2', 4, { kind: 'generation.create', dependsOn: 's2', state: 'failed' }),
    job('t2-retry', 9, { kind: 'generation.create', dependsOn: 's2', retryOf: 't2', batchId: null }),
    job('n3', 5),
  ];
}

const group: SceneQueueGroup = {
  sceneId: 'scene',
  title: 'Pier',
  lines: [
    { jobId: 'n3', lineNumber: 1, speaker: 'Narrator' },
    { jobId: 's1', lineNumber: 2, speaker: 'Mara' },
    { jobId: 't1', lineNumber: 2, speaker: 'Mara' },
    { jobId: 's2', lineNumber: 3, speaker: 'Otto' },
    { jobId: 't2', lineNumber: 3, speaker: 'Otto' },
    { jobId: 't2-retry', lineNumber: 3, speaker: 'Otto' },
    { jobId: 'gone', lineNumber: null, speaker: 'Otto' },
  ],
};

describe('a scene’s jobs in the queue', () => {
  it('are one group holding each line’s chain, its retries with it, in the order of the lines', () => {
    const jobs = sceneJobs();
    const lines = sceneLines({ scene: group });
    const entries = groupBatches(chainOrder(jobs), { placeOf: (each) => lines.get(each.id)?.lineNumber ?? null });
    expect(entries).toHaveLength(1);
    const batch = entries[0]?.batch ?? [];
    expect(batch.map((each) => each.id)).toEqual(['n3', 's1', 't1', 's2', 't2-retry', 't2']);
    const depths = depthsInBatch(batch);
    expect(['n3', 's1', 't1', 's2', 't2-retry'].map((id) => depths.get(id))).toEqual([0, 0, 1, 0, 1]);
  });

  it('keep a retry in its batch when the job it retried is only known, not shown', () => {
    const jobs = sceneJobs();
    const shown = jobs.filter((each) => each.state !== 'failed');
    const entries = groupBatches(chainOrder(shown), { known: jobs });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.batch?.map((each) => each.id)).toContain('t2-retry');
    expect(
      groupBatches(chainOrder(shown))
        .filter((entry) => entry.batch === null)
        .map((entry) => entry.job.id),
    ).toEqual(['t2-retry']);
  });

  it('are named after the scene, a deleted one said to be so, and each job after its line', () => {
    const jobs = sceneJobs();
    expect(sceneOf(jobs, { scene: group }, intl)).toEqual({ title: 'Pier', deleted: false });
    expect(sceneOf(jobs, { scene: { ...group, title: null } }, intl)).toEqual({ title: 'Deleted scene', deleted: true });
    expect(sceneOf(jobs, {}, intl)).toBeNull();
    const lines = sceneLines({ scene: group });
    expect(lineLabel(lines.get('t1'), intl)).toBe('Line 2 · Mara');
    expect(lineLabel(lines.get('gone'), intl)).toBe('Earlier version of a line · Otto');
    expect(lineLabel({ jobId: 'x', lineNumber: 4, speaker: null }, intl)).toBe('Line 4');
    expect(lineLabel(undefined, intl)).toBeNull();
    expect(batchIdsOf([...jobs, job('img', 30, { batchId: 'images' })])).toEqual(['images', 'scene']);
  });

  it('count as lines, not jobs: a chain once by its last job, a retried job by its retry', () => {
    expect(batchResults(sceneJobs()).map((each) => each.id)).toEqual(['t1', 't2-retry', 'n3']);
    const images = ['a', 'b', 'c', 'd'].map((id, at) => job(id, at, { kind: 'generation.create', batchId: 'images' }));
    expect(batchResults(images)).toHaveLength(4);
    const failedThenRetried = [...images, job('b-retry', 20, { kind: 'generation.create', batchId: 'images', retryOf: 'b' })];
    expect(batchResults(failedThenRetried).map((each) => each.id)).toEqual(['a', 'c', 'd', 'b-retry']);
  });

  it('price a batch at what it costs: charges less refunds, nothing for a job never charged, quotes for the rest', () => {
    const images = (patches: Partial<Job>[]) =>
      patches.map((patch, at) => job(`i${String(at)}`, at, { kind: 'generation.create', quotedCredits: 8, ...patch }));
    // Four quoted, none charged yet.
    expect(batchPrice(images([{}, {}, {}, {}]))).toEqual({ credits: 32, settled: false });
    // One charged and refunded in full when it failed, its retry charged: three images' worth, settled.
    const refundedThenRetried = images([
      { state: 'done', creditsUsed: 8 },
      { state: 'failed', creditsUsed: 8, creditsRefunded: 8 },
      { state: 'done', creditsUsed: 8 },
      { state: 'done', creditsUsed: 8, retryOf: 'i1' },
    ]);
    expect(batchPrice(refundedThenRetried)).toEqual({ credits: 24, settled: true });
    // One refused before any charge, one cancelled before it was sent: neither costs, nor waits for a charge.
    expect(batchPrice(images([{ state: 'done', creditsUsed: 8 }, { state: 'failed' }, { state: 'cancelled' }]))).toEqual({
      credits: 8,
      settled: true,
    });
    // A refund still to come: the charge counts until it is known.
    expect(batchPrice(images([{ state: 'failed', creditsUsed: 8 }]))).toEqual({ credits: 8, settled: true });
  });

  it('fill the batch bar over the results that did not fail, so a retried one lets it reach the end', () => {
    const along = (fractions: Record<string, number | null>) => (each: Job) => fractions[each.id] ?? null;
    const images = ['a', 'b', 'c', 'd'].map((id, at) => job(id, at, { kind: 'generation.create', batchId: 'images', state: 'done' }));
    const batch = [...images.slice(0, 3), job('d', 3, { state: 'failed' }), job('d2', 9, { retryOf: 'd', state: 'processing' })];
    const results = batchResults(batch);
    expect(batchFraction(results, along({ d2: 0.5 }))).toBeCloseTo(3.5 / 4);
    expect(batchFraction(results, along({}))).toBeNull();
    // A result that failed for good is out of the count: the three done and one half way are 7/8 of the rest.
    const withLoss = [...images.slice(0, 3), job('e', 5, { state: 'failed' }), job('f', 6, { state: 'processing' })];
    expect(batchFraction(batchResults(withLoss), along({ f: 0.5 }))).toBeCloseTo(3.5 / 4);
  });
});
