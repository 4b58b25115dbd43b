import { create, type StoreApi } from 'zustand';
import type { Voice } from '../../../shared/api/index.ts';
import type { AppError, CommandInput, VoiceView } from '../../../shared/ipc/index.ts';
import { invoke, uploadFile } from '../../bridge/index.ts';
import type { Said, Words } from '../../errors/said.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';

type CloneBody = CommandInput<'voices.clone'>['body'];

const RELOAD_DEBOUNCE_MS = 200;

interface VoicesState {
  /** Owned and team voices (core walks spec 4.4's pages and hands back the whole list). */
  voices: readonly VoiceView[];
  presets: readonly VoiceView[];
  loaded: boolean;
  /** Errors and notices are kept as they came and worded where they are shown. */
  error: AppError | null;
  /** The uploaded sample the clone form will send as source_url, and the file it was made from (to play and trim). */
  sample: { name: string; url: string; file: File } | null;
  uploading: boolean;
  uploadError: AppError | null;
  cloning: boolean;
  /** The service's own words about a voice that failed, or why it was refused or failed. */
  cloneError: Said | null;
  cloneNotice: Words | null;

  load: () => Promise<void>;
  /** voices.updated: re-read once a burst of updates has settled. */
  scheduleReload: () => void;
  /** Uploads a dropped (or trimmed) sample; it replaces the one before. */
  uploadSample: (file: File) => Promise<void>;
  clearSample: () => void;
  clone: (body: CloneBody, quoteId: string | null) => Promise<boolean>;
  reset: () => void;
}

let reloadTimer: ReturnType<typeof setTimeout> | undefined;
/** The name of the voice being cloned or designed, for the form's notice. */
let pendingName: string | null = null;

const initial = {
  voices: [],
  presets: [],
  loaded: false,
  error: null,
  sample: null,
  uploading: false,
  uploadError: null,
  cloning: false,
  cloneError: null,
  cloneNotice: null,
};

type SetVoices = StoreApi<VoicesState>['setState'];
type GetVoices = StoreApi<VoicesState>['getState'];

export const useVoicesStore = create<VoicesState>()((set, get) => ({
  ...initial,

  ...listing(set, get),
  ...sampleUpload(set),
  ...cloning(set, get),
  reset: () => {
    clearTimeout(reloadTimer);
    pendingName = null;
    set(initial);
  },
}));

/** The voices and presets, read again after a change; the notice follows the voice just asked for. */
function listing(set: SetVoices, get: GetVoices) {
  return {
    load: async () => {
      const reply = await invoke('voices.list', {});
      if (!reply.ok) return set({ loaded: true, error: reply.error });
      const { voices, presets } = reply.value;
      set({ voices, presets, loaded: true, error: null });
      // The notice follows the voice the user just asked for, until it is ready or failed.
      const asked = pendingName;
      const made = asked ? voices.find((voice) => voice.name === asked && voice.status !== 'processing') : undefined;
      if (made) {
        pendingName = null;
        if (made.status === 'ready') set({ cloneNotice: { id: 'voices.create.ready', values: { name: made.name } } });
        else
          set({
            cloneNotice: null,
            cloneError: made.error_message ?? { id: 'voices.create.failed', values: { name: made.name } },
          });
      }
    },

    scheduleReload: () => {
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => void get().load(), RELOAD_DEBOUNCE_MS);
    },
  } satisfies Partial<VoicesState>;
}

/** The sample a clone is made from: uploaded, replaced or cleared. */
function sampleUpload(set: SetVoices) {
  return {
    uploadSample: async (file) => {
      set({ uploading: true, uploadError: null });
      const reply = await uploadFile(file);
      if (reply.ok) set({ uploading: false, sample: { name: file.name, url: reply.value.url, file } });
      else set({ uploading: false, uploadError: reply.error });
    },

    clearSample: () => set({ sample: null, uploadError: null }),
  } satisfies Partial<VoicesState>;
}

/** Asking the service to clone or design a voice. */
function cloning(set: SetVoices, get: GetVoices) {
  return {
    clone: async (body, quoteId) => {
      set({ cloning: true, cloneError: null, cloneNotice: null });
      const reply = await invoke('voices.clone', { body, quoteId });
      if (!reply.ok) {
        set({ cloning: false, cloneError: reply.error });
        return false;
      }
      useJobsStore.getState().apply(reply.value, { characterId: null });
      pendingName = body.name;
      set({
        cloning: false,
        sample: null,
        cloneNotice: { id: 'voices.create.queued', values: { name: body.name, mode: body.setup_mode ?? 'voice_clone' } },
      });
      get().scheduleReload();
      return true;
    },
  } satisfies Partial<VoicesState>;
}

/** Voices speech can be made with: ready ones of the user or team, then every preset. */
export function speakingVoices(voices: readonly Voice[], presets: readonly Voice[]): Voice[] {
  return [...voices.filter((voice) => voice.status === 'ready'), ...presets.filter((voice) => voice.status === 'ready')];
}
