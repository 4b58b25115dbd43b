import { create } from 'zustand';
import type { AppError, Job, SceneQueueGroup } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import type { PriceState } from '../../ui/PriceButton.tsx';
import { isAskingCreator } from './jobLabels.ts';

interface QueueState {
  /** The failed job the user is about to retry; the dialog shows its new price first. */
  retrying: Job | null;
  retryPrice: PriceState;
  retryBusy: boolean;
  retryError: AppError | null;
  /** The last refused queue action, shown above the list. */
  error: AppError | null;
  /** Scenes' names for their groups of jobs, by scene id (a scene's jobs share its id as their batch). */
  sceneGroups: Record<string, SceneQueueGroup>;

  openRetry: (job: Job) => Promise<void>;
  closeRetry: () => void;
  confirmRetry: () => Promise<void>;
  cancel: (job: Job) => Promise<void>;
  /** The creator's word on a job in doubt: keep waiting for it in history, or it ran. */
  decide: (job: Job, choice: 'wait' | 'done') => Promise<void>;
  pauseAll: () => Promise<void>;
  resumeAll: () => Promise<void>;
  /** Reads again which of these batches are scenes, their titles as they are now and each job's line. */
  loadSceneGroups: (batchIds: readonly string[]) => Promise<void>;
  reset: () => void;
}

/** The newest batches the queue asks names for (the command's own limit). */
const MAX_SCENE_GROUPS = 500;

const initial = {
  retrying: null,
  retryPrice: { status: 'idle' } as PriceState,
  retryBusy: false,
  retryError: null,
  error: null,
  sceneGroups: {},
};

export const useQueueStore = create<QueueState>()((set, get) => ({
  ...initial,

  openRetry: async (job) => {
    set({ retrying: job, retryPrice: { status: 'pricing' }, retryError: null });
    // Core quotes the failed job's own stored request afresh: a retry is a new paid request
    // (spec 4.3: a quote binds one submission).
    const price = await priceOf(job);
    if (get().retrying?.id === job.id) set({ retryPrice: price });
  },

  closeRetry: () => set({ retrying: null, retryPrice: { status: 'idle' }, retryError: null }),

  confirmRetry: async () => {
    const { retrying, retryPrice } = get();
    if (!retrying) return;
    set({ retryBusy: true, retryError: null });
    const quoteId = retryPrice.status === 'priced' ? retryPrice.price.quoteId : null;
    // A job in doubt is sent again as a new request at the creator's own risk; a failed one is retried.
    const error = isAskingCreator(retrying)
      ? await sendAgain(retrying.id, quoteId)
      : await useJobsStore.getState().retry(retrying.id, quoteId);
    if (error) set({ retryBusy: false, retryError: error });
    else set({ retryBusy: false, retrying: null, retryPrice: { status: 'idle' } });
  },

  cancel: async (job) => set({ error: await useJobsStore.getState().cancel(job.id) }),
  decide: async (job, choice) => {
    const reply = await invoke('jobs.decide', { id: job.id, choice });
    if (!reply.ok) return set({ error: reply.error });
    useJobsStore.getState().apply(reply.value);
    set({ error: null });
  },
  pauseAll: async () => set({ error: await useJobsStore.getState().pause() }),
  resumeAll: async () => set({ error: await useJobsStore.getState().resume() }),
  loadSceneGroups: async (batchIds) => {
    if (batchIds.length === 0) return set({ sceneGroups: {} });
    const reply = await invoke('scenes.queueGroups', { sceneIds: batchIds.slice(0, MAX_SCENE_GROUPS) });
    // Without an answer (offline core, say) the groups keep the names they had: nothing to say.
    if (reply.ok) set({ sceneGroups: Object.fromEntries(reply.value.map((group) => [group.sceneId, group])) });
  },

  reset: () => set(initial),
}));

/**
 * The price of doing a failed job again, or `idle` when it can only be priced on the way out
 * (offline, or a talk clip still waiting for its speech): the dialog then says so.
 */
async function priceOf(job: Job): Promise<PriceState> {
  const priced = await invoke('jobs.price', { id: job.id });
  if (priced.ok) return { status: 'priced', price: priced.value };
  if (priced.error.code === 'offline' || priced.error.code === 'priced_later') return { status: 'idle' };
  return { status: 'error', error: priced.error };
}

async function sendAgain(id: string, quoteId: string | null): Promise<AppError | null> {
  const reply = await invoke('jobs.sendAgain', { id, quoteId });
  if (!reply.ok) return reply.error;
  useJobsStore.getState().apply(reply.value);
  return null;
}
