import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/catalogs.ts';
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
import { applicableOptions, modeOf, TYPE_WORDS } from './generateOptions.ts';
import { useGenerateStore } from './generateStore.ts';
import { usesSpeech } from './buildGeneration.ts';
import { asksForInput, needsFile, panelIssueText, type PanelIssue } from './panelIssues.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { SubmittedProgress } from './SubmittedProgress.tsx';
import { OptionField } from './OptionField.tsx';
import { useGenerateHandoffs } from './useGenerateHandoffs.ts';
import './generate.css';
import { LimitedTextArea } from '../../ui/TextLimit.tsx';

const FORM_ID = 'generate-form';
const TYPES: readonly GenerationType[] = ['image', 'video', 'talk'];

const PROMPT_PLACEHOLDER: Record<GenerationType, MessageId> = {
  image: 'generate.prompt.placeholder.image',
  video: 'generate.prompt.placeholder.video',
  talk: 'generate.prompt.placeholder.talk',
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
  const intl = useIntl();
  const formats = useFormats();
  const word = (issue: PanelIssue | null | undefined) => (issue ? panelIssueText(issue, formats) : null);

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
    if (job) showToast(intl.formatMessage({ id: 'generate.queued' }, { type, count }), 'success');
  };

  return (
    <section className="generate-panel" aria-labelledby="generate-title" data-generate-type={type} data-generate-mode={mode}>
      <GenerateHeader name={character.name} />
      <SegmentedControl
        label={intl.formatMessage({ id: 'generate.type.label' })}
        name="generation-type"
        value={type}
        segments={TYPES.map((value) => ({ value, label: intl.formatMessage({ id: TYPE_WORDS[value] }) }))}
        onChange={actions.setType}
      />
      <form id={FORM_ID} className="generate-form" noValidate {...formSubmitHandlers(submit)}>
        <ModelField type={type} model={model} error={capabilitiesError ? null : word(form.issues.model)} />
        <InlineError error={capabilitiesError} />

        <LimitedTextArea
          label={intl.formatMessage({ id: 'generate.prompt.label' })}
          what={intl.formatMessage({ id: 'generate.prompt.what' })}
          required
          max={LIMITS.generationPrompt.max}
          min={LIMITS.generationPrompt.min}
          error={form.attempted || form.prompt.length > 0 ? word(form.issues.prompt) : null}
          rows={4}
          value={form.prompt}
          placeholder={intl.formatMessage({ id: PROMPT_PLACEHOLDER[type] })}
          dir="auto"
          onChange={actions.setPrompt}
          data-field="prompt"
        />

        {type === 'talk' || mode === 'lipsync' ? <AudioSourceFields allowSpeech={type === 'talk'} /> : null}

        <OptionFields type={type} keys={keys} model={model} />

        {most > 1 ? <CountChoice most={most} count={count} /> : null}

        {stray && (form.attempted || !(asksForInput(stray) || needsFile(stray))) ? <InlineError error={word(stray)} /> : null}
        {notReady ? (
          <p className="field-hint">{intl.formatMessage({ id: 'generate.notReady' }, { name: <bdi key="name">{character.name}</bdi> })}</p>
        ) : null}
        <InlineError error={form.error} />
        <div
          className="generate-submit"
          data-last-job-id={form.lastSubmitted?.jobId}
          data-last-shown-credits={form.lastSubmitted?.shownCredits ?? undefined}
        >
          <PriceButton
            label={intl.formatMessage({ id: 'generate.submit' }, { count })}
            type="submit"
            form={FORM_ID}
            price={form.price}
            busy={form.submitting}
            disabled={notReady}
            onClick={() => void submit()}
            hint={intl.formatMessage({ id: 'generate.submit.hint' }, { shortcut: SHORTCUT_HINT })}
            onRecheck={actions.recheckPrice}
            onRequote={actions.requote}
          />
        </div>
        {form.lastSubmitted ? <SubmittedProgress jobId={form.lastSubmitted.jobId} batchId={form.lastSubmitted.batchId} /> : null}
      </form>
    </section>
  );
}

/** The panel's title, beside the name of the character it makes things of. */
function GenerateHeader({ name }: { name: string }) {
  const intl = useIntl();
  return (
    <div className="generate-header">
      <h2 id="generate-title" className="panel-title">
        {intl.formatMessage({ id: 'generate.title' })}
      </h2>
      <bdi className="muted generate-character">{name}</bdi>
    </div>
  );
}

/** The model of the chosen type, from the catalog; the catalog's default until one is chosen. */
function ModelField({ type, model, error }: { type: GenerationType; model: ModelInfo | undefined; error: string | null }) {
  const intl = useIntl();
  const capabilities = useCapabilitiesStore((s) => s.capabilities);
  const setModel = useGenerateStore((s) => s.setModel);
  const models = modelsOfType(capabilities, type);
  return (
    <Field label={intl.formatMessage({ id: 'generate.model.label' })} error={error}>
      {(control) => (
        <Select
          {...control}
          value={model?.id ?? ''}
          onChange={(e) => setModel(e.target.value)}
          disabled={models.length === 0}
          options={
            models.length === 0
              ? [{ value: '', label: intl.formatMessage({ id: 'generate.model.loading' }) }]
              : models.map((m) => ({
                  value: m.id,
                  label: m.is_default ? intl.formatMessage({ id: 'generate.model.default' }, { model: m.label }) : m.label,
                }))
          }
          data-field="model"
        />
      )}
    </Field>
  );
}

/** How many results one click makes, up to what the type allows. */
function CountChoice({ most, count }: { most: number; count: number }) {
  const intl = useIntl();
  const setCount = useGenerateStore((s) => s.setCount);
  return (
    <SegmentedControl
      label={intl.formatMessage({ id: 'generate.count.label' })}
      name="generation-count"
      value={String(count)}
      segments={Array.from({ length: most }, (_, i) => ({ value: String(i + 1), label: intl.formatNumber(i + 1) }))}
      onChange={(value) => setCount(Number(value))}
    />
  );
}

/** The options of the type and mode, except the audio, which has its own fields. */
function OptionFields({ type, keys, model }: { type: GenerationType; keys: readonly GenerationOptionKey[]; model: ModelInfo | undefined }) {
  const intl = useIntl();
  return (
    <fieldset className="generate-options">
      <legend>{intl.formatMessage({ id: 'generate.options.legend' }, { type })}</legend>
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
