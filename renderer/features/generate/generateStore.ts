import { create } from 'zustand';
import type { AudioTrack, GenerationType, Voice } from '../../../shared/api/index.ts';
import { findModel } from '../../../shared/api/findModel.ts';
import { RESULTS_PER_CLICK } from '../../../shared/api/limits.ts';
import { OPERATION_IDS } from '../../../shared/api/operations.ts';
import type { AppError, Job, Price } from '../../../shared/ipc/index.ts';
import { attach, releaseAttachment, type Attachment, type AttachmentInput } from '../../stores/attachments.ts';
import { invoke } from '../../bridge/invoke.ts';
import { useCapabilitiesStore } from '../../stores/capabilitiesStore.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import type { GeneratePrefill } from '../../stores/navigationStore.ts';
import { isFresh, QuotePricer, type PriceState } from '../../stores/quotePricer.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import type { UploadKind } from '../../stores/uploads.ts';
import {
  buildGeneration,
  hasIssues,
  usesSpeech,
  type AudioSource,
  type GenerateForm,
  type Issues,
  type SpeechFields,
} from './buildGeneration.ts';
import {
  defaultValues,
  durationRange,
  MEDIA_OPTION_KEYS,
  referenceImagesMax,
  TYPE_LABELS,
  type MediaOptionKey,
  type OptionValues,
} from './generateOptions.ts';
import { pricingAudioUrl } from './pricingAudio.ts';

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
  refused: Partial<Record<MediaOptionKey, string[]>>;
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

/** How many results a click on this form makes: a talk clip made with speech first is always one. */
function countOf(state: GenerateForm & { count: Record<GenerationType, number> }): number {
  return usesSpeech(state) ? 1 : Math.min(RESULTS_PER_CLICK[state.type], state.count[state.type]);
}

/**
 * Adds quotes into the one price the button shows: the clip's and its speech's, or one quote per
 * result of a click that makes several. The first quote's id stands for the whole.
 */
function combine(...states: readonly PriceState[]): PriceState {
  const failed = states.find((state) => state.status === 'error');
  if (failed) return failed;
  const prices = states.flatMap((state) => (state.status === 'priced' ? [state.price] : []));
  const [first] = prices;
  if (!first || prices.length !== states.length)
    return states.some((state) => state.status === 'idle') ? { status: 'idle' } : { status: 'pricing' };
  const credits = prices.reduce((sum, p) => sum + p.credits, 0);
  const balance = prices.find((p) => p.balance !== null)?.balance ?? null;
  const approvalRequired = prices.some((p) => p.approvalRequired);
  const approvalState =
    prices.find((p) => p.approvalRequired && p.approvalState !== 'approved')?.approvalState ?? (approvalRequired ? 'approved' : null);
  const price: Price = {
    // With speech, core takes the clip's quote as its estimate for the spend guard and prices the speech itself.
    quoteId: first.quoteId,
    credits,
    approvalRequired,
    approvalState,
    expiresAt: prices.reduce((soonest, p) => (p.expiresAt < soonest ? p.expiresAt : soonest), first.expiresAt),
    balance,
    covered: balance === null || credits <= balance,
  };
  return { status: 'priced', price };
}

export const useGenerateStore = create<GenerateState>()((set, get) => {
  let clipPrice: PriceState = { status: 'idle' };
  let speechPrice: PriceState = { status: 'idle' };
  let pricingAudio: string | null = null;
  // The second to fourth result of one click are paid on their own quotes (spec 4.3: a quote binds one submission).
  const extraPrices: PriceState[] = [];
  const publish = () => {
    const state = get();
    const extra = countOf(state) - 1;
    set({
      price: usesSpeech(state)
        ? combine(clipPrice, speechPrice)
        : extra > 0
          ? combine(clipPrice, ...extraPrices.slice(0, extra))
          : clipPrice,
    });
  };
  const extraPricers = [1, 2, 3].map((_, i) => {
    extraPrices[i] = { status: 'idle' };
    return new QuotePricer((state) => {
      extraPrices[i] = state;
      publish();
    });
  });
  /** The pricers of this click's results: the first, then one per further result. */
  const resultPricers = () => [clipPricer, ...extraPricers.slice(0, countOf(get()) - 1)];
  const clipPricer = new QuotePricer((state) => {
    clipPrice = state;
    publish();
  });
  const speechPricer = new QuotePricer((state) => {
    speechPrice = state;
    publish();
  });

  /** Checks the form and asks for a price of what it would submit (debounced by the pricers). */
  const recompute = () => {
    const state = get();
    if (!state.characterId) return;
    const capabilities = useCapabilitiesStore.getState().capabilities;
    const built = buildGeneration(state, state.characterId, capabilities, state.tracks);
    set({ issues: built.issues });
    const extra = countOf(state) - 1;
    if (hasIssues(built.issues)) {
      clipPricer.request(null);
      speechPricer.request(null);
      for (const pricer of extraPricers) pricer.request(null);
      return;
    }
    if (!built.speech) {
      speechPricer.request(null);
      const query = { operationId: OPERATION_IDS.createGeneration, input: built.body };
      clipPricer.request(query);
      extraPricers.forEach((pricer, i) => pricer.request(i < extra ? query : null));
      publish();
      return;
    }
    for (const pricer of extraPricers) pricer.request(null);
    speechPricer.request({
      operationId: OPERATION_IDS.createAudio,
      input: { voice_id: built.speech.voice_id, text: built.speech.text, emotion: built.speech.emotion },
    });
    if (pricingAudio) {
      clipPricer.request({
        operationId: OPERATION_IDS.createGeneration,
        input: { ...built.body, options: { ...built.body.options, audio_url: pricingAudio } },
      });
    } else {
      clipPricer.request(null);
      set({ price: { status: 'pricing' } });
      void pricingAudioUrl().then((url) => {
        if (url) {
          pricingAudio = url;
          recompute();
        } else if (usesSpeech(get())) {
          set({ price: { status: 'error', error: { code: 'service_unavailable', message: 'The clip could not be priced right now.' } } });
        }
      });
    }
  };

  const updateValues = (type: GenerationType, change: Partial<OptionValues>) =>
    set((state) => ({ values: { ...state.values, [type]: { ...state.values[type], ...change } } }));

  const mediaSink = (type: GenerationType, key: MediaOptionKey) => ({
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
    drop: (attachmentKey: string, sentence: string) => {
      const dropped = get().media[type][key].find((a) => a.key === attachmentKey);
      if (dropped) releaseAttachment(dropped);
      set((state) => ({
        media: { ...state.media, [type]: { ...state.media[type], [key]: state.media[type][key].filter((a) => a.key !== attachmentKey) } },
        refused: { ...state.refused, [key]: [...(state.refused[key] ?? []), sentence] },
      }));
      recompute();
    },
  });

  return {
    ...initialState(),
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
          updateValues(type, { duration: Math.min(range.max, Math.max(range.min, duration)) });
      }
      recompute();
    },
    setPrompt: (prompt) => {
      set({ prompt, error: null });
      recompute();
    },
    setValue: (key, value) => {
      updateValues(get().type, { [key]: value });
      set({ error: null });
      recompute();
    },
    addMedia: (key, inputs) => {
      const { type } = get();
      const capabilities = useCapabilitiesStore.getState().capabilities;
      const model = capabilities ? findModel(capabilities, type, get().models[type] ?? undefined) : undefined;
      const max = key === 'reference_images' ? referenceImagesMax(type, model) : 1;
      const room = max - get().media[type][key].length;
      const refused = attach(inputs, { kinds: MEDIA_KINDS[key], room, sink: mediaSink(type, key) });
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
    submit: async () => {
      set({ attempted: true });
      const state = get();
      if (!state.characterId || state.submitting) return null;
      const capabilities = useCapabilitiesStore.getState().capabilities;
      const built = buildGeneration(state, state.characterId, capabilities, state.tracks);
      set({ issues: built.issues });
      if (hasIssues(built.issues)) return null;
      set({ submitting: true, error: null });
      let price = get().price;
      const count = countOf(state);
      if (!isFresh(price)) {
        const [clip, speech, ...extras] = await Promise.all([
          clipPricer.refreshNow(),
          built.speech ? speechPricer.refreshNow() : Promise.resolve(speechPrice),
          ...extraPricers.slice(0, count - 1).map((pricer) => pricer.refreshNow()),
        ]);
        price = built.speech ? combine(clip, speech) : combine(clip, ...extras);
        set({ price });
      }
      // Held, as the button says: the service would refuse a quote that is not approved (quote_not_approved).
      const held =
        price.status === 'priced' && (!price.price.covered || (price.price.approvalRequired && price.price.approvalState !== 'approved'));
      if (price.status === 'pricing' || price.status === 'idle' || held) {
        set({ submitting: false });
        return null;
      }
      // With speech first, core quotes the speech itself and the clip again once its audio exists;
      // the clip's quote here is its estimate for the spend guard.
      const quoteId = price.status === 'priced' ? price.price.quoteId : null;
      const several = count > 1 ? { count, quoteIds: quoteIdsOf([clipPrice, ...extraPrices.slice(0, count - 1)]) } : {};
      const reply = await invoke('generations.create', {
        body: built.body,
        quoteId,
        ...(built.speech ? { speech: built.speech } : {}),
        ...several,
      });
      clipPricer.invalidate();
      speechPricer.invalidate();
      for (const pricer of extraPricers) pricer.invalidate();
      if (!reply.ok) {
        set({ submitting: false, error: reply.error });
        recompute();
        return null;
      }
      useJobsStore
        .getState()
        .apply(reply.value, { characterId: state.characterId, label: `${TYPE_LABELS[state.type]}: ${built.body.prompt}` });
      set({
        submitting: false,
        attempted: false,
        lastSubmitted: {
          jobId: reply.value.id,
          batchId: reply.value.batchId ?? null,
          count,
          type: state.type,
          shownCredits: price.status === 'priced' ? price.price.credits : null,
        },
      });
      // A quote pays for one submission; the next click gets a fresh one.
      recompute();
      return reply.value;
    },
    recheckPrice: async () => {
      await Promise.all([
        ...resultPricers().map((pricer) => pricer.reread()),
        usesSpeech(get()) ? speechPricer.reread() : Promise.resolve(),
      ]);
    },
    requote: async () => {
      await Promise.all([
        ...resultPricers().map((pricer) => pricer.refreshNow()),
        usesSpeech(get()) ? speechPricer.refreshNow() : Promise.resolve(speechPrice),
      ]);
    },
    reset: () => {
      const state = get();
      for (const type of TYPES)
        for (const key of MEDIA_OPTION_KEYS) for (const attachment of state.media[type][key]) releaseAttachment(attachment);
      clipPricer.cancel();
      speechPricer.cancel();
      for (const pricer of extraPricers) pricer.cancel();
      extraPrices.fill({ status: 'idle' });
      clipPrice = { status: 'idle' };
      speechPrice = { status: 'idle' };
      pricingAudio = null;
      set(initialState());
    },
  };
});

registerStoreReset(() => useGenerateStore.getState().reset());

/** The quote of each result, in order (only priced states reach a submission). */
function quoteIdsOf(states: readonly PriceState[]): string[] {
  return states.flatMap((state) => (state.status === 'priced' ? [state.price.quoteId] : []));
}

/** Recheck when the catalog arrives (the panel may open before it). */
useCapabilitiesStore.subscribe((state, previous) => {
  if (state.capabilities !== previous.capabilities) {
    const generate = useGenerateStore.getState();
    if (generate.characterId) generate.setPrompt(generate.prompt);
  }
});
