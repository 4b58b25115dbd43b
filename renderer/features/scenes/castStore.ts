import { create } from 'zustand';
import type { AppError, CastVoice, SpeechSettings, VoiceView } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';

type CastState = {
  /** Each character's default voice, by character id. */
  byCharacter: Record<string, CastVoice>;
  /** Voices a character can be given: ready ones of the user or team, then the presets. */
  voices: readonly VoiceView[];
  loaded: boolean;
  error: AppError | null;
  load: () => Promise<void>;
  setVoice: (characterId: string, voiceId: string | null, settings?: SpeechSettings) => Promise<AppError | null>;
  /** cast.changed */
  applyVoice: (characterId: string, voice: CastVoice | null) => void;
  reset: () => void;
};

const initial = { byCharacter: {}, voices: [], loaded: false, error: null };

/** Several places ask at once (each voice card of the voice lab): they share one reading. */
let loading: Promise<void> | null = null;

export const useCastStore = create<CastState>()((set, get) => {
  const read = async () => {
    const [cast, voices] = await Promise.all([invoke('cast.voices', {}), invoke('voices.list', {})]);
    const byCharacter: Record<string, CastVoice> = {};
    if (cast.ok) for (const voice of cast.value) byCharacter[voice.characterId] = voice;
    const ready = voices.ok ? [...voices.value.voices, ...voices.value.presets].filter((voice) => voice.status === 'ready') : get().voices;
    const error = !cast.ok ? cast.error : !voices.ok ? voices.error : null;
    set({ byCharacter: cast.ok ? byCharacter : get().byCharacter, voices: ready, loaded: true, error });
  };

  return {
    ...initial,

    load: () => {
      loading ??= read().finally(() => {
        loading = null;
      });
      return loading;
    },

    setVoice: async (characterId, voiceId, settings) => {
      const reply = await invoke('cast.setVoice', { characterId, voiceId, ...(settings ? { settings } : {}) });
      if (!reply.ok) return reply.error;
      get().applyVoice(characterId, reply.value);
      return null;
    },

    applyVoice: (characterId, voice) =>
      set((state) => {
        const byCharacter = { ...state.byCharacter };
        if (voice) byCharacter[characterId] = voice;
        else delete byCharacter[characterId];
        return { byCharacter };
      }),

    reset: () => {
      loading = null;
      set(initial);
    },
  };
});
