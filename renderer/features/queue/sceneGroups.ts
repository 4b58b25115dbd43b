import type { IntlShape } from 'react-intl';
import type { Job, SceneQueueGroup, SceneQueueLine } from '../../../shared/ipc/index.ts';

/** What a batch group of the queue shows of its scene: its title now, or that the scene was deleted. */
export type BatchScene = { title: string; deleted: boolean };

/** The batches of these jobs, newest first, each once. */
export function batchIdsOf(jobs: readonly Job[]): string[] {
  const newestFirst = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...new Set(newestFirst.flatMap((job) => (job.batchId ? [job.batchId] : [])))];
}

/** Each scene job's line, by job id. */
export function sceneLines(groups: Record<string, SceneQueueGroup>): Map<string, SceneQueueLine> {
  const out = new Map<string, SceneQueueLine>();
  for (const group of Object.values(groups)) for (const line of group.lines) out.set(line.jobId, line);
  return out;
}

/** The scene a batch of jobs renders, when it is a scene's (its first job that names a batch says which). */
export function sceneOf(batch: readonly Job[], groups: Record<string, SceneQueueGroup>, intl: IntlShape): BatchScene | null {
  const batchId = batch.find((job) => job.batchId)?.batchId;
  const group = batchId ? groups[batchId] : undefined;
  if (!group) return null;
  if (group.title === null) return { title: intl.formatMessage({ id: 'queue.scene.deleted' }), deleted: true };
  return { title: group.title || intl.formatMessage({ id: 'queue.scene.untitled' }), deleted: false };
}

/** "Line 3 · Mara"; a job of a line edited or removed since says so; null for a job that is no scene's. */
export function lineLabel(line: SceneQueueLine | undefined, intl: IntlShape): string | null {
  if (!line) return null;
  const where =
    line.lineNumber === null
      ? intl.formatMessage({ id: 'queue.line.earlier' })
      : intl.formatMessage({ id: 'queue.line.number' }, { number: line.lineNumber });
  return line.speaker ? intl.formatMessage({ id: 'queue.line.speaker' }, { where, speaker: line.speaker }) : where;
}

/**
 * The results a batch's jobs stand for, as the creator counts them: a job retried inside the batch
 * gives way to its retry, and a chain (a scene line's speech, then its clip) counts once, by its last
 * job. Four images are four results; a six-line scene is six, not its twelve jobs.
 */
export function batchResults(jobs: readonly Job[]): Job[] {
  const retried = new Set(jobs.flatMap((job) => (job.retryOf ? [job.retryOf] : [])));
  const current = jobs.filter((job) => !retried.has(job.id));
  const awaited = new Set(current.flatMap((job) => (job.dependsOn ? [job.dependsOn] : [])));
  return current.filter((job) => !awaited.has(job.id));
}

/**
 * What a batch costs the creator: each job's charge less its refund, nothing for a job that ended
 * without a charge, and the quote of each job not charged yet. `settled` once no quote is left in it.
 */
export function batchPrice(jobs: readonly Job[]): { credits: number; settled: boolean } {
  let credits = 0;
  let settled = true;
  for (const job of jobs) {
    if (job.creditsUsed !== null) credits += job.creditsUsed - Math.min(job.creditsUsed, job.creditsRefunded ?? 0);
    else if (job.state !== 'failed' && job.state !== 'cancelled') {
      credits += job.quotedCredits ?? 0;
      settled = false;
    }
  }
  return { credits, settled };
}

/**
 * How far a batch's results are along, 0 to 1, from those that did not fail: a done one counts whole,
 * one in flight by its progress. Null when none in flight says how far it is.
 */
export function batchFraction(results: readonly Job[], progressOf: (job: Job) => number | null): number | null {
  const counted = results.filter((job) => job.state !== 'failed' && job.state !== 'cancelled');
  let sum = 0;
  let known = false;
  for (const job of counted) {
    if (job.state === 'done') sum += 1;
    else {
      const fraction = progressOf(job);
      if (fraction === null) continue;
      sum += fraction;
      known = true;
    }
  }
  return known && counted.length > 0 ? sum / counted.length : null;
}
