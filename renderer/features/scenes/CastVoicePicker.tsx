import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { LIMITS } from '../../../shared/api/limits.ts';
import { EMOTIONS, isEmotion } from '../../../shared/api/voiceOptions.ts';
import type { AppError, CastVoice, SpeechSettings, VoiceView } from '../../../shared/ipc/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Select, type SelectOption } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { useCastStore } from './castStore.ts';
import './scenes.css';

type ModelBField = Exclude<keyof SpeechSettings, 'emotion'>;

/** The voice-model-b fields a character's voice can carry (spec 4.5), with what each asks for. */
const MODEL_B_FIELDS: readonly { field: ModelBField; label: MessageId; placeholder: MessageId }[] = [
  { field: 'speaker', label: 'scenes.castVoice.speaker', placeholder: 'scenes.castVoice.speaker.placeholder' },
  {
    field: 'voice_description',
    label: 'scenes.castVoice.voiceDescription',
    placeholder: 'scenes.castVoice.voiceDescription.placeholder',
  },
  {
    field: 'style_instruction',
    label: 'scenes.castVoice.styleInstruction',
    placeholder: 'scenes.castVoice.styleInstruction.placeholder',
  },
  { field: 'language', label: 'scenes.castVoice.language', placeholder: 'scenes.castVoice.language.placeholder' },
];

const OWNER_GROUPS: readonly { label: MessageId; owns: (voice: VoiceView) => boolean }[] = [
  { label: 'scenes.castVoice.yours', owns: (voice) => voice.owner !== 'system' && voice.source_type !== 'preset' },
  { label: 'scenes.castVoice.presets', owns: (voice) => voice.owner === 'system' || voice.source_type === 'preset' },
];

function emotionOptions(intl: IntlShape): SelectOption[] {
  return [
    { value: '', label: intl.formatMessage({ id: 'scenes.emotion.auto' }) },
    ...EMOTIONS.filter((emotion) => emotion !== 'auto').map((emotion) => ({
      value: emotion,
      label: intl.formatMessage({ id: 'scenes.emotion' }, { emotion }),
    })),
  ];
}

/** No voice, the stored voice when the service no longer lists it, then the listed voices by owner. */
function voiceOptions(
  intl: IntlShape,
  loaded: boolean,
  cast: CastVoice | undefined,
  voice: VoiceView | undefined,
  voices: readonly VoiceView[],
): SelectOption[] {
  return [
    { value: '', label: intl.formatMessage({ id: loaded ? 'scenes.castVoice.none' : 'scenes.castVoice.loading' }) },
    ...(cast && !voice ? [{ value: cast.voiceId, label: cast.voiceName ?? intl.formatMessage({ id: 'scenes.castVoice.gone' }) }] : []),
    ...OWNER_GROUPS.flatMap((group) => {
      const label = intl.formatMessage({ id: group.label });
      return voices.filter(group.owns).map((each) => ({ value: each.id, label: each.name, group: label }));
    }),
  ];
}

/** A character's default voice and speech settings: what every line it speaks in a scene is voiced with. */
export function CastVoicePicker({ characterId, characterName }: { characterId: string; characterName: string }) {
  const intl = useIntl();
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
        {intl.formatMessage({ id: 'scenes.castVoice.title' })}
      </h2>
      <p className="field-hint">{intl.formatMessage({ id: 'scenes.castVoice.hint' }, { name: <bdi>{characterName}</bdi> })}</p>
      <div className="cast-voice-row">
        <Field label={intl.formatMessage({ id: 'scenes.castVoice.title' })} className="cast-voice-field">
          {(control) => (
            <Select
              {...control}
              value={cast?.voiceId ?? ''}
              options={voiceOptions(intl, loaded, cast, voice, voices)}
              onChange={(event) => void save(event.target.value || null, cleaned(draft))}
              data-field="cast-voice"
            />
          )}
        </Field>
        <Field label={intl.formatMessage({ id: 'scenes.castVoice.emotion' })} className="cast-voice-field">
          {(control) => (
            <Select
              {...control}
              value={draft.emotion ?? ''}
              options={emotionOptions(intl)}
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
              <span className="field-label">{intl.formatMessage({ id: label })}</span>
              <input
                className="input"
                value={draft[field] ?? ''}
                dir="auto"
                placeholder={intl.formatMessage({ id: placeholder })}
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
  const intl = useIntl();
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
        title={src ? undefined : intl.formatMessage({ id: voice ? 'scenes.castVoice.noPreview' : 'scenes.castVoice.chooseFirst' })}
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
        {intl.formatMessage({ id: playing ? 'scenes.castVoice.stop' : 'scenes.castVoice.hear' })}
      </Button>
      {src ? <audio ref={audio} src={src} preload="none" onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)} /> : null}
    </>
  );
}
