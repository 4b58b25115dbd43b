import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LIMITS } from '../../../shared/api/limits.ts';
import { EMOTIONS, isEmotion } from '../../../shared/api/voiceOptions.ts';
import type { AppError, CastVoice, SpeechSettings, VoiceView } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Select, type SelectOption } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { useCastStore } from './castStore.ts';
import './scenes.css';

type ModelBField = Exclude<keyof SpeechSettings, 'emotion'>;

/** The voice-model-b fields a character's voice can carry (spec 4.5), with what each asks for. */
const MODEL_B_FIELDS: readonly { field: ModelBField; label: string; placeholder: string }[] = [
  { field: 'speaker', label: 'Speaker', placeholder: 'A speaker name the model knows' },
  { field: 'voice_description', label: 'Voice description', placeholder: 'How the voice should sound' },
  { field: 'style_instruction', label: 'Style instruction', placeholder: 'Pace, emphasis, mood' },
  { field: 'language', label: 'Language', placeholder: 'For example en, fr-CA or ja' },
];

const OWNER_GROUPS: readonly { label: string; owns: (voice: VoiceView) => boolean }[] = [
  { label: 'Your voices', owns: (voice) => voice.owner !== 'system' && voice.source_type !== 'preset' },
  { label: 'Presets', owns: (voice) => voice.owner === 'system' || voice.source_type === 'preset' },
];

const EMOTION_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Auto (from the text)' },
  ...EMOTIONS.filter((emotion) => emotion !== 'auto').map((emotion) => ({ value: emotion, label: emotion })),
];

/** No voice, the stored voice when the service no longer lists it, then the listed voices by owner. */
function voiceOptions(
  loaded: boolean,
  cast: CastVoice | undefined,
  voice: VoiceView | undefined,
  voices: readonly VoiceView[],
): SelectOption[] {
  return [
    { value: '', label: loaded ? 'No voice' : 'Loading voices…' },
    ...(cast && !voice ? [{ value: cast.voiceId, label: cast.voiceName ?? 'A voice no longer on the service' }] : []),
    ...OWNER_GROUPS.flatMap((group) => voices.filter(group.owns).map((each) => ({ value: each.id, label: each.name, group: group.label }))),
  ];
}

/** A character's default voice and speech settings: what every line it speaks in a scene is voiced with. */
export function CastVoicePicker({ characterId, characterName }: { characterId: string; characterName: string }) {
  const { cast, voices, loaded, load, setVoice } = useCastStore(
    useShallow((s) => ({ cast: s.byCharacter[characterId], voices: s.voices, loaded: s.loaded, load: s.load, setVoice: s.setVoice })),
  );
  const [error, setError] = useState<AppError | null>(null);
  // What is typed into the settings, over the stored voice it was typed over; a new stored voice starts afresh.
  const [edited, setEdited] = useState<{ over: CastVoice | undefined; settings: SpeechSettings } | null>(null);
  const draft = edited && edited.over === cast ? edited.settings : (cast?.settings ?? {});
  const setDraft = (settings: SpeechSettings) => setEdited({ over: cast, settings });
  useEffect(() => void load(), [load]);

  const voice = voices.find((each) => each.id === cast?.voiceId);
  const modelB = voice?.model === 'voice-model-b';

  const save = async (voiceId: string | null, settings: SpeechSettings) => {
    setError(await setVoice(characterId, voiceId, voiceId ? settings : undefined));
  };
  const cleaned = (settings: SpeechSettings): SpeechSettings =>
    Object.fromEntries(Object.entries(settings).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));

  return (
    <section id="voice" className="cast-voice lib-panel" aria-labelledby="cast-voice-heading" data-cast-voice={cast?.voiceId ?? ''}>
      <h2 id="cast-voice-heading" className="lib-section-title">
        Voice
      </h2>
      <p className="field-hint">What {characterName} speaks with in scenes, unless a line says otherwise.</p>
      <div className="cast-voice-row">
        <Field label="Voice" className="cast-voice-field">
          {(control) => (
            <Select
              {...control}
              value={cast?.voiceId ?? ''}
              options={voiceOptions(loaded, cast, voice, voices)}
              onChange={(event) => void save(event.target.value || null, cleaned(draft))}
              data-field="cast-voice"
            />
          )}
        </Field>
        <Field label="Emotion" className="cast-voice-field">
          {(control) => (
            <Select
              {...control}
              value={draft.emotion ?? ''}
              options={EMOTION_OPTIONS}
              disabled={!cast}
              onChange={(event) => {
                const next = { ...draft, emotion: isEmotion(event.target.value) ? event.target.value : undefined };
                setDraft(next);
                if (cast) void save(cast.voiceId, cleaned(next));
              }}
              data-field="cast-emotion"
            />
          )}
        </Field>
        <VoicePreview voice={voice} />
      </div>
      {cast && modelB ? (
        <div className="cast-voice-model-b">
          {MODEL_B_FIELDS.map(({ field, label, placeholder }) => (
            <label key={field} className="cast-voice-field">
              <span className="field-label">{label}</span>
              <input
                className="input"
                value={draft[field] ?? ''}
                placeholder={placeholder}
                maxLength={field === 'language' ? LIMITS.speechLanguage.max : LIMITS.speechSettingText.max}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                onBlur={() => void save(cast.voiceId, cleaned(draft))}
                data-field={`cast-${field}`}
              />
            </label>
          ))}
        </div>
      ) : null}
      <InlineError error={error} />
    </section>
  );
}

/** Plays the voice's preview, fetched to this computer, so the choice is heard before a line is paid for. */
function VoicePreview({ voice }: { voice: VoiceView | undefined }) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const src = mediaUrl(mediaBase, voice?.previewMediaId);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        icon={playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
        disabled={!src}
        title={src ? undefined : voice ? 'This voice has no preview on this computer yet.' : 'Choose a voice first.'}
        onClick={() => {
          const element = audio.current;
          if (!element) return;
          if (element.paused)
            void element.play().then(
              () => setPlaying(true),
              () => setPlaying(false),
            );
          else element.pause();
        }}
        data-action="preview-voice"
      >
        {playing ? 'Stop' : 'Hear it'}
      </Button>
      {src ? <audio ref={audio} src={src} preload="none" onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)} /> : null}
    </>
  );
}
