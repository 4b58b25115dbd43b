import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { LIMITS } from '../../../shared/api/limits.ts';
import { OPERATION_IDS } from '../../../shared/api/operations.ts';
import { EMOTIONS, MODEL_B_FIELDS, VOICE_MODELS } from '../../../shared/api/voiceOptions.ts';
import type { CommandInput } from '../../../shared/ipc/index.ts';
import { formSubmitHandlers } from '../../app/formSubmit.ts';
import { Field, TextArea, TextInput } from '../../ui/Field.tsx';
import { Select } from '../../ui/primitives/index.ts';
import { defaultTrackName } from './trackName.ts';
import { PriceButton } from '../../ui/PriceButton.tsx';
import { createPriceStore } from './priceStore.ts';
import { useTracksStore } from './tracksStore.ts';
import { speakingVoices, useVoicesStore } from './voicesStore.ts';
import { LimitedTextArea } from '../../ui/TextLimit.tsx';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useDescribeError } from '../../errors/errorMessages.ts';

type SpeechBody = CommandInput<'audio.create'>['body'];
type ModelBField = (typeof MODEL_B_FIELDS)[number];

export const useSpeechPrice = createPriceStore();

/** The model with fields of its own. */
const MODEL_B = 'voice-model-b';

/** What each voice-model-b field asks for (spec 4.5). */
const MODEL_B_LABELS: Record<ModelBField, { label: MessageId; hint: MessageId; multiline?: boolean }> = {
  speaker: { label: 'voices.modelB.speaker', hint: 'voices.modelB.speaker.hint' },
  voice_description: { label: 'voices.modelB.voiceDescription', hint: 'voices.modelB.voiceDescription.hint', multiline: true },
  style_instruction: { label: 'voices.modelB.styleInstruction', hint: 'voices.modelB.styleInstruction.hint', multiline: true },
  reference_audio: { label: 'voices.modelB.referenceAudio', hint: 'voices.modelB.referenceAudio.hint' },
  reference_text: { label: 'voices.modelB.referenceText', hint: 'voices.modelB.referenceText.hint', multiline: true },
  language: { label: 'voices.modelB.language', hint: 'voices.modelB.language.hint' },
};

/** Text to speech: voice, model, emotion, track name and text, with its price first. */
export function SpeechForm({ voiceId, onVoiceChange }: { voiceId: string; onVoiceChange: (id: string) => void }) {
  const intl = useIntl();
  const describe = useDescribeError();
  const { voices, presets } = useVoicesStore(useShallow((s) => ({ voices: s.voices, presets: s.presets })));
  const { creating, createError, createSpeech } = useTracksStore(
    useShallow((s) => ({ creating: s.creating, createError: s.createError, createSpeech: s.createSpeech })),
  );
  const { price, requestPrice } = useSpeechPrice(useShallow((s) => ({ price: s.price, requestPrice: s.request })));
  const [model, setModel] = useState<'' | SpeechBody['model']>('');
  const [emotion, setEmotion] = useState<SpeechBody['emotion']>('auto');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [extra, setExtra] = useState<Partial<Record<ModelBField, string>>>({});

  const choices = speakingVoices(voices, presets);
  const voice = choices.find((each) => each.id === voiceId);
  // spec 4.5: without a model the voice's own model applies, else voice-model-a.
  const effectiveModel = model || voice?.model || 'voice-model-a';
  const modelB = effectiveModel === MODEL_B;
  // Unnamed tracks are named after their voice and first words ("Mira — Welcome to the rooftop…").
  // A string from the store (not read off `voice`), so the memoized body below can depend on it.
  const voiceName = useVoicesStore((s) => [...s.voices, ...s.presets].find((each) => each.id === voiceId)?.name ?? null);
  const fallbackName = voiceName ? defaultTrackName(voiceName, text) : null;

  const body = useMemo<SpeechBody | null>(() => {
    if (!voiceId || text.trim().length < LIMITS.audioText.min || text.length > LIMITS.audioText.max || name.length > LIMITS.audioTrackName)
      return null;
    const fields: Record<string, string> = {};
    if (modelB) for (const field of MODEL_B_FIELDS) if (extra[field]?.trim()) fields[field] = extra[field].trim();
    const trackName = name.trim() || (voiceName ? defaultTrackName(voiceName, text) : null);
    return { voice_id: voiceId, text, emotion, ...(model ? { model } : {}), ...(trackName ? { name: trackName } : {}), ...fields };
  }, [voiceId, text, emotion, model, name, modelB, extra, voiceName]);

  useEffect(() => requestPrice(OPERATION_IDS.createAudio, body), [body, requestPrice]);

  const submit = async () => {
    if (!body) return;
    // The text stays in the box: the next take is usually the same line with another voice or emotion.
    if (await createSpeech(body, price.status === 'priced' ? price.price.quoteId : null)) setName('');
  };

  return (
    <form className="speech-form lib-panel" aria-labelledby="speech-heading" {...formSubmitHandlers(submit)}>
      <h2 id="speech-heading" className="lib-section-title">
        {intl.formatMessage({ id: 'voices.speech.title' })}
      </h2>
      <div className="form-row">
        <Select
          label={intl.formatMessage({ id: 'voices.speech.voice' })}
          name="voice"
          required
          value={voiceId}
          onChange={onVoiceChange}
          placeholder={intl.formatMessage({ id: choices.length ? 'generate.audio.voice.placeholder' : 'voices.speech.noVoice' })}
          options={choices.map((each) => ({
            value: each.id,
            label:
              each.owner === 'system' || each.source_type === 'preset'
                ? intl.formatMessage({ id: 'voices.speech.preset' }, { name: each.name })
                : each.name,
          }))}
        />
        <Select
          label={intl.formatMessage({ id: 'voices.speech.model' })}
          name="speech-model"
          hint={model ? undefined : intl.formatMessage({ id: 'voices.speech.model.uses' }, { model: effectiveModel })}
          value={model ?? ''}
          onChange={(value) => setModel(value as '' | SpeechBody['model'])}
          options={[
            { value: '', label: intl.formatMessage({ id: 'voices.speech.model.voice' }) },
            ...VOICE_MODELS.map((each) => ({ value: each, label: each })),
          ]}
        />
        <Select
          label={intl.formatMessage({ id: 'voices.speech.emotion' })}
          name="emotion"
          value={emotion ?? 'auto'}
          onChange={(value) => setEmotion(value as SpeechBody['emotion'])}
          options={EMOTIONS.map((each) => ({
            value: each,
            label: intl.formatMessage({ id: 'voices.speech.emotion.value' }, { emotion: each }),
          }))}
        />
      </div>
      <Field
        label={intl.formatMessage({ id: 'voices.speech.trackName' })}
        hint={
          fallbackName
            ? intl.formatMessage({ id: 'voices.speech.trackName.fallback' }, { name: fallbackName })
            : intl.formatMessage({ id: 'voices.speech.trackName.hint' })
        }
        counter={{ length: name.length, max: LIMITS.audioTrackName }}
      >
        {(control) => <TextInput {...control} dir="auto" value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <LimitedTextArea
        label={intl.formatMessage({ id: 'voices.speech.text' })}
        what={intl.formatMessage({ id: 'voices.speech.text.what' })}
        required
        max={LIMITS.audioText.max}
        rows={5}
        value={text}
        onChange={setText}
        placeholder={intl.formatMessage({ id: 'voices.speech.text.placeholder' })}
        dir="auto"
        data-testid="speech-text"
      />
      {modelB && <ModelBFields values={extra} onChange={setExtra} />}
      <PriceButton
        label={intl.formatMessage({ id: 'voices.speak' })}
        price={price}
        onClick={() => void submit()}
        busy={creating}
        disabled={!body}
        hint={intl.formatMessage({ id: 'voices.speech.shortcut' })}
      />
      {createError && (
        <p className="field-error" role="alert">
          {describe(createError)}
        </p>
      )}
    </form>
  );
}

/** voice-model-b's own fields (spec 4.5), shown only when that model applies. */
function ModelBFields({
  values,
  onChange: onChangeAll,
}: {
  values: Partial<Record<ModelBField, string>>;
  onChange: Dispatch<SetStateAction<Partial<Record<ModelBField, string>>>>;
}) {
  const intl = useIntl();
  return (
    <fieldset className="model-b-fields">
      <legend>{intl.formatMessage({ id: 'voices.modelB.legend' }, { model: MODEL_B })}</legend>
      <div className="form-grid">
        {MODEL_B_FIELDS.map((field) => {
          const { label: labelId, hint: hintId, multiline } = MODEL_B_LABELS[field];
          const label = intl.formatMessage({ id: labelId });
          const hint = intl.formatMessage({ id: hintId });
          const value = values[field] ?? '';
          const onChange = (next: string) => onChangeAll((current) => ({ ...current, [field]: next }));
          return (
            <Field key={field} label={label} hint={hint}>
              {(control) =>
                multiline ? (
                  <TextArea {...control} rows={2} value={value} onChange={(event) => onChange(event.target.value)} />
                ) : (
                  <TextInput
                    {...control}
                    type={field === 'reference_audio' ? 'url' : 'text'}
                    value={value}
                    onChange={(event) => onChange(event.target.value)}
                  />
                )
              }
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
