import type { Job, JobState } from '../../shared/ipc/models.ts';

/** States in which the queue is working on a job (a paused job is waiting for the user, not worked on). */
const RECENT_MS = 2 * 60_000;
const WORKING: ReadonlySet<JobState> = new Set(['queued', 'sending', 'waiting_connection', 'processing']);

export type QueueSummary = {
  working: number;
  /** Mean progress of the working jobs, or null when none of them reports any. */
  fraction: number | null;
  /** Jobs that have just reached `done` (each reported once), for the notification. */
  finished: Job[];
};

/**
 * Follows `job.updated` events to drive the dock or taskbar progress and the "job done"
 * notification, without asking core anything.
 */
export class QueueProgress {
  private readonly working = new Map<string, Job>();
  private readonly seen = new Map<string, JobState>();

  update(job: Job, now: number = Date.now()): QueueSummary {
    const finished: Job[] = [];
    const before = this.seen.get(job.id);
    this.seen.set(job.id, job.state);
    if (WORKING.has(job.state)) this.working.set(job.id, job);
    else this.working.delete(job.id);
    // A job seen working that is now done; or, right after a start, one that finished moments ago
    // (not the whole history that a sync replays).
    const justFinished = before === undefined ? now - Date.parse(job.updatedAt) < RECENT_MS : before !== 'done';
    if (job.state === 'done' && justFinished) finished.push(job);
    return { ...this.summary(), finished };
  }

  summary(): Omit<QueueSummary, 'finished'> {
    const jobs = [...this.working.values()];
    const withProgress = jobs.filter((job) => job.progress !== null);
    const fraction =
      withProgress.length === 0 ? null : withProgress.reduce((sum, job) => sum + (job.progress ?? 0), 0) / withProgress.length;
    return { working: jobs.length, fraction };
  }
}
