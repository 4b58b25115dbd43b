import { create, type StoreApi } from 'zustand';
import type { AppError, EventPayload, LibraryItem, Price } from '../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { invoke } from '../../bridge/invoke.ts';
import { fileNameOf, isFinished } from './itemLabels.ts';
import { runAgainRequest } from './runAgainRequest.ts';
import type { Words } from '../../ui/SaidText.tsx';

/** `preview` is the quick look Space opens; `full` is the detail view Enter opens. */
export type DetailMode = 'preview' | 'full';

/** The open item's media on its way to this computer: bytes so far, of how many when known. */
export type MediaFetch = { received: number; total: number | null };

interface DetailState {
  item: LibraryItem | null;
  mode: DetailMode;
  /** The price of running the item again, read when the detail view opens. */
  price: Price | null;
  pricing: boolean;
  submitting: boolean;
  /** What happened after an action. */
  notice: Words | null;
  /** What went wrong with the last action, worded where it is shown. */
  error: AppError | null;
  /** The open item's media being fetched on demand (it was not downloaded yet); null when not. */
  fetch: MediaFetch | null;
  /** Why the media could not be asked for, or did not come (the page words it when it shows it). */
  fetchError: AppError | null;

  open: (item: LibraryItem, mode: DetailMode) => void;
  close: () => void;
  /** library.updated may carry a newer record of the open item. */
  refreshItem: (item: LibraryItem) => void;
  /** Fetches the open item's media now, ahead of the queue, when it is not on this computer yet. */
  fetchMedia: () => Promise<void>;
  /** download.progress: how far the open item's media has come. */
  downloadProgress: (progress: EventPayload<'download.progress'>) => void;
  /** download.failed: why the open item's media did not come. */
  downloadFailed: (failure: EventPayload<'download.failed'>) => void;
  priceRunAgain: () => Promise<void>;
  /** Reads the same quote again: an approval pending or a balance short may have changed since. */
  recheckPrice: () => Promise<void>;
  runAgain: () => Promise<void>;
  /** Electron: the system's save dialog. Browser host: an export into `destination`. */
  saveAs: (destination?: string) => Promise<void>;
  showInFolder: () => Promise<void>;
  reset: () => void;
}

const initial = {
  item: null,
  mode: 'full' as DetailMode,
  price: null,
  pricing: false,
  submitting: false,
  notice: null,
  error: null,
  fetch: null,
  fetchError: null,
};

type SetDetail = StoreApi<DetailState>['setState'];
type GetDetail = StoreApi<DetailState>['getState'];

export const useDetailStore = create<DetailState>()((set, get) => ({
  ...initial,
  ...viewing(set, get),
  ...runningAgain(set, get),
  ...fileActions(set, get),
  reset: () => set(initial),
}));

/** The open item: opening, closing, its newer record and its media on the way. */
function viewing(set: SetDetail, get: GetDetail) {
  return {
    open: (item, mode) => {
      set({ ...initial, item, mode });
      // Read the freshest record: the grid's page may be a little behind.
      void invoke('library.get', { id: item.id }).then((fresh) => {
        if (fresh.ok && get().item?.id === fresh.value.id) set({ item: fresh.value });
      });
      // Opened to be seen, played, saved or dragged out: its media comes now, whatever the
      // "Download finished media automatically" setting says.
      void get().fetchMedia();
      if (mode === 'full') void get().priceRunAgain();
    },
    close: () => set(initial),
    refreshItem: (item) => {
      if (get().item?.id !== item.id) return;
      set(item.downloaded ? { item, fetch: null, fetchError: null } : { item });
    },
    fetchMedia: async () => {
      const item = get().item;
      if (!item || item.downloaded || !isFinished(item)) return;
      set({ fetch: { received: 0, total: null }, fetchError: null });
      const reply = await invoke('library.fetchMedia', { ids: [item.id], role: 'output' });
      if (get().item?.id !== item.id) return;
      if (!reply.ok) set({ fetch: null, fetchError: reply.error });
      else if (!reply.value.queued.includes(item.id)) set({ fetch: null });
    },
    downloadProgress: (progress) => {
      const { item, fetch } = get();
      // Only the file being waited for: its thumbnail reports under the same item.
      if (!item || !fetch || progress.itemId !== item.id || progress.role !== 'output' || item.downloaded || progress.done) return;
      set({ fetch: { received: progress.received, total: progress.total } });
    },
    downloadFailed: (failure) => {
      const item = get().item;
      if (!item || failure.itemId !== item.id || failure.role !== 'output' || item.downloaded) return;
      set({ fetch: null, fetchError: failure.error });
    },
  } satisfies Partial<DetailState>;
}

/** Running the open item again, priced first. */
function runningAgain(set: SetDetail, get: GetDetail) {
  return {
    priceRunAgain: async () => {
      const item = get().item;
      const request = item ? runAgainRequest(item) : null;
      if (!item || !request) return;
      // Offline there is no quote to be had; the job is priced when it goes out.
      if (useConnectionStore.getState().connection?.online === false) {
        set({ price: null, pricing: false, error: null });
        return;
      }
      set({ pricing: true, error: null });
      const reply = await invoke('quotes.price', { operationId: request.operationId, input: request.body });
      if (get().item?.id !== item.id) return;
      if (reply.ok) set({ price: reply.value, pricing: false });
      else set({ pricing: false, price: null, error: reply.error });
    },
    recheckPrice: async () => {
      const { item, price } = get();
      if (!item || !price) return;
      const reply = await invoke('quotes.get', { id: price.quoteId });
      if (get().item?.id !== item.id) return;
      if (reply.ok) set({ price: reply.value, error: null });
      else set({ error: reply.error });
    },
    runAgain: async () => {
      const { item, price } = get();
      const request = item ? runAgainRequest(item) : null;
      if (!item || !request) return;
      set({ submitting: true, error: null, notice: null });
      const quoteId = price?.quoteId ?? null;
      const reply =
        request.kind === 'generation'
          ? await invoke('generations.create', { body: request.body, quoteId })
          : await invoke('audio.create', { body: request.body, quoteId });
      if (!reply.ok) return set({ submitting: false, error: reply.error });
      useJobsStore.getState().apply(reply.value, { characterId: item.characterId });
      set({
        submitting: false,
        notice: price ? { id: 'gallery.runAgain.queuedFor', values: { credits: price.credits } } : { id: 'gallery.runAgain.queued' },
      });
      // A quote binds one submission; price the next one afresh.
      void get().priceRunAgain();
    },
  } satisfies Partial<DetailState>;
}

/** The open item’s file: saved elsewhere or shown in its folder. */
function fileActions(set: SetDetail, get: GetDetail) {
  return {
    saveAs: async (destination) => {
      const item = get().item;
      if (!item) return;
      if (onDesktop()) {
        if (!item.mediaId || !item.downloaded) {
          set({ notice: NOTHING_SAVED, error: null });
          return;
        }
        const reply = await invoke('shell.saveAs', { mediaId: item.mediaId, fileName: fileNameOf(item) });
        if (!reply.ok) return set({ error: reply.error });
        set({ notice: reply.value.saved ? { id: 'gallery.file.saved', values: { title: item.title } } : null, error: null });
        return;
      }
      if (!destination) return;
      const reply = await invoke('library.export', { ids: [item.id], destination });
      if (!reply.ok) return set({ error: reply.error });
      set({
        notice: reply.value.exported > 0 ? { id: 'gallery.file.savedTo', values: { folder: reply.value.folder } } : NOTHING_SAVED,
        error: null,
      });
    },
    showInFolder: async () => {
      const item = get().item;
      if (!item) return;
      if (onDesktop()) {
        if (!item.mediaId || !item.downloaded) {
          set({ notice: NO_MEDIA_YET, error: null });
          return;
        }
        const reply = await invoke('shell.showInFolder', { mediaId: item.mediaId });
        if (!reply.ok) set({ error: reply.error });
        return;
      }
      const reply = await invoke('library.export', { ids: [item.id] });
      if (!reply.ok) return set({ error: reply.error });
      set({
        notice: reply.value.exported > 0 ? { id: 'gallery.file.isIn', values: { folder: reply.value.folder } } : NO_MEDIA_YET,
        error: null,
      });
    },
  } satisfies Partial<DetailState>;
}

const NOTHING_SAVED: Words = { id: 'gallery.file.noMedia' };
const NO_MEDIA_YET: Words = { id: 'gallery.file.noMediaYet' };

/** The desktop shell has the system's file dialogs and file manager; the browser host exports instead. */
function onDesktop(): boolean {
  return useAppInfoStore.getState().info?.host === 'electron';
}
