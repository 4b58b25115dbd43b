import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { Scissors } from 'lucide-react';
import { MediaPlayer } from '../../ui/MediaPlayer/index.ts';
import { RangeSlider } from '../../ui/primitives/index.ts';
import { decodeSample, trimSample, type DecodedSample } from './sampleTrim.ts';

type SamplePreviewProps = {
  sample: { name: string; url: string; file: File };
  uploading: boolean;
  onTrimmed: (file: File) => void;
  onReplace: () => void;
};

/** Shortest sample worth sending: the service needs a few words to learn a voice from. */
const MIN_SECONDS = 0.5;

const SAMPLE_TEST_ID = 'sample-audio';

/** The uploaded sample, to hear before paying for a clone, and to trim to the best few seconds. */
export function SamplePreview({ sample, uploading, onTrimmed, onReplace }: SamplePreviewProps) {
  const intl = useIntl();
  const formats = useFormats();
  const src = useMemo(() => URL.createObjectURL(sample.file), [sample.file]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  const [decoded, setDecoded] = useState<{ file: File; sample: DecodedSample | null } | null>(null);
  const [span, setSpan] = useState<[number, number] | null>(null);
  const audio = decoded?.file === sample.file ? decoded.sample : null;

  useEffect(() => {
    let live = true;
    decodeSample(sample.file).then(
      (read) => {
        if (!live) return;
        setDecoded({ file: sample.file, sample: read });
        setSpan([0, read.seconds]);
      },
      () => live && setDecoded({ file: sample.file, sample: null }),
    );
    return () => {
      live = false;
    };
  }, [sample.file]);

  const seconds = audio?.seconds ?? 0;
  const [start, end] = span ?? [0, seconds];
  const trimmed = audio !== null && (start > 0.001 || end < seconds - 0.001);
  const tooShort = end - start < MIN_SECONDS;

  return (
    <div className="voice-sample" data-testid="voice-sample" data-sample-url={sample.url}>
      <div className="voice-sample-head">
        <span>
          {intl.formatMessage(
            { id: 'voices.sample.label' },
            { name: <bdi key="name">{sample.name}</bdi>, strong: (chunks) => <strong key="strong">{chunks}</strong> },
          )}
          {audio ? <span className="muted"> · {formats.seconds(seconds)}</span> : null}
        </span>
        <button type="button" className="button button-ghost button-sm" onClick={onReplace}>
          {intl.formatMessage({ id: 'voices.sample.replace' })}
        </button>
      </div>
      <MediaPlayer
        kind="audio"
        src={src}
        label={intl.formatMessage({ id: 'voices.sample.player' }, { name: sample.name })}
        compact
        waveformHeight={48}
        testId={SAMPLE_TEST_ID}
      />
      {audio && span && (
        <div className="voice-sample-trim">
          <RangeSlider
            label={intl.formatMessage({ id: 'voices.sample.keep' })}
            value={span}
            onChange={setSpan}
            max={seconds}
            step={0.1}
            thumbLabels={[intl.formatMessage({ id: 'voices.sample.trimStart' }), intl.formatMessage({ id: 'voices.sample.trimEnd' })]}
            format={(value) => formats.seconds(value)}
          />
          <button
            type="button"
            className="button button-secondary button-sm"
            disabled={!trimmed || tooShort || uploading}
            onClick={() => onTrimmed(trimSample(audio, sample.name, start, end))}
          >
            <Scissors size={14} aria-hidden="true" />
            {uploading
              ? intl.formatMessage({ id: 'ui.attachment.uploading' })
              : intl.formatMessage({ id: 'voices.sample.use' }, { length: formats.seconds(end - start) })}
          </button>
        </div>
      )}
      {decoded && !audio && <p className="muted">{intl.formatMessage({ id: 'voices.sample.untrimmable' })}</p>}
    </div>
  );
}
