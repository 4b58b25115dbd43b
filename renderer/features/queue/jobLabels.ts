import type { Job, JobKind, JobState } from '../../../shared/ipc/index.ts';

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  'character.create': 'Character',
  'character.regenerate': 'Regenerate',
  'character.revert': 'Revert',
  'generation.create': 'Generation',
  'voice.clone': 'Voice',
  'audio.create': 'Speech',
};

/**
 * What each state means to the user, for the row's note; none where the row already shows it (the
 * progress of a job being made) or where nothing is left to say (a finished one carries no mark).
 */
export const JOB_STATE_NOTES: Record<JobState, string> = {
  queued: 'Waiting its turn.',
  paused: 'Paused: it goes when you resume the queue.',
  sending: 'Sending to the service…',
  waiting_connection: 'Waiting for the connection; it is sent as soon as the service is back.',
  processing: '',
  done: '',
  failed: 'Failed.',
  cancelled: 'Cancelled; nothing was charged.',
};

/**
 * A job back in the queue until the service's Retry-After ends: "Waiting until 14:32." in the
 * person's local time (with the day when it is not today); null for any other job.
 */
export function waitingUntilNote(job: Job, now: Date = new Date(), locale?: string): string | null {
  if (!job.waitingUntil || job.state !== 'waiting_connection') return null;
  const until = new Date(job.waitingUntil);
  if (Number.isNaN(until.getTime())) return null;
  const time = until.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const sameDay = until.toDateString() === now.toDateString();
  const when = sameDay ? time : `${until.toLocaleDateString(locale, { weekday: 'short', day: 'numeric', month: 'short' })} ${time}`;
  return `The service asked to wait: waiting until ${when}.`;
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
 * The jobs of one click (several results of one request) as one entry at the place of its newest
 * job; a batch of one, or a job in a chain, stays a row of its own.
 */
export function groupBatches(ordered: readonly { job: Job; depth: number }[]): QueueEntry[] {
  const members = new Map<string, Job[]>();
  for (const { job, depth } of ordered) {
    if (!job.batchId || depth > 0) continue;
    members.set(job.batchId, [...(members.get(job.batchId) ?? []), job]);
  }
  const out: QueueEntry[] = [];
  const placed = new Set<string>();
  for (const { job, depth } of ordered) {
    const batch = job.batchId && depth === 0 ? (members.get(job.batchId) ?? []) : [];
    if (batch.length < 2 || !job.batchId) {
      out.push({ job, depth, batch: null });
      continue;
    }
    if (placed.has(job.batchId)) continue;
    placed.add(job.batchId);
    const oldestFirst = [...batch].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    out.push({ job, depth: 0, batch: oldestFirst });
  }
  return out;
}
