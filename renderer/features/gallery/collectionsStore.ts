import { create } from 'zustand';
import type { AppError, Collection } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import type { IntlShape } from 'react-intl';

interface CollectionsState {
  collections: readonly Collection[];
  /** Why the list could not be read or added to, worded where it is shown. */
  error: AppError | null;
  load: () => Promise<void>;
  /** Creates a collection and answers it, or null when core refused (the error says why). */
  create: (name: string) => Promise<Collection | null>;
  /** collections.changed: the list as another machine of the space left it. */
  apply: (collections: readonly Collection[]) => void;
  reset: () => void;
}

const initial = { collections: [], error: null };

/**
 * A collection's name as the gallery shows it: a scene with no title of its own names its
 * collection with nothing, and the page says "Untitled scene" in the person's language.
 */
export function collectionName(collection: Pick<Collection, 'name'>, intl: IntlShape): string {
  return collection.name || intl.formatMessage({ id: 'scenes.untitled' });
}

/** Local folders of items; core keeps one per character by itself. */
export const useCollectionsStore = create<CollectionsState>()((set, get) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('collections.list', {});
    if (reply.ok) set({ collections: reply.value, error: null });
    else set({ error: reply.error });
  },
  create: async (name) => {
    const reply = await invoke('collections.create', { name });
    if (!reply.ok) {
      set({ error: reply.error });
      return null;
    }
    set({ collections: [...get().collections, reply.value], error: null });
    return reply.value;
  },
  apply: (collections) => set({ collections, error: null }),
  reset: () => set(initial),
}));
