import { create, type StoreApi } from 'zustand';
import type { AppError, EventPayload } from '../../../shared/ipc/index.ts';
import { COMMAND_LIMITS } from '../../../shared/api/limits.ts';
import { invoke } from '../../bridge/invoke.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { useSelectionStore } from './selectionStore.ts';
import type { Said, Words } from '../../ui/SaidText.tsx';

/** The app's contract caps one command's ids; bigger selections go in slices. */
const SLICE = COMMAND_LIMITS.idsPerCommand;

function slices(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let at = 0; at < ids.length; at += SLICE) out.push(ids.slice(at, at + SLICE));
  return out;
}

interface BulkState {
  /** What is running, for the status line. */
  running: Words | null;
  /** The outcome of the last action. */
  notice: Said | null;
  error: Said | null;
  /** Ids waiting for the user to confirm their deletion. */
  pendingDelete: readonly string[] | null;
  /** The export running now, as its progress events tell it; null when none is. */
  exporting: ExportState | null;

  setFavorite: (ids: readonly string[], favorite: boolean) => Promise<void>;
  addToCollection: (collectionId: string, ids: readonly string[]) => Promise<void>;
  exportItems: (ids: readonly string[], destination?: string) => Promise<string | null>;
  applyExportProgress: (progress: EventPayload<'export.progress'>) => void;
  cancelExport: () => Promise<void>;
  askDelete: (ids: readonly string[]) => void;
  cancelDelete: () => void;
  confirmDelete: () => Promise<void>;
  dismiss: () => void;
  reset: () => void;
}

type ExportState = { exportId: string; exported: number; total: number; bytes: number; totalBytes: number; cancelling: boolean };

const initial = { running: null, notice: null, error: null, pendingDelete: null, exporting: null };

/** Names one export so its progress events and its Cancel find it. */
const newExportId = () => `export-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** library.fetchMedia takes this many ids at a time. */
const FETCH_SLICE = COMMAND_LIMITS.fetchMediaIds;

/**
 * Asks for the media of those items that are finished but not on this computer yet; answers how
 * many are on their way, or 0 when core refused (the export's notice then says none are coming).
 */
async function fetchMissing(ids: readonly string[]): Promise<number> {
  let queued = 0;
  for (let at = 0; at < ids.length; at += FETCH_SLICE) {
    const reply = await invoke('library.fetchMedia', { ids: ids.slice(at, at + FETCH_SLICE), role: 'output' });
    if (!reply.ok) return 0;
    queued += reply.value.queued.length;
  }
  return queued;
}

/** What an export did: how many files went where, and what was left out and why. */
function exportNotice(counts: {
  exported: number;
  folder: string | undefined;
  cancelled: boolean;
  fetching: number;
  missing: number;
}): Words[] {
  const { exported, folder, cancelled, fetching, missing } = counts;
  const where = { count: exported, hasFolder: folder ? 'yes' : 'no', folder: folder ?? '' };
  if (cancelled) return [{ id: 'gallery.export.cancelled', values: where }];
  const notice: Words[] = [{ id: 'gallery.export.done', values: where }];
  if (fetching > 0) notice.push({ id: 'gallery.export.fetching', values: { count: fetching } });
  if (missing > 0) notice.push({ id: 'gallery.export.missing', values: { count: missing } });
  return notice;
}

type SetBulk = StoreApi<BulkState>['setState'];
type GetBulk = StoreApi<BulkState>['getState'];

export const useBulkStore = create<BulkState>()((set, get) => ({
  ...initial,

  ...marking(set),
  ...exporting(set, get),
  ...deleting(set, get),
  dismiss: () => set({ notice: null, error: null }),
  reset: () => set(initial),
}));

/** Favorites and collections for many items at once. */
function marking(set: SetBulk) {
  return {
    setFavorite: async (ids, favorite) => {
      set({ running: { id: favorite ? 'gallery.bulk.addingFavorites' : 'gallery.bulk.removingFavorites' }, error: null, notice: null });
      for (const slice of slices(ids)) {
        const reply = await invoke('library.setFavorite', { ids: slice, favorite });
        if (!reply.ok) return set({ running: null, error: reply.error });
      }
      useGalleryStore.getState().patchItems(ids, { favorite });
      set({
        running: null,
        notice: { id: favorite ? 'gallery.bulk.addedFavorites' : 'gallery.bulk.removedFavorites', values: { count: ids.length } },
      });
      if (useGalleryStore.getState().filter.favorites) void useGalleryStore.getState().refresh();
    },

    addToCollection: async (collectionId, ids) => {
      const collection = useCollectionsStore.getState().collections.find((each) => each.id === collectionId);
      // An untitled scene's collection has no name of its own (see collectionName).
      const name: string | Words = collection ? collection.name || { id: 'scenes.untitled' } : { id: 'gallery.bulk.theCollection' };
      set({ running: { id: 'gallery.bulk.adding', values: { name } }, error: null, notice: null });
      for (const slice of slices(ids)) {
        const reply = await invoke('collections.addItems', { id: collectionId, itemIds: slice });
        if (!reply.ok) return set({ running: null, error: reply.error });
      }
      await useCollectionsStore.getState().load();
      void useGalleryStore.getState().refresh();
      set({ running: null, notice: { id: 'gallery.bulk.added', values: { count: ids.length, name } } });
    },
  } satisfies Partial<BulkState>;
}

/** Exporting many items, with its progress and its cancel. */
function exporting(set: SetBulk, get: GetBulk) {
  return {
    exportItems: async (ids, destination) => {
      set({ running: { id: 'gallery.bulk.exporting', values: { count: ids.length } }, error: null, notice: null });
      let folder = destination;
      let exported = 0;
      let cancelled = false;
      for (const slice of slices(ids)) {
        const exportId = newExportId();
        set({ exporting: { exportId, exported: 0, total: slice.length, bytes: 0, totalBytes: 0, cancelling: false } });
        const reply = await invoke('library.export', folder ? { ids: slice, destination: folder, exportId } : { ids: slice, exportId });
        if (!reply.ok) {
          set({ running: null, exporting: null, error: reply.error });
          return null;
        }
        folder = reply.value.folder;
        exported += reply.value.exported;
        cancelled = reply.value.cancelled || get().exporting?.cancelling === true;
        if (cancelled) break;
      }
      const skipped = ids.length - exported;
      // Items left out because their media is not here yet are fetched now, ahead of the queue.
      const fetching = !cancelled && skipped > 0 ? await fetchMissing(ids) : 0;
      const missing = skipped - fetching;
      set({ running: null, exporting: null, notice: exportNotice({ exported, folder, cancelled, fetching, missing }) });
      return folder ?? null;
    },

    applyExportProgress: (progress) => {
      const exporting = get().exporting;
      if (!exporting || exporting.exportId !== progress.exportId || progress.state !== 'running') return;
      set({
        exporting: {
          ...exporting,
          exported: progress.exported,
          total: progress.total,
          bytes: progress.bytes,
          totalBytes: progress.totalBytes,
        },
      });
    },

    cancelExport: async () => {
      const exporting = get().exporting;
      if (!exporting || exporting.cancelling) return;
      set({ exporting: { ...exporting, cancelling: true }, running: { id: 'gallery.bulk.cancellingExport' } });
      const reply = await invoke('library.cancelExport', { exportId: exporting.exportId });
      if (!reply.ok) set({ error: reply.error });
    },
  } satisfies Partial<BulkState>;
}

/** Deleting many items, once confirmed. */
function deleting(set: SetBulk, get: GetBulk) {
  return {
    askDelete: (ids) => set({ pendingDelete: ids.length > 0 ? [...ids] : null }),
    cancelDelete: () => set({ pendingDelete: null }),

    confirmDelete: async () => {
      const ids = get().pendingDelete;
      if (!ids) return;
      set({ pendingDelete: null, running: { id: 'gallery.bulk.deleting', values: { count: ids.length } }, error: null, notice: null });
      let deleted = 0;
      const failed: AppError[] = [];
      for (const slice of slices(ids)) {
        const reply = await invoke('library.delete', { ids: slice });
        if (!reply.ok) return set({ running: null, error: reply.error });
        deleted += reply.value.deleted;
        for (const each of reply.value.failed) failed.push(each.error);
      }
      useSelectionStore.getState().forget(ids);
      void useGalleryStore.getState().refresh();
      set({
        running: null,
        notice: { id: 'gallery.bulk.deleted', values: { count: deleted } },
        error: failed.length > 0 ? { id: 'gallery.bulk.notDeleted', values: { count: failed.length, reason: failed[0] ?? '' } } : null,
      });
    },
  } satisfies Partial<BulkState>;
}
