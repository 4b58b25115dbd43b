import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { Job, JobState } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { formatDuration } from '../ui/format.ts';
import { currentFormats } from '../i18n/currentLocale.ts';
import { registerStoreReset } from './resetStores.ts';

const FINISHED: readonly JobState[] = ['done', 'failed', 'cancelled'];

/** The bar stops here until the result lands: an estimate is a median, not a promise. */
export const PROGRESS_CAP = 0.95;

type JobsInFlightState = {
  /** Every job not yet done, failed or cancelled, by id. */
  jobs: Record<string, Job>;
  /** Jobs that finished while followed here, by id, so a placeholder can hand over to its result. */
  finished: Record<string, Job>;
  load: () => Promise<void>;
  /** job.updated: a job joins, moves or leaves the work in flight. */
  apply: (job: Job) => void;
  /** The creator has seen how a finished job ended: its placeholder goes. */
  dismiss: (id: string) => void;
  reset: () => void;
};

const initial = { jobs: {}, finished: {} };

/**
 * The work in flight across the app: the queue, the generate panel and the placeholders in the
 * gallery and on the character page read it, and bridgeEvents feeds it.
 */
export const useJobsInFlightStore = create<JobsInFlightState>()((set) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('jobs.list', {});
    if (!reply.ok) return;
    set((state) => {
      const jobs: Record<string, Job> = {};
      for (const job of reply.value.jobs) {
        const known = state.jobs[job.id];
        // An event newer than the list wins.
        const fresher = known && known.updatedAt > job.updatedAt ? known : job;
        if (!FINISHED.includes(fresher.state)) jobs[job.id] = fresher;
      }
      return { jobs };
    });
  },
  apply: (job) =>
    set((state) => {
      const known = state.jobs[job.id];
      if (known && known.updatedAt > job.updatedAt) return state;
      if (!FINISHED.includes(job.state)) return { jobs: { ...state.jobs, [job.id]: job } };
      if (!known) return state;
      const { [job.id]: _gone, ...rest } = state.jobs;
      return { jobs: rest, finished: { ...state.finished, [job.id]: job } };
    }),
  dismiss: (id) =>
    set((state) => {
      if (!state.finished[id]) return state;
      const { [id]: _gone, ...rest } = state.finished;
      return { finished: rest };
    }),
  reset: () => set(initial),
}));

registerStoreReset(() => useJobsInFlightStore.getState().reset());

/** How far a job in flight has come: time since the service took it, against this library's estimate. */
export type JobProgress = {
  /** Since the service accepted the job; null before. */
  elapsedMs: number | null;
  estimateMs: number | null;
  /** 0–1 along the estimate (capped until done), or the service's own progress; null when neither is known. */
  fraction: number | null;
  /** Longer than the estimate already. */
  overdue: boolean;
};

export function progressOf(job: Job, now: number): JobProgress {
  const estimateMs = job.estimateMs ?? null;
  if (job.state === 'done') return { elapsedMs: null, estimateMs, fraction: 1, overdue: false };
  const started = job.startedAt && job.state === 'processing' ? Date.parse(job.startedAt) : Number.NaN;
  const elapsedMs = Number.isNaN(started) ? null : Math.max(0, now - started);
  if (elapsedMs === null) return { elapsedMs, estimateMs, fraction: null, overdue: false };
  const service = job.progress !== null && job.progress > 0 ? job.progress : null;
  if (estimateMs === null || estimateMs <= 0) return { elapsedMs, estimateMs, fraction: service, overdue: false };
  const along = Math.min(PROGRESS_CAP, elapsedMs / estimateMs);
  return { elapsedMs, estimateMs, fraction: Math.max(along, Math.min(PROGRESS_CAP, service ?? 0)), overdue: elapsedMs > estimateMs };
}

/** "0:12 of about 0:30", "0:12 (usually about 0:30)" once past it, "0:12" without an estimate; null before the service took it. */
export function progressText(progress: JobProgress): string | null {
  if (progress.elapsedMs === null) return null;
  const elapsed = formatDuration(progress.elapsedMs / 1000);
  if (progress.estimateMs === null) return elapsed;
  const estimate = formatDuration(progress.estimateMs / 1000);
  return currentFormats().text(progress.overdue ? 'jobs.progress.overdue' : 'jobs.progress.estimate', { elapsed, estimate });
}

/** The current time, ticking every `everyMs` while `active`: elapsed times and bars move without an event. */
export function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // At once too: the time may have stood still since the last job in flight.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active, everyMs]);
  return now;
}

/** Jobs in flight, oldest first. */
export function selectJobsInFlight(state: { jobs: Record<string, Job> }): Job[] {
  return Object.values(state.jobs).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
