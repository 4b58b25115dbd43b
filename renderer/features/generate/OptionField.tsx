import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { MessageId } from '../../i18n/catalogs.ts';
import type { GenerationOptionKey, GenerationType, ModelInfo } from '../../../shared/api/index.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import { AttachmentField } from '../../ui/AttachmentField.tsx';
import { Combobox } from '../../ui/Combobox.tsx';
import { Field, Select, Switch, TextInput } from '../../ui/Field.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { useGenerateStore } from './generateStore.ts';
import { panelIssueText } from './panelIssues.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import {
  CHOICES,
  durationRange,
  EXPRESSION_SUGGESTIONS,
  isMediaOption,
  modeLabel,
  optionWords,
  referenceImagesMax,
  STYLE_SUGGESTIONS,
  type MediaOptionKey,
  type OptionValues,
} from './generateOptions.ts';

const MEDIA_KINDS: Record<MediaOptionKey, ('image' | 'video' | 'audio')[]> = {
  reference_images: ['image'],
  input_image: ['image'],
  start_frame: ['image'],
  reference_video: ['video'],
  audio_url: ['audio'],
};

/** The hints' word for a model not known yet: they then say "this model". */
const NO_MODEL = 'none';

const CHOICE_WORDS: Record<string, MessageId> = {
  'quality.standard': 'generate.choice.quality.standard',
  'quality.pro': 'generate.choice.quality.pro',
  'motion_intensity.low': 'generate.choice.motion.low',
  'motion_intensity.medium': 'generate.choice.motion.medium',
  'motion_intensity.high': 'generate.choice.motion.high',
  'character_orientation.image': 'generate.choice.orientation.image',
  'character_orientation.video': 'generate.choice.orientation.video',
};

/** A choice's words; one the catalog does not know yet reads as its value, capitalised. */
function choiceLabel(intl: IntlShape, key: string, value: string): string {
  const id = CHOICE_WORDS[`${key}.${value}`];
  return id ? intl.formatMessage({ id }) : value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ');
}

type OptionProps = { optionKey: GenerationOptionKey; values: OptionValues; model: ModelInfo | undefined; issue: string | null };

/** One option of spec 4.2, drawn with the control that fits it and its default preselected. */
export function OptionField({
  optionKey,
  type,
  model,
}: {
  optionKey: GenerationOptionKey;
  type: GenerationType;
  model: ModelInfo | undefined;
}) {
  const { values, issues, attempted } = useGenerateStore(
    useShallow((s) => ({ values: s.values[type], issues: s.issues, attempted: s.attempted })),
  );
  const formats = useFormats();
  const found = issues[optionKey];
  const issue = found ? panelIssueText(found, formats) : null;

  if (isMediaOption(optionKey))
    return <MediaOptionField optionKey={optionKey} type={type} model={model} issue={issue} attempted={attempted} />;

  const props = { optionKey, values, model, issue };
  switch (optionKey) {
    case 'image_mode':
    case 'video_mode':
    case 'quality':
    case 'motion_intensity':
    case 'character_orientation':
    case 'aspect_ratio':
    case 'lipsync_model':
      return <ChoiceOption {...props} />;
    case 'style':
    case 'expression':
    case 'duration':
      return <TypedOption {...props} />;
    default:
      return <SwitchOption {...props} />;
  }
}

/** An option with a fixed set of choices: segments when they are few, a list when they are many. */
function ChoiceOption({ optionKey, values, model, issue }: OptionProps) {
  const setValue = useGenerateStore((s) => s.setValue);
  const intl = useIntl();
  const info = optionWords(intl, optionKey);
  switch (optionKey) {
    case 'image_mode':
    case 'video_mode': {
      const modes = CHOICES[optionKey];
      return (
        <div className="option-wide">
          <SegmentedControl
            label={info.label}
            name={optionKey}
            value={values[optionKey]}
            segments={modes.map((mode) => ({
              value: mode,
              label: modeLabel(intl, mode),
              disabled: model ? !model.modes.includes(mode) : false,
            }))}
            onChange={(mode) => setValue(optionKey, mode)}
          />
          {issue ? <p className="field-error">{issue}</p> : null}
        </div>
      );
    }
    case 'quality':
    case 'motion_intensity':
    case 'character_orientation':
      return (
        <div className="option-wide">
          <SegmentedControl
            label={info.label}
            name={optionKey}
            value={values[optionKey]}
            segments={CHOICES[optionKey].map((v) => ({ value: v, label: choiceLabel(intl, optionKey, v) }))}
            onChange={(v) => setValue(optionKey, v)}
          />
        </div>
      );
    case 'aspect_ratio':
    case 'lipsync_model':
      return (
        <Field label={info.label} error={issue}>
          {(control) => (
            <Select
              {...control}
              value={values[optionKey]}
              options={CHOICES[optionKey].map((v) => ({ value: v, label: v }))}
              onChange={(e) => setValue(optionKey, e.target.value)}
              data-option={optionKey}
            />
          )}
        </Field>
      );
    default:
      return null;
  }
}

/** An option typed in: a style or expression with suggestions, or a duration in seconds. */
function TypedOption({ optionKey, values, model, issue }: OptionProps) {
  const setValue = useGenerateStore((s) => s.setValue);
  const intl = useIntl();
  const info = optionWords(intl, optionKey);
  switch (optionKey) {
    case 'style':
    case 'expression':
      return (
        <Field label={info.label} error={issue}>
          {(control) => (
            <Combobox
              {...control}
              value={values[optionKey]}
              onChange={(v) => setValue(optionKey, v)}
              suggestions={optionKey === 'style' ? STYLE_SUGGESTIONS : EXPRESSION_SUGGESTIONS}
              maxLength={LIMITS.generationOptionText.max}
            />
          )}
        </Field>
      );
    case 'duration': {
      const range = durationRange(model);
      return (
        <Field
          label={info.label}
          hint={intl.formatMessage({ id: 'generate.duration.hint' }, { min: range.min, max: range.max, model: model?.label ?? NO_MODEL })}
          error={issue}
        >
          {(control) => (
            <TextInput
              {...control}
              type="number"
              inputMode="numeric"
              min={range.min}
              max={range.max}
              step={1}
              value={Number.isFinite(values.duration) ? values.duration : ''}
              onChange={(e) => setValue('duration', e.target.value === '' ? Number.NaN : Math.round(Number(e.target.value)))}
              data-option="duration"
            />
          )}
        </Field>
      );
    }
    default:
      return null;
  }
}

/** An on/off option, off where the model cannot do it. */
function SwitchOption({ optionKey, values, model, issue }: OptionProps) {
  const setValue = useGenerateStore((s) => s.setValue);
  const intl = useIntl();
  const info = optionWords(intl, optionKey);
  switch (optionKey) {
    case 'hd':
      return (
        <Switch
          label={info.label}
          checked={values.hd}
          disabled={model ? !model.supports_hd && !values.hd : false}
          onChange={(checked) => setValue('hd', checked)}
          hint={
            issue ??
            (model && !model.supports_hd ? intl.formatMessage({ id: 'generate.hd.unavailable' }, { model: model.label }) : info.hint)
          }
        />
      );
    case 'generate_audio': {
      const checked = values.generate_audio ?? model?.generate_audio_default ?? false;
      return (
        <Switch
          label={info.label}
          checked={checked}
          disabled={model ? !model.supports_audio && !checked : false}
          onChange={(next) => setValue('generate_audio', next)}
          hint={
            issue ??
            (model && !model.supports_audio ? intl.formatMessage({ id: 'generate.audio.unavailable' }, { model: model.label }) : info.hint)
          }
        />
      );
    }
    case 'include_character':
      return (
        <Switch
          label={info.label}
          checked={values.include_character ?? model?.include_character_default ?? true}
          onChange={(next) => setValue('include_character', next)}
          hint={info.hint}
        />
      );
    case 'keep_original_sound':
      return <Switch label={info.label} checked={values.keep_original_sound} onChange={(next) => setValue('keep_original_sound', next)} />;
    default:
      return null;
  }
}

function MediaOptionField({
  optionKey,
  type,
  model,
  issue,
  attempted,
}: {
  optionKey: MediaOptionKey;
  type: GenerationType;
  model: ModelInfo | undefined;
  issue: string | null;
  attempted: boolean;
}) {
  const { attachments, refused, addMedia, removeMedia } = useGenerateStore(
    useShallow((s) => ({
      attachments: s.media[type][optionKey],
      refused: s.refused[optionKey],
      addMedia: s.addMedia,
      removeMedia: s.removeMedia,
    })),
  );
  const intl = useIntl();
  const info = optionWords(intl, optionKey);
  const max = optionKey === 'reference_images' ? referenceImagesMax(type, model) : 1;
  if (optionKey === 'reference_images' && max === 0) return null;
  // "Needs …" is a hint until the user tries to submit; a real problem (too many, failed) shows at once.
  const requiredOnly = issue !== null && attachments.length === 0;
  return (
    <div className="option-wide">
      <AttachmentField
        name={`generate-${optionKey}`}
        label={info.label}
        hint={
          optionKey === 'reference_images'
            ? intl.formatMessage({ id: 'generate.referenceImages.hint' }, { max, model: model?.label ?? NO_MODEL })
            : info.hint
        }
        kinds={MEDIA_KINDS[optionKey]}
        max={Math.max(max, attachments.length)}
        attachments={attachments}
        refused={refused ?? []}
        onInputs={(inputs) => addMedia(optionKey, inputs)}
        onRemove={(key) => removeMedia(optionKey, key)}
        error={requiredOnly && !attempted ? null : issue}
      />
    </div>
  );
}
