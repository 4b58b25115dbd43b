import { create } from 'zustand';
import type { AppError, EventPayload, Job, LibraryItem } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import type { JobContext } from '../../stores/jobsStore.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';

const PAGE = 60;

type CharacterGenerationsState = {
  characterId: string | null;
  items: LibraryItem[];
  total: number;
  loading: boolean;
  error: AppError | null;
  load: (characterId: string, more?: boolean) => Promise<void>;
  /** library.updated */
  applyUpdate: (update: EventPayload<'library.updated'>) => void;
  reset: () => void;
};

const initial = { characterId: null, items: [], total: 0, loading: false, error: null };

const newestFirst = (a: LibraryItem, b: LibraryItem) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

/** Everything generated of the character whose page is open, newest first, from the local library. */
export const useCharacterGenerationsStore = create<CharacterGenerationsState>()((set, get) => ({
  ...initial,
  load: async (characterId, more = false) => {
    const offset = more && get().characterId === characterId ? get().items.length : 0;
    set(more ? { loading: true } : { characterId, loading: true, ...(get().characterId === characterId ? {} : { items: [], total: 0 }) });
    const reply = await invoke('library.query', { filter: { characterId, sort: 'newest' }, offset, limit: PAGE });
    if (get().characterId !== characterId) return;
    if (!reply.ok) {
      set({ loading: false, error: reply.error });
      return;
    }
    set((state) => ({
      items: offset === 0 ? reply.value.items : [...state.items, ...reply.value.items],
      total: reply.value.total,
      loading: false,
      error: null,
    }));
  },
  applyUpdate: ({ items, removedIds }) => {
    const characterId = get().characterId;
    if (!characterId) return;
    const mine = items.filter((item) => item.characterId === characterId);
    if (mine.length === 0 && removedIds.length === 0) return;
    set((state) => {
      const byId = new Map(state.items.map((item) => [item.id, item]));
      let added = 0;
      for (const item of mine) {
        if (!byId.has(item.id)) added += 1;
        byId.set(item.id, item);
      }
      let removed = 0;
      for (const id of removedIds) if (byId.delete(id)) removed += 1;
      return { items: [...byId.values()].sort(newestFirst), total: state.total + added - removed };
    });
  },
  reset: () => set(initial),
}));

registerStoreReset(() => useCharacterGenerationsStore.getState().reset());

/** Where the placeholders come from: the work in flight, what finished meanwhile, and what this window submitted. */
export type PendingSources = {
  inFlight: Record<string, Job>;
  finished: Record<string, Job>;
  submitted: Record<string, Job>;
  contexts: Record<string, JobContext>;
};

/**
 * The generations of this character that the library does not hold yet, newest first: every one in
 * flight (from any window, or from before a restart), one that finished and whose item is on its
 * way, and a failed one submitted here (it says so until the page is left). Once the service has
 * taken a job its item is in the library, and the item's tile shows the job's progress instead.
 */
export function pendingFor(characterId: string, items: readonly LibraryItem[], sources: PendingSources): Job[] {
  const known = new Set(items.map((item) => item.id));
  const landed = (job: Job) => job.resourceId !== null && known.has(job.resourceId);
  const mine = (job: Job) =>
    job.kind === 'generation.create' && (job.characterId === characterId || sources.contexts[job.id]?.characterId === characterId);
  const byId = new Map<string, Job>();
  for (const job of Object.values(sources.inFlight)) if (mine(job) && !landed(job)) byId.set(job.id, job);
  for (const job of Object.values(sources.finished)) if (mine(job) && job.state === 'done' && !landed(job)) byId.set(job.id, job);
  for (const job of Object.values(sources.submitted)) {
    if (!mine(job) || landed(job) || byId.has(job.id)) continue;
    if (job.state === 'failed' && sources.contexts[job.id]) byId.set(job.id, job);
  }
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** Jobs in flight by the library item they make, for the item's tile to show their progress. */
export function jobsByItem(inFlight: Record<string, Job>): Map<string, Job> {
  const byItem = new Map<string, Job>();
  for (const job of Object.values(inFlight)) if (job.kind === 'generation.create' && job.resourceId) byItem.set(job.resourceId, job);
  return byItem;
}
