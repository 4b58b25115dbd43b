import { create } from 'zustand';
import type { AppError, Job, JobState } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';

/** What the renderer knows about a job it submitted itself (the Job record does not carry it). */
export type JobContext = { characterId: string | null };

type JobsState = {
  jobs: Record<string, Job>;
  contexts: Record<string, JobContext>;
  paused: boolean;
  pendingCredits: number;
  error: AppError | null;
  load: () => Promise<void>;
  /** job.updated, and the reply of any submitting command */
  apply: (job: Job, context?: JobContext) => void;
  pause: () => Promise<AppError | null>;
  resume: () => Promise<AppError | null>;
  cancel: (id: string) => Promise<AppError | null>;
  retry: (id: string, quoteId: string | null) => Promise<AppError | null>;
  reset: () => void;
};

const initial = { jobs: {}, contexts: {}, paused: false, pendingCredits: 0, error: null };

const FINISHED: readonly JobState[] = ['done', 'failed', 'cancelled'];

export function isInFlight(job: Job): boolean {
  return !FINISHED.includes(job.state);
}

export const useJobsStore = create<JobsState>()((set, get) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('jobs.list', {});
    if (!reply.ok) {
      set({ error: reply.error });
      return;
    }
    const jobs: Record<string, Job> = {};
    for (const job of reply.value.jobs) jobs[job.id] = job;
    set({ jobs, paused: reply.value.paused, pendingCredits: reply.value.pendingCredits, error: null });
  },
  apply: (job, context) =>
    set((state) => {
      const known = state.jobs[job.id];
      // Events can overtake a command's reply; never let an older record win.
      if (known && known.updatedAt > job.updatedAt) return context ? { contexts: { ...state.contexts, [job.id]: context } } : state;
      return {
        jobs: { ...state.jobs, [job.id]: job },
        contexts: context ? { ...state.contexts, [job.id]: context } : state.contexts,
      };
    }),
  pause: async () => {
    const reply = await invoke('jobs.pause', {});
    if (!reply.ok) return reply.error;
    set({ paused: true });
    return null;
  },
  resume: async () => {
    const reply = await invoke('jobs.resume', {});
    if (!reply.ok) return reply.error;
    set({ paused: false });
    return null;
  },
  cancel: async (id) => {
    const reply = await invoke('jobs.cancel', { id });
    if (!reply.ok) return reply.error;
    get().apply(reply.value);
    return null;
  },
  retry: async (id, quoteId) => {
    const reply = await invoke('jobs.retry', { id, quoteId });
    if (!reply.ok) return reply.error;
    get().apply(reply.value, get().contexts[id]);
    return null;
  },
  reset: () => set(initial),
}));

/** Selector: how many jobs are queued, sending, waiting or processing. */
export function selectInFlightCount(state: { jobs: Record<string, Job> }): number {
  let count = 0;
  for (const job of Object.values(state.jobs)) if (isInFlight(job)) count += 1;
  return count;
}
