import { create } from 'zustand';
import type { Collection } from '../../../shared/ipc/index.ts';
import { command, messageOf } from './command.ts';

interface CollectionsState {
  collections: readonly Collection[];
  error: string | null;
  load: () => Promise<void>;
  /** Creates a collection and answers it, or null when core refused (the error says why). */
  create: (name: string) => Promise<Collection | null>;
  reset: () => void;
}

const initial = { collections: [], error: null };

/** Local folders of items; core keeps one per character by itself. */
export const useCollectionsStore = create<CollectionsState>()((set, get) => ({
  ...initial,
  load: async () => {
    try {
      set({ collections: await command('collections.list', {}), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  create: async (name) => {
    try {
      const collection = await command('collections.create', { name });
      set({ collections: [...get().collections, collection], error: null });
      return collection;
    } catch (error) {
      set({ error: messageOf(error) });
      return null;
    }
  },
  reset: () => set(initial),
}));
