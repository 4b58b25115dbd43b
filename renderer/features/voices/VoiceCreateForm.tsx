import { useEffect, useMemo, useState } from 'react';
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

type CloneBody = CommandInput<'voices.clone'>['body'];
type SetupMode = 'voice_clone' | 'voice_design';

export const useClonePrice = createPriceStore();

const AUDIO_TYPES = Object.entries(UPLOAD_TYPES).filter(([, info]) => info.kind === 'audio');
const AUDIO_ACCEPT = AUDIO_TYPES.map(([type]) => type).join(',');
const MAX_AUDIO_MB = Math.max(...AUDIO_TYPES.map(([, info]) => info.maxBytes)) / (1024 * 1024);
const MODEL_OPTIONS = VOICE_MODELS.map((model) => ({ value: model, label: model }));

/** Clone a voice from a sample, or design one from a description (spec 4.4 setup_mode). */
export function VoiceCreateForm() {
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

  const nameError = name.length > LIMITS.voiceName.max ? `A voice name has at most ${LIMITS.voiceName.max} characters.` : null;
  const descriptionError =
    description.length > LIMITS.voiceDescription ? `A description has at most ${LIMITS.voiceDescription} characters.` : null;

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
        New voice
      </h2>
      <SegmentedControl<SetupMode>
        label="How"
        value={mode}
        onChange={setMode}
        segments={[
          { value: 'voice_clone', label: 'Clone a sample' },
          { value: 'voice_design', label: 'Design from a description' },
        ]}
      />
      <SampleSource picking={mode === 'voice_clone'} />
      <Field label="Name" required counter={{ length: name.length, max: LIMITS.voiceName.max }} error={nameError}>
        {(control) => (
          <TextInput {...control} value={name} onChange={(event) => setName(event.target.value)} placeholder="Narrator, warm" />
        )}
      </Field>
      <Field
        label={mode === 'voice_design' ? 'Describe the voice' : 'Description'}
        required={mode === 'voice_design'}
        hint={
          mode === 'voice_design'
            ? 'Age, timbre, accent, pace, mood: the service designs a voice to match.'
            : 'Optional, for your own reference.'
        }
        counter={{ length: description.length, max: LIMITS.voiceDescription }}
        error={descriptionError}
      >
        {(control) => <TextArea {...control} rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />}
      </Field>
      <Select
        label="Model"
        name="voice-model"
        options={MODEL_OPTIONS}
        value={model ?? 'voice-model-a'}
        onChange={(value) => setModel(value as CloneBody['model'])}
      />
      <PriceButton
        label={mode === 'voice_design' ? 'Design voice' : 'Clone voice'}
        price={price}
        onClick={() => void submit()}
        busy={cloning}
        disabled={!body}
      />
      {cloneError && (
        <p className="field-error" role="alert">
          {cloneError}
        </p>
      )}
      {cloneNotice && (
        <p className="status-notice" role="status">
          {cloneNotice}
        </p>
      )}
    </form>
  );
}

/**
 * The sample a voice is cloned from: a drop zone until one is uploaded, then its preview, shown while
 * `picking`. A refused file's error stays in view either way.
 */
function SampleSource({ picking }: { picking: boolean }) {
  const { sample, uploading, uploadError, uploadSample, clearSample } = useVoicesStore(
    useShallow((s) => ({
      sample: s.sample,
      uploading: s.uploading,
      uploadError: s.uploadError,
      uploadSample: s.uploadSample,
      clearSample: s.clearSample,
    })),
  );
  const [fileError, setFileError] = useState<string | null>(null);

  const takeFile = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const info = UPLOAD_TYPES[file.type as keyof typeof UPLOAD_TYPES];
    if (!info || info.kind !== 'audio') {
      setFileError(`“${file.name}” is not an audio file Cast Studio can send. Use WAV, MP3 or OGG.`);
      return;
    }
    if (file.size > info.maxBytes) {
      setFileError(`“${file.name}” is larger than ${MAX_AUDIO_MB} MB. Trim the sample and try again.`);
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
            label={uploading ? 'Uploading the sample…' : 'Drop an audio sample of the voice'}
            hint={`WAV, MP3 or OGG, up to ${MAX_AUDIO_MB} MB. A clear recording of one speaker works best.`}
            accept={AUDIO_ACCEPT}
            multiple={false}
            disabled={uploading}
            onFiles={takeFile}
          />
        ))}
      {(fileError ?? uploadError) && (
        <p className="field-error" role="alert">
          {fileError ?? uploadError}
        </p>
      )}
    </>
  );
}
