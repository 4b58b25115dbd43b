import { create, type StoreApi } from 'zustand';
import type { AudioTrack, GenerationType, Voice } from '../../../shared/api/index.ts';
import { findModel } from '../../../shared/api/findModel.ts';
import { RESULTS_PER_CLICK } from '../../../shared/api/limits.ts';
import type { AppError, Job } from '../../../shared/ipc/index.ts';
import { attach, releaseAttachment, type Attachment, type AttachmentInput } from '../../stores/attachments.ts';
import { invoke } from '../../bridge/invoke.ts';
import { useCapabilitiesStore } from '../../stores/capabilitiesStore.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import type { GeneratePrefill } from '../../stores/navigationStore.ts';
import { isFresh, type PriceState } from '../../stores/quotePricer.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import type { Refusal, UploadKind } from '../../stores/uploads.ts';
import { buildGeneration, type AudioSource, type GenerateForm, type SpeechFields } from './buildGeneration.ts';
import { hasIssues, type Issues } from './panelIssues.ts';
import {
  defaultValues,
  durationRange,
  MEDIA_OPTION_KEYS,
  referenceImagesMax,
  type MediaOptionKey,
  type OptionValues,
} from './generateOptions.ts';
import { countOf, GeneratePricing } from './generatePricing.ts';

const MEDIA_KINDS: Record<MediaOptionKey, UploadKind[]> = {
  reference_images: ['image'],
  input_image: ['image'],
  start_frame: ['image'],
  reference_video: ['video'],
  audio_url: ['audio'],
};

type Submitted = { jobId: string; batchId: string | null; count: number; type: GenerationType; shownCredits: number | null };

type GenerateState = GenerateForm & {
  characterId: string | null;
  issues: Issues;
  /** The price on the button: the clip's quote, plus the speech's when the queue makes it first. */
  price: PriceState;
  /** Why files were not taken, per option: worded when shown, in the language shown then. */
  refused: Partial<Record<MediaOptionKey, Refusal[]>>;
  tracks: AudioTrack[];
  voices: Voice[];
  presets: Voice[];
  sourcesError: AppError | null;
  submitting: boolean;
  error: AppError | null;
  /** Set when the user tried to submit: required fields say so from then on. */
  attempted: boolean;
  lastSubmitted: Submitted | null;
  /** How many results the next click asks for, per type. */
  count: Record<GenerationType, number>;
  setCount: (count: number) => void;
  setCharacter: (characterId: string) => void;
  setType: (type: GenerationType) => void;
  setModel: (modelId: string) => void;
  setPrompt: (prompt: string) => void;
  setValue: <K extends keyof OptionValues>(key: K, value: OptionValues[K]) => void;
  addMedia: (key: MediaOptionKey, inputs: AttachmentInput[]) => void;
  removeMedia: (key: MediaOptionKey, attachmentKey: string) => void;
  setAudioSource: (source: AudioSource) => void;
  setAudioTrack: (trackId: string | null) => void;
  setSpeech: (change: Partial<SpeechFields>) => void;
  loadAudioSources: () => Promise<void>;
  applyPrefill: (prefill: GeneratePrefill) => void;
  submit: () => Promise<Job | null>;
  /** Reads the shown quote again: its approval state and whether the balance covers it now. */
  recheckPrice: () => Promise<void>;
  /** A new quote for the same options (after a rejection or a revocation). */
  requote: () => Promise<void>;
  reset: () => void;
};

const TYPES: readonly GenerationType[] = ['image', 'video', 'talk'];

function emptyMedia(): Record<MediaOptionKey, Attachment[]> {
  return { reference_images: [], input_image: [], reference_video: [], start_frame: [], audio_url: [] };
}

function initialForm(): GenerateForm {
  return {
    type: 'image',
    models: { image: null, video: null, talk: null },
    prompt: '',
    values: { image: defaultValues('image'), video: defaultValues('video'), talk: defaultValues('talk') },
    media: { image: emptyMedia(), video: emptyMedia(), talk: emptyMedia() },
    audioSource: 'speech',
    audioTrackId: null,
    speech: { voiceId: '', text: '', emotion: 'auto' },
  };
}

function initialState() {
  return {
    ...initialForm(),
    characterId: null as string | null,
    issues: {} as Issues,
    price: { status: 'idle' } as PriceState,
    refused: {},
    tracks: [] as AudioTrack[],
    voices: [] as Voice[],
    presets: [] as Voice[],
    sourcesError: null as AppError | null,
    submitting: false,
    error: null as AppError | null,
    attempted: false,
    lastSubmitted: null as Submitted | null,
    count: { image: 1, video: 1, talk: 1 } as Record<GenerationType, number>,
  };
}

type SetGenerate = StoreApi<GenerateState>['setState'];
type GetGenerate = StoreApi<GenerateState>['getState'];

export const useGenerateStore = create<GenerateState>()((set, get) => {
  /** Checks the form and asks for a price of what it would submit. */
  const recompute = () => {
    const state = get();
    if (!state.characterId) return;
    const capabilities = useCapabilitiesStore.getState().capabilities;
    const built = buildGeneration(state, state.characterId, capabilities, state.tracks);
    set({ issues: built.issues });
    pricing.request(built);
  };
  const pricing = new GeneratePricing(get, (price) => set({ price }), recompute);

  return {
    ...initialState(),
    ...formFields(set, get, recompute),
    ...mediaFields(set, get, recompute),
    ...audioFields(set, get, recompute),
    ...prefilling(set, recompute),
    ...submission(set, get, pricing, recompute),
    recheckPrice: () => pricing.reread(),
    requote: () => pricing.requote(),
    reset: () => {
      const state = get();
      for (const type of TYPES)
        for (const key of MEDIA_OPTION_KEYS) for (const attachment of state.media[type][key]) releaseAttachment(attachment);
      pricing.cancel();
      set(initialState());
    },
  };
});

registerStoreReset(() => useGenerateStore.getState().reset());

/** The character, type, count, model, prompt and options; each change is checked and priced again. */
function formFields(set: SetGenerate, get: GetGenerate, recompute: () => void) {
  return {
    setCharacter: (characterId) => {
      if (get().characterId === characterId) return;
      set({ characterId, error: null, attempted: false, lastSubmitted: null });
      recompute();
    },
    setType: (type) => {
      set({ type, error: null });
      recompute();
    },
    setCount: (count) => {
      const { type } = get();
      set((state) => ({
        count: { ...state.count, [type]: Math.max(1, Math.min(RESULTS_PER_CLICK[type], Math.round(count))) },
        error: null,
      }));
      recompute();
    },
    setModel: (modelId) => {
      const { type } = get();
      set((state) => ({ models: { ...state.models, [type]: modelId }, error: null }));
      // Keep the duration inside what the new model makes, rather than showing an error at once.
      const capabilities = useCapabilitiesStore.getState().capabilities;
      const model = capabilities ? findModel(capabilities, type, modelId) : undefined;
      if (model && type !== 'image') {
        const range = durationRange(model);
        const duration = get().values[type].duration;
        if (duration > range.max || duration < range.min)
          updateValues(set, type, { duration: Math.min(range.max, Math.max(range.min, duration)) });
      }
      recompute();
    },
    setPrompt: (prompt) => {
      set({ prompt, error: null });
      recompute();
    },
    setValue: (key, value) => {
      updateValues(set, get().type, { [key]: value });
      set({ error: null });
      recompute();
    },
  } satisfies Partial<GenerateState>;
}

function updateValues(set: SetGenerate, type: GenerationType, change: Partial<OptionValues>) {
  set((state) => ({ values: { ...state.values, [type]: { ...state.values[type], ...change } } }));
}

/** The files attached to an option: added as they upload, refused with a reason, removed on request. */
function mediaFields(set: SetGenerate, get: GetGenerate, recompute: () => void) {
  return {
    addMedia: (key, inputs) => {
      const { type } = get();
      const capabilities = useCapabilitiesStore.getState().capabilities;
      const model = capabilities ? findModel(capabilities, type, get().models[type] ?? undefined) : undefined;
      const max = key === 'reference_images' ? referenceImagesMax(type, model) : 1;
      const room = max - get().media[type][key].length;
      const refused = attach(inputs, { kinds: MEDIA_KINDS[key], room, sink: mediaSink(set, get, recompute, type, key) });
      if (key === 'audio_url') set({ audioSource: 'file' });
      set((state) => ({ refused: { ...state.refused, [key]: refused } }));
      recompute();
    },
    removeMedia: (key, attachmentKey) => {
      const { type } = get();
      const removed = get().media[type][key].find((a) => a.key === attachmentKey);
      if (removed) releaseAttachment(removed);
      set((state) => ({
        media: { ...state.media, [type]: { ...state.media[type], [key]: state.media[type][key].filter((a) => a.key !== attachmentKey) } },
        refused: { ...state.refused, [key]: [] },
      }));
      recompute();
    },
  } satisfies Partial<GenerateState>;
}

/** Where the uploads of one option of one type land as they progress. */
function mediaSink(set: SetGenerate, get: GetGenerate, recompute: () => void, type: GenerationType, key: MediaOptionKey) {
  return {
    add: (attachment: Attachment) =>
      set((state) => ({ media: { ...state.media, [type]: { ...state.media[type], [key]: [...state.media[type][key], attachment] } } })),
    patch: (attachmentKey: string, change: Partial<Attachment>) => {
      set((state) => ({
        media: {
          ...state.media,
          [type]: { ...state.media[type], [key]: state.media[type][key].map((a) => (a.key === attachmentKey ? { ...a, ...change } : a)) },
        },
      }));
      recompute();
    },
    drop: (attachmentKey: string, refusal: Refusal) => {
      const dropped = get().media[type][key].find((a) => a.key === attachmentKey);
      if (dropped) releaseAttachment(dropped);
      set((state) => ({
        media: { ...state.media, [type]: { ...state.media[type], [key]: state.media[type][key].filter((a) => a.key !== attachmentKey) } },
        refused: { ...state.refused, [key]: [...(state.refused[key] ?? []), refusal] },
      }));
      recompute();
    },
  };
}

/** A talk clip's audio: a track, a file, or speech made first, and the tracks and voices to choose from. */
function audioFields(set: SetGenerate, get: GetGenerate, recompute: () => void) {
  return {
    setAudioSource: (audioSource) => {
      set({ audioSource, error: null });
      recompute();
    },
    setAudioTrack: (audioTrackId) => {
      set({ audioTrackId, audioSource: 'track', error: null });
      recompute();
    },
    setSpeech: (change) => {
      set((state) => ({ speech: { ...state.speech, ...change }, error: null }));
      recompute();
    },
    loadAudioSources: async () => {
      const [tracks, voices] = await Promise.all([invoke('audio.list', {}), invoke('voices.list', {})]);
      set({
        tracks: tracks.ok ? tracks.value : get().tracks,
        voices: voices.ok ? voices.value.voices : get().voices,
        presets: voices.ok ? voices.value.presets : get().presets,
        sourcesError: !tracks.ok ? tracks.error : !voices.ok ? voices.error : null,
      });
      // A first voice spares a click; the user can change it.
      const state = get();
      if (!state.speech.voiceId) {
        const first = [...state.voices, ...state.presets].find((voice) => voice.status === 'ready');
        if (first) set({ speech: { ...state.speech, voiceId: first.id } });
      }
      recompute();
    },
  } satisfies Partial<GenerateState>;
}

/** The form filled from an earlier generation ("run again"). */
function prefilling(set: SetGenerate, recompute: () => void) {
  return {
    applyPrefill: (prefill) => {
      const type = prefill.type;
      const values = { ...defaultValues(type) };
      for (const [key, value] of Object.entries(prefill.options ?? {})) {
        if (key in values && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) {
          (values as Record<string, unknown>)[key] = value;
        }
      }
      set((state) => ({
        type,
        prompt: prefill.prompt ?? state.prompt,
        models: { ...state.models, [type]: prefill.model ?? state.models[type] },
        values: { ...state.values, [type]: values },
      }));
      recompute();
    },
  } satisfies Partial<GenerateState>;
}

/** Sending the click's request on a fresh, payable price, and recording what was sent. */
function submission(set: SetGenerate, get: GetGenerate, pricing: GeneratePricing, recompute: () => void) {
  return {
    submit: async () => {
      set({ attempted: true });
      const state = get();
      if (!state.characterId || state.submitting) return null;
      const capabilities = useCapabilitiesStore.getState().capabilities;
      const built = buildGeneration(state, state.characterId, capabilities, state.tracks);
      set({ issues: built.issues });
      if (hasIssues(built.issues)) return null;
      set({ submitting: true, error: null });
      const count = countOf(state);
      const price = await payablePrice(set, get, pricing, built.speech !== null, count);
      if (!price) {
        set({ submitting: false });
        return null;
      }
      // With speech first, core quotes the speech itself and the clip again once its audio exists;
      // the clip's quote here is its estimate for the spend guard.
      const quoteId = price.status === 'priced' ? price.price.quoteId : null;
      const several = count > 1 ? { count, quoteIds: pricing.quoteIds(count) } : {};
      const reply = await invoke('generations.create', {
        body: built.body,
        quoteId,
        ...(built.speech ? { speech: built.speech } : {}),
        ...several,
      });
      pricing.invalidate();
      if (!reply.ok) {
        set({ submitting: false, error: reply.error });
        recompute();
        return null;
      }
      const { characterId, type } = state;
      useJobsStore.getState().apply(reply.value, { characterId });
      const shownCredits = price.status === 'priced' ? price.price.credits : null;
      const lastSubmitted = { jobId: reply.value.id, batchId: reply.value.batchId ?? null, count, type, shownCredits };
      set({ submitting: false, attempted: false, lastSubmitted });
      // A quote pays for one submission; the next click gets a fresh one.
      recompute();
      return reply.value;
    },
  } satisfies Partial<GenerateState>;
}

/** The price to submit on, priced again when stale; null while it is unknown or the button holds it. */
async function payablePrice(
  set: SetGenerate,
  get: GetGenerate,
  pricing: GeneratePricing,
  withSpeech: boolean,
  count: number,
): Promise<PriceState | null> {
  let price = get().price;
  if (!isFresh(price)) {
    price = await pricing.refreshNow(withSpeech, count);
    set({ price });
  }
  // Held, as the button says: the service would refuse a quote that is not approved (quote_not_approved).
  const held =
    price.status === 'priced' && (!price.price.covered || (price.price.approvalRequired && price.price.approvalState !== 'approved'));
  if (price.status === 'pricing' || price.status === 'idle' || held) return null;
  return price;
}

/** Recheck when the catalog arrives (the panel may open before it). */
useCapabilitiesStore.subscribe((state, previous) => {
  if (state.capabilities !== previous.capabilities) {
    const generate = useGenerateStore.getState();
    if (generate.characterId) generate.setPrompt(generate.prompt);
  }
});
