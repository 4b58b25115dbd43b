import { create, type StoreApi } from 'zustand';
import type { AppError, CommandInput, LibraryItem } from '../../../shared/ipc/index.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { invoke } from '../../bridge/invoke.ts';
import type { Words } from '../../errors/said.ts';

type SpeechBody = CommandInput<'audio.create'>['body'];

const PAGE = 50;
const RELOAD_DEBOUNCE_MS = 200;

interface TracksState {
  /** Speech tracks from the local library, newest first: they play offline once downloaded. */
  tracks: readonly LibraryItem[];
  total: number;
  loaded: boolean;
  /** Worded when shown (`useDescribeError`), in the language shown then. */
  error: AppError | null;
  creating: boolean;
  /** Worded when shown (`useDescribeError`), in the language shown then. */
  createError: AppError | null;
  /** What the last action did, worded where it is shown. */
  notice: Words | null;
  /** The track awaiting delete confirmation. */
  pendingDelete: LibraryItem | null;

  load: (more?: boolean) => Promise<void>;
  scheduleReload: () => void;
  createSpeech: (body: SpeechBody, quoteId: string | null) => Promise<boolean>;
  download: (track: LibraryItem) => Promise<void>;
  askDelete: (track: LibraryItem | null) => void;
  confirmDelete: () => Promise<void>;
  reset: () => void;
}

let reloadTimer: ReturnType<typeof setTimeout> | undefined;

const initial = { tracks: [], total: 0, loaded: false, error: null, creating: false, createError: null, notice: null, pendingDelete: null };

type SetTracks = StoreApi<TracksState>['setState'];
type GetTracks = StoreApi<TracksState>['getState'];

export const useTracksStore = create<TracksState>()((set, get) => ({
  ...initial,

  ...listing(set, get),
  ...making(set, get),
  ...trackActions(set, get),
  reset: () => {
    clearTimeout(reloadTimer);
    set(initial);
  },
}));

/** The tracks, a page at a time, and reading them again after a change. */
function listing(set: SetTracks, get: GetTracks) {
  return {
    load: async (more = false) => {
      const offset = more ? get().tracks.length : 0;
      const limit = more ? PAGE : Math.max(PAGE, get().tracks.length);
      const reply = await invoke('library.query', { filter: { kinds: ['audio'], sort: 'newest' }, offset, limit });
      if (!reply.ok) return set({ loaded: true, error: reply.error });
      const { items, total } = reply.value;
      set({ tracks: more ? [...get().tracks, ...items] : items, total, loaded: true, error: null });
    },

    scheduleReload: () => {
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => void get().load(), RELOAD_DEBOUNCE_MS);
    },
  } satisfies Partial<TracksState>;
}

/** Asking the service for a new speech track. */
function making(set: SetTracks, get: GetTracks) {
  return {
    createSpeech: async (body, quoteId) => {
      set({ creating: true, createError: null, notice: null });
      const reply = await invoke('audio.create', { body, quoteId });
      if (!reply.ok) {
        set({ creating: false, createError: reply.error });
        return false;
      }
      useJobsStore.getState().apply(reply.value, { characterId: null });
      set({ creating: false, notice: { id: 'voices.speech.queued' } });
      get().scheduleReload();
      return true;
    },
  } satisfies Partial<TracksState>;
}

/** Saving a track to disk and deleting one, after a confirmation. */
function trackActions(set: SetTracks, get: GetTracks) {
  return {
    download: async (track) => {
      const reply = await invoke('library.export', { ids: [track.id] });
      if (!reply.ok) return set({ error: reply.error });
      const result = reply.value;
      set({
        notice:
          result.exported > 0
            ? { id: 'voices.tracks.savedTo', values: { title: track.title, folder: result.folder } }
            : { id: 'voices.tracks.notDownloaded', values: { title: track.title } },
        error: null,
      });
    },

    askDelete: (track) => set({ pendingDelete: track }),

    confirmDelete: async () => {
      const track = get().pendingDelete;
      if (!track) return;
      set({ pendingDelete: null });
      const reply = await invoke('audio.delete', { id: track.id });
      if (!reply.ok) return set({ error: reply.error });
      set({
        tracks: get().tracks.filter((each) => each.id !== track.id),
        total: Math.max(0, get().total - 1),
        notice: { id: 'voices.tracks.deleted', values: { title: track.title } },
      });
    },
  } satisfies Partial<TracksState>;
}
