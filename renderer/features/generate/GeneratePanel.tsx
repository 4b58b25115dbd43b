import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { GenerationOptionKey, GenerationType, ModelInfo } from '../../../shared/api/index.ts';
import { findModel } from '../../../shared/api/findModel.ts';
import { LIMITS, RESULTS_PER_CLICK } from '../../../shared/api/limits.ts';
import type { CharacterView } from '../../../shared/ipc/index.ts';
import { formSubmitHandlers } from '../../app/formSubmit.ts';
import { SHORTCUT_HINT } from '../../app/useShortcuts.ts';
import { modelsOfType, useCapabilitiesStore } from '../../stores/capabilitiesStore.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { Field, Select } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { PriceButton } from '../../ui/PriceButton.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { usePriceWatch } from '../../ui/usePriceWatch.ts';
import { AudioSourceFields } from './AudioSourceFields.tsx';
import { applicableOptions, modeOf, TYPE_LABELS } from './generateOptions.ts';
import { useGenerateStore } from './generateStore.ts';
import { usesSpeech } from './buildGeneration.ts';
import { SubmittedProgress } from './SubmittedProgress.tsx';
import { OptionField } from './OptionField.tsx';
import { useGenerateHandoffs } from './useGenerateHandoffs.ts';
import './generate.css';
import { LimitedTextArea } from '../../ui/TextLimit.tsx';

const FORM_ID = 'generate-form';
const TYPES: readonly { value: GenerationType; label: string }[] = [
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'talk', label: 'Talk' },
];

const PROMPT_PLACEHOLDER: Record<GenerationType, string> = {
  image: 'On a rooftop at golden hour, wind in her hair, looking over the city',
  video: 'She turns to the camera and smiles as the lights come on behind her',
  talk: 'A warm close-up in a cosy studio, soft window light',
};

/** Image, video and talk generation for one character, with the price on the button. */
export function GeneratePanel({ character }: { character: CharacterView }) {
  const form = useGenerateStore(
    useShallow((s) => ({
      type: s.type,
      models: s.models,
      prompt: s.prompt,
      values: s.values,
      issues: s.issues,
      price: s.price,
      submitting: s.submitting,
      error: s.error,
      attempted: s.attempted,
      lastSubmitted: s.lastSubmitted,
      count: s.count,
      speechFirst: usesSpeech(s),
    })),
  );
  const actions = useGenerateStore(
    useShallow((s) => ({
      setCharacter: s.setCharacter,
      setType: s.setType,
      setPrompt: s.setPrompt,
      submit: s.submit,
      loadAudioSources: s.loadAudioSources,
      recheckPrice: s.recheckPrice,
      requote: s.requote,
    })),
  );
  const { capabilities, capabilitiesError, loadCapabilities } = useCapabilitiesStore(
    useShallow((s) => ({ capabilities: s.capabilities, capabilitiesError: s.error, loadCapabilities: s.load })),
  );
  const showToast = useToastStore((s) => s.show);

  // An approval given or credits bought elsewhere show here without a click.
  usePriceWatch(form.price, actions.recheckPrice);

  useEffect(() => {
    actions.setCharacter(character.id);
  }, [character.id, actions]);

  useEffect(() => {
    if (!capabilities) void loadCapabilities();
  }, [capabilities, loadCapabilities]);

  useEffect(() => {
    if (form.type === 'talk' || modeOf(form.type, form.values[form.type]) === 'lipsync') void actions.loadAudioSources();
  }, [form.type, form.values, actions]);

  useGenerateHandoffs();

  const type = form.type;
  const values = form.values[type];
  const mode = modeOf(type, values);
  const model = capabilities ? findModel(capabilities, type, form.models[type] ?? undefined) : undefined;
  const keys = applicableOptions(type, mode);
  const notReady = character.status !== 'ready';
  const most = form.speechFirst ? 1 : RESULTS_PER_CLICK[type];
  const count = Math.min(most, form.count[type]);

  // An issue about a field that is not on screen is said above the button.
  const shown = new Set<string>([...keys, 'prompt', 'voice', 'text', 'model']);
  const stray = Object.entries(form.issues).find(([field, issue]) => issue && !shown.has(field))?.[1] ?? null;

  const submit = async () => {
    if (notReady) return;
    const job = await actions.submit();
    if (job && count > 1)
      showToast(`${count} ${TYPE_LABELS[type].toLowerCase()}s queued: they appear under Generations as they finish.`, 'success');
    else if (job) showToast(`${TYPE_LABELS[type]} queued: it appears under Generations and finishes by itself.`, 'success');
  };

  return (
    <section className="generate-panel" aria-labelledby="generate-title" data-generate-type={type} data-generate-mode={mode}>
      <div className="generate-header">
        <h2 id="generate-title" className="panel-title">
          Generate
        </h2>
        <span className="muted">{character.name}</span>
      </div>
      <SegmentedControl label="What to make" name="generation-type" value={type} segments={TYPES} onChange={actions.setType} />
      <form id={FORM_ID} className="generate-form" noValidate {...formSubmitHandlers(submit)}>
        <ModelField type={type} model={model} error={capabilitiesError ? null : (form.issues.model ?? null)} />
        <InlineError error={capabilitiesError} />

        <LimitedTextArea
          label="Prompt"
          what="A prompt"
          required
          max={LIMITS.generationPrompt.max}
          min={LIMITS.generationPrompt.min}
          error={form.issues.prompt && (form.attempted || form.prompt.length > 0) ? form.issues.prompt : null}
          rows={4}
          value={form.prompt}
          placeholder={PROMPT_PLACEHOLDER[type]}
          onChange={actions.setPrompt}
          data-field="prompt"
        />

        {type === 'talk' || mode === 'lipsync' ? <AudioSourceFields allowSpeech={type === 'talk'} /> : null}

        <OptionFields type={type} keys={keys} model={model} />

        {most > 1 ? <CountChoice most={most} count={count} /> : null}

        {stray && (form.attempted || !/^(Choose|Write|A talk|Lipsync|Image edit|Video)/.test(stray)) ? <InlineError error={stray} /> : null}
        {notReady ? <p className="field-hint">{character.name} can be used once the portraits are ready.</p> : null}
        <InlineError error={form.error} />
        <div
          className="generate-submit"
          data-last-job-id={form.lastSubmitted?.jobId}
          data-last-shown-credits={form.lastSubmitted?.shownCredits ?? undefined}
        >
          <PriceButton
            label={count > 1 ? `Generate ${count}` : 'Generate'}
            type="submit"
            form={FORM_ID}
            price={form.price}
            busy={form.submitting}
            disabled={notReady}
            onClick={() => void submit()}
            hint={`${SHORTCUT_HINT}+Enter generates.`}
            onRecheck={actions.recheckPrice}
            onRequote={actions.requote}
          />
        </div>
        {form.lastSubmitted ? <SubmittedProgress jobId={form.lastSubmitted.jobId} batchId={form.lastSubmitted.batchId} /> : null}
      </form>
    </section>
  );
}

/** The model of the chosen type, from the catalog; the catalog's default until one is chosen. */
function ModelField({ type, model, error }: { type: GenerationType; model: ModelInfo | undefined; error: string | null }) {
  const capabilities = useCapabilitiesStore((s) => s.capabilities);
  const setModel = useGenerateStore((s) => s.setModel);
  const models = modelsOfType(capabilities, type);
  return (
    <Field label="Model" error={error}>
      {(control) => (
        <Select
          {...control}
          value={model?.id ?? ''}
          onChange={(e) => setModel(e.target.value)}
          disabled={models.length === 0}
          options={
            models.length === 0
              ? [{ value: '', label: 'Loading models…' }]
              : models.map((m) => ({ value: m.id, label: `${m.label}${m.is_default ? ' (default)' : ''}` }))
          }
          data-field="model"
        />
      )}
    </Field>
  );
}

/** How many results one click makes, up to what the type allows. */
function CountChoice({ most, count }: { most: number; count: number }) {
  const setCount = useGenerateStore((s) => s.setCount);
  return (
    <SegmentedControl
      label="How many"
      name="generation-count"
      value={String(count)}
      segments={Array.from({ length: most }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
      onChange={(value) => setCount(Number(value))}
    />
  );
}

/** The options of the type and mode, except the audio, which has its own fields. */
function OptionFields({ type, keys, model }: { type: GenerationType; keys: readonly GenerationOptionKey[]; model: ModelInfo | undefined }) {
  return (
    <fieldset className="generate-options">
      <legend>{TYPE_LABELS[type]} options</legend>
      <div className="option-grid">
        {keys
          .filter((key) => key !== 'audio_url')
          .map((key) => (
            <OptionField key={`${type}-${key}`} optionKey={key} type={type} model={model} />
          ))}
      </div>
    </fieldset>
  );
}
