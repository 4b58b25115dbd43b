import { useEffect, useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { useShallow } from 'zustand/react/shallow';
import { LIMITS } from '../../../shared/api/limits.ts';
import { OPERATION_IDS } from '../../../shared/api/operations.ts';
import { UPLOAD_TYPES } from '../../../shared/api/uploadTypes.ts';
import { VOICE_MODELS } from '../../../shared/api/voiceOptions.ts';
import type { CommandInput } from '../../../shared/ipc/index.ts';
import { DropZone } from '../../ui/DropZone.tsx';
import { Field, TextArea, TextInput } from '../../ui/Field.tsx';
import { Select } from '../../ui/primitives/index.ts';
import { SamplePreview } from './SamplePreview.tsx';
import { PriceButton } from '../../ui/PriceButton.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { createPriceStore } from './priceStore.ts';
import { useVoicesStore } from './voicesStore.ts';
import { SaidText } from '../../ui/SaidText.tsx';

type CloneBody = CommandInput<'voices.clone'>['body'];
type SetupMode = 'voice_clone' | 'voice_design';

export const useClonePrice = createPriceStore();

const AUDIO_TYPES = Object.entries(UPLOAD_TYPES).filter(([, info]) => info.kind === 'audio');
const AUDIO_ACCEPT = AUDIO_TYPES.map(([type]) => type).join(',');
const MAX_AUDIO_BYTES = Math.max(...AUDIO_TYPES.map(([, info]) => info.maxBytes));
const MODEL_OPTIONS = VOICE_MODELS.map((model) => ({ value: model, label: model }));

/** Clone a voice from a sample, or design one from a description (spec 4.4 setup_mode). */
export function VoiceCreateForm() {
  const intl = useIntl();
  const { sample, cloning, cloneError, cloneNotice, clone } = useVoicesStore(
    useShallow((s) => ({
      sample: s.sample,
      cloning: s.cloning,
      cloneError: s.cloneError,
      cloneNotice: s.cloneNotice,
      clone: s.clone,
    })),
  );
  const { price, requestPrice } = useClonePrice(useShallow((s) => ({ price: s.price, requestPrice: s.request })));
  const [mode, setMode] = useState<SetupMode>('voice_clone');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [model, setModel] = useState<CloneBody['model']>('voice-model-a');

  const body = useMemo<CloneBody | null>(() => {
    const trimmed = name.trim();
    if (trimmed.length < LIMITS.voiceName.min || trimmed.length > LIMITS.voiceName.max) return null;
    if (description.length > LIMITS.voiceDescription) return null;
    if (mode === 'voice_clone' && !sample) return null;
    if (mode === 'voice_design' && !description.trim()) return null;
    return {
      name: trimmed,
      model,
      setup_mode: mode,
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(mode === 'voice_clone' && sample ? { source_url: sample.url } : {}),
    };
  }, [name, description, model, mode, sample]);

  useEffect(() => requestPrice(OPERATION_IDS.cloneVoice, body), [body, requestPrice]);

  const submit = async () => {
    if (!body) return;
    const quoteId = price.status === 'priced' ? price.price.quoteId : null;
    if (await clone(body, quoteId)) {
      setName('');
      setDescription('');
    }
  };

  const { nameError, descriptionError } = lengthErrors(intl, name, description);

  return (
    <form
      className="voice-create lib-panel"
      aria-labelledby="voice-create-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="voice-create-heading" className="lib-section-title">
        {intl.formatMessage({ id: 'voices.create.title' })}
      </h2>
      <SegmentedControl<SetupMode>
        label={intl.formatMessage({ id: 'voices.create.how' })}
        value={mode}
        onChange={setMode}
        segments={[
          { value: 'voice_clone', label: intl.formatMessage({ id: 'voices.create.clone' }) },
          { value: 'voice_design', label: intl.formatMessage({ id: 'voices.create.design' }) },
        ]}
      />
      <SampleSource picking={mode === 'voice_clone'} />
      <Field
        label={intl.formatMessage({ id: 'voices.create.name' })}
        required
        counter={{ length: name.length, max: LIMITS.voiceName.max }}
        error={nameError}
      >
        {(control) => (
          <TextInput
            {...control}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={intl.formatMessage({ id: 'voices.create.name.placeholder' })}
            dir="auto"
          />
        )}
      </Field>
      <Field
        label={intl.formatMessage({ id: mode === 'voice_design' ? 'voices.create.describe' : 'voices.create.description' })}
        required={mode === 'voice_design'}
        hint={intl.formatMessage({ id: mode === 'voice_design' ? 'voices.create.describe.hint' : 'voices.create.description.hint' })}
        counter={{ length: description.length, max: LIMITS.voiceDescription }}
        error={descriptionError}
      >
        {(control) => (
          <TextArea {...control} rows={3} dir="auto" value={description} onChange={(event) => setDescription(event.target.value)} />
        )}
      </Field>
      <Select
        label={intl.formatMessage({ id: 'voices.create.model' })}
        name="voice-model"
        options={MODEL_OPTIONS}
        value={model ?? 'voice-model-a'}
        onChange={(value) => setModel(value as CloneBody['model'])}
      />
      <PriceButton
        label={intl.formatMessage({ id: mode === 'voice_design' ? 'voices.create.submitDesign' : 'voices.create.submitClone' })}
        price={price}
        onClick={() => void submit()}
        busy={cloning}
        disabled={!body}
      />
      {cloneError && (
        <p className="field-error" role="alert">
          <SaidText said={cloneError} />
        </p>
      )}
      {cloneNotice && (
        <p className="status-notice" role="status">
          <SaidText said={cloneNotice} />
        </p>
      )}
    </form>
  );
}

/** The name's and the description's sentences when they run past their limits. */
function lengthErrors(intl: IntlShape, name: string, description: string): { nameError: string | null; descriptionError: string | null } {
  return {
    nameError:
      name.length > LIMITS.voiceName.max ? intl.formatMessage({ id: 'voices.create.nameTooLong' }, { max: LIMITS.voiceName.max }) : null,
    descriptionError:
      description.length > LIMITS.voiceDescription
        ? intl.formatMessage({ id: 'voices.create.descriptionTooLong' }, { max: LIMITS.voiceDescription })
        : null,
  };
}

/**
 * The sample a voice is cloned from: a drop zone until one is uploaded, then its preview, shown while
 * `picking`. A refused file's error stays in view either way.
 */
function SampleSource({ picking }: { picking: boolean }) {
  const intl = useIntl();
  const formats = useFormats();
  const { sample, uploading, uploadError, uploadSample, clearSample } = useVoicesStore(
    useShallow((s) => ({
      sample: s.sample,
      uploading: s.uploading,
      uploadError: s.uploadError,
      uploadSample: s.uploadSample,
      clearSample: s.clearSample,
    })),
  );
  // Why a dropped file was not taken, worded when shown (so a change of language reaches it).
  const [fileError, setFileError] = useState<{ why: 'notAudio' | 'tooLarge'; name: string } | null>(null);

  const takeFile = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const info = UPLOAD_TYPES[file.type as keyof typeof UPLOAD_TYPES];
    if (!info || info.kind !== 'audio') {
      setFileError({ why: 'notAudio', name: file.name });
      return;
    }
    if (file.size > info.maxBytes) {
      setFileError({ why: 'tooLarge', name: file.name });
      return;
    }
    setFileError(null);
    void uploadSample(file);
  };

  return (
    <>
      {picking &&
        (sample ? (
          <SamplePreview sample={sample} uploading={uploading} onTrimmed={(file) => void uploadSample(file)} onReplace={clearSample} />
        ) : (
          <DropZone
            name="voice-sample"
            label={intl.formatMessage({ id: uploading ? 'voices.sample.uploading' : 'voices.sample.drop' })}
            hint={intl.formatMessage({ id: 'voices.sample.hint' }, { max: formats.bytes(MAX_AUDIO_BYTES) })}
            accept={AUDIO_ACCEPT}
            multiple={false}
            disabled={uploading}
            onFiles={takeFile}
          />
        ))}
      {(fileError ?? uploadError) && (
        <p className="field-error" role="alert">
          {fileError
            ? intl.formatMessage(
                { id: fileError.why === 'notAudio' ? 'voices.sample.notAudio' : 'voices.sample.tooLarge' },
                { name: fileError.name, max: formats.bytes(MAX_AUDIO_BYTES) },
              )
            : uploadError && <SaidText said={uploadError} />}
        </p>
      )}
    </>
  );
}
