import { create } from 'zustand';
import type { AppError, EventPayload, LibraryItem } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
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
