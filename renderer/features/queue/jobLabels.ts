import type { IntlShape } from 'react-intl';
import type { Job, JobKind, JobState } from '../../../shared/ipc/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

/**
 * The word on a job's row, per kind: the catalog's message for the kind's id (English follows the
 * table of job kinds' labels, which stay the fallback outside the page).
 */
export function jobKindMessage(kind: JobKind): MessageId {
  return `queue.kind.${kind}`;
}

/**
 * What each state means to the user, for the row's note; none where the row already shows it (the
 * progress of a job being made) or where nothing is left to say (a finished one carries no mark).
 */
export const JOB_STATE_NOTES: Record<JobState, MessageId | null> = {
  queued: 'queue.state.queued',
  paused: 'queue.state.paused',
  sending: 'queue.state.sending',
  waiting_connection: 'queue.state.waitingConnection',
  processing: null,
  done: null,
  failed: 'queue.state.failed',
  cancelled: 'queue.state.cancelled',
};

/**
 * A job back in the queue until the service's Retry-After ends: "Waiting until 14:32." in the
 * person's local time and language (with the day when it is not today); null for any other job.
 */
export function waitingUntilNote(job: Job, intl: IntlShape, now: Date = new Date()): string | null {
  if (!job.waitingUntil || job.state !== 'waiting_connection') return null;
  const until = new Date(job.waitingUntil);
  if (Number.isNaN(until.getTime())) return null;
  const sameDay = until.toDateString() === now.toDateString();
  const when = sameDay
    ? intl.formatTime(until, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(until, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return intl.formatMessage({ id: 'queue.waitingUntil' }, { when });
}

/** Cancelling is only for work that never reached the service (core's job table says the same). */
export function canCancel(job: Job): boolean {
  return (job.state === 'queued' || job.state === 'paused' || job.state === 'waiting_connection') && job.attempts === 0;
}

/**
 * A job that stopped resending because its answer could not be saved (core's `answer_not_saved`):
 * Send again asks the service with the same request key, so it replays instead of charging again.
 */
export function canSendAgain(job: Job): boolean {
  return job.error?.code === 'answer_not_saved' && isActive(job);
}

/**
 * A job in doubt that the service's history could not settle (core's `outcome_unknown`), or one the
 * creator chose to keep waiting for (`awaiting_history`): the creator decides what happens to it.
 */
export function isAskingCreator(job: Job): boolean {
  return job.state === 'waiting_connection' && (job.error?.code === 'outcome_unknown' || job.error?.code === 'awaiting_history');
}

export function isActive(job: Job): boolean {
  return job.state !== 'done' && job.state !== 'failed' && job.state !== 'cancelled';
}

/** Jobs ordered as chains: each job is followed by the jobs that wait for it (speech, then talk). */
export function chainOrder(jobs: readonly Job[]): { job: Job; depth: number }[] {
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const children = new Map<string, Job[]>();
  const roots: Job[] = [];
  for (const job of jobs) {
    if (job.dependsOn && byId.has(job.dependsOn)) {
      const list = children.get(job.dependsOn) ?? [];
      list.push(job);
      children.set(job.dependsOn, list);
    } else roots.push(job);
  }
  const newestFirst = (a: Job, b: Job) => b.createdAt.localeCompare(a.createdAt);
  const out: { job: Job; depth: number }[] = [];
  const visit = (job: Job, depth: number) => {
    out.push({ job, depth });
    for (const child of (children.get(job.id) ?? []).sort(newestFirst)) visit(child, depth + 1);
  };
  for (const root of roots.sort(newestFirst)) visit(root, 0);
  return out;
}

/** A row of the queue: one job (at its depth in a chain), or the jobs of one click shown as one group. */
export type QueueEntry = { job: Job; depth: number; batch: null } | { job: Job; depth: 0; batch: Job[] };

/**
 * The jobs of one click (several results of one request, or a scene's lines) as one entry at the
 * place of its newest job; a batch of one stays a row of its own. A chain whose first step is in
 * the batch comes with it (a scene line's speech, then its clip), and a retry stays in the batch of
 * the job it retried (looked up among `known` jobs, the shown ones by default). Inside, chains go
 * oldest first, or by `placeOf` (a scene's line number) where known.
 */
export function groupBatches(
  ordered: readonly { job: Job; depth: number }[],
  { placeOf = () => null, known }: { placeOf?: (job: Job) => number | null; known?: readonly Job[] } = {},
): QueueEntry[] {
  const batchOf = batchFinder(known ?? ordered.map(({ job }) => job));
  // Each entry's batch: a chain's later steps go with their first step when they share its batch.
  let rootBatch: string | null = null;
  const owners = ordered.map(({ job, depth }) => {
    const own = batchOf(job);
    if (depth === 0) rootBatch = own;
    return depth === 0 || own === rootBatch ? own : null;
  });
  const chains = new Map<string, { job: Job; depth: number }[][]>();
  ordered.forEach((entry, at) => {
    const batch = owners[at];
    if (!batch) return;
    const list = chains.get(batch) ?? [];
    if (entry.depth === 0 || list.length === 0) list.push([entry]);
    else list[list.length - 1]?.push(entry);
    chains.set(batch, list);
  });
  const out: QueueEntry[] = [];
  const placed = new Set<string>();
  ordered.forEach(({ job, depth }, at) => {
    const batch = owners[at];
    const members = batch ? (chains.get(batch) ?? []) : [];
    if (!batch || members.flat().length < 2) {
      out.push({ job, depth, batch: null });
      return;
    }
    if (placed.has(batch)) return;
    placed.add(batch);
    const sorted = [...members].sort((a, b) => compareChains(a[0]?.job as Job, b[0]?.job as Job, placeOf));
    out.push({ job, depth: 0, batch: sorted.flat().map((entry) => entry.job) });
  });
  return out;
}

/** Each job's steps before it inside its batch: 0 for a chain's first step, 1 for the clip after its speech. */
export function depthsInBatch(batch: readonly Job[]): Map<string, number> {
  const depths = new Map<string, number>();
  for (const job of batch) depths.set(job.id, job.dependsOn && depths.has(job.dependsOn) ? (depths.get(job.dependsOn) as number) + 1 : 0);
  return depths;
}

/** A job's batch: its own, or that of the job it retried (a retry is a new job without one). */
function batchFinder(jobs: readonly Job[]): (job: Job) => string | null {
  const byId = new Map(jobs.map((job) => [job.id, job]));
  return (job) => {
    let at: Job | undefined = job;
    for (let hops = 0; at && hops < 20; hops += 1) {
      if (at.batchId) return at.batchId;
      at = at.retryOf ? byId.get(at.retryOf) : undefined;
    }
    return null;
  };
}

function compareChains(a: Job, b: Job, placeOf: (job: Job) => number | null): number {
  const byPlace = (placeOf(a) ?? Number.MAX_SAFE_INTEGER) - (placeOf(b) ?? Number.MAX_SAFE_INTEGER);
  return byPlace || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}
