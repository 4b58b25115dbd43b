import { create } from 'zustand';
import { command, messageOf } from './command.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { useSelectionStore } from './selectionStore.ts';

/** shared/ipc caps one command at 10,000 ids; bigger selections go in slices. */
const SLICE = 10_000;

function slices(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let at = 0; at < ids.length; at += SLICE) out.push(ids.slice(at, at + SLICE));
  return out;
}

interface BulkState {
  /** What is running, in words, for the status line. */
  running: string | null;
  /** The outcome of the last action, in words. */
  notice: string | null;
  error: string | null;
  /** Ids waiting for the user to confirm their deletion. */
  pendingDelete: readonly string[] | null;

  setFavorite: (ids: readonly string[], favorite: boolean) => Promise<void>;
  addToCollection: (collectionId: string, ids: readonly string[]) => Promise<void>;
  exportItems: (ids: readonly string[], destination?: string) => Promise<string | null>;
  askDelete: (ids: readonly string[]) => void;
  cancelDelete: () => void;
  confirmDelete: () => Promise<void>;
  dismiss: () => void;
  reset: () => void;
}

const initial = { running: null, notice: null, error: null, pendingDelete: null };

const plural = (count: number, one: string) => `${count.toLocaleString()} ${one}${count === 1 ? '' : 's'}`;

export const useBulkStore = create<BulkState>()((set, get) => ({
  ...initial,

  setFavorite: async (ids, favorite) => {
    set({ running: favorite ? 'Adding to favorites…' : 'Removing from favorites…', error: null, notice: null });
    try {
      for (const slice of slices(ids)) await command('library.setFavorite', { ids: slice, favorite });
      useGalleryStore.getState().patchItems(ids, { favorite });
      set({ running: null, notice: favorite ? `${plural(ids.length, 'item')} added to favorites.` : `${plural(ids.length, 'item')} removed from favorites.` });
      if (useGalleryStore.getState().filter.favorites) void useGalleryStore.getState().refresh();
    } catch (error) {
      set({ running: null, error: messageOf(error) });
    }
  },

  addToCollection: async (collectionId, ids) => {
    const name = useCollectionsStore.getState().collections.find((each) => each.id === collectionId)?.name ?? 'the collection';
    set({ running: `Adding to ${name}…`, error: null, notice: null });
    try {
      for (const slice of slices(ids)) await command('collections.addItems', { id: collectionId, itemIds: slice });
      await useCollectionsStore.getState().load();
      void useGalleryStore.getState().refresh();
      set({ running: null, notice: `${plural(ids.length, 'item')} added to ${name}.` });
    } catch (error) {
      set({ running: null, error: messageOf(error) });
    }
  },

  exportItems: async (ids, destination) => {
    set({ running: `Exporting ${plural(ids.length, 'item')}…`, error: null, notice: null });
    try {
      let folder = destination;
      let exported = 0;
      for (const slice of slices(ids)) {
        const result = await command('library.export', folder ? { ids: slice, destination: folder } : { ids: slice });
        folder = result.folder;
        exported += result.exported;
      }
      const skipped = ids.length - exported;
      set({
        running: null,
        notice: `${plural(exported, 'file')} exported to ${folder ?? 'the export folder'}.${skipped > 0 ? ` ${plural(skipped, 'item')} had no downloaded media to export.` : ''}`,
      });
      return folder ?? null;
    } catch (error) {
      set({ running: null, error: messageOf(error) });
      return null;
    }
  },

  askDelete: (ids) => set({ pendingDelete: ids.length > 0 ? [...ids] : null }),
  cancelDelete: () => set({ pendingDelete: null }),

  confirmDelete: async () => {
    const ids = get().pendingDelete;
    if (!ids) return;
    set({ pendingDelete: null, running: `Deleting ${plural(ids.length, 'item')}…`, error: null, notice: null });
    try {
      let deleted = 0;
      const failed: string[] = [];
      for (const slice of slices(ids)) {
        const result = await command('library.delete', { ids: slice });
        deleted += result.deleted;
        for (const each of result.failed) failed.push(each.message);
      }
      useSelectionStore.getState().forget(ids);
      void useGalleryStore.getState().refresh();
      set({
        running: null,
        notice: `${plural(deleted, 'item')} deleted.`,
        error: failed.length > 0 ? `${plural(failed.length, 'item')} could not be deleted: ${failed[0]}` : null,
      });
    } catch (error) {
      set({ running: null, error: messageOf(error) });
    }
  },

  dismiss: () => set({ notice: null, error: null }),
  reset: () => set(initial),
}));
