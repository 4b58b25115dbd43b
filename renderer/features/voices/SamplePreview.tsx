import { useEffect, useMemo, useState } from 'react';
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

/** The uploaded sample, to hear before paying for a clone, and to trim to the best few seconds. */
export function SamplePreview({ sample, uploading, onTrimmed, onReplace }: SamplePreviewProps) {
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
          Sample: <strong>{sample.name}</strong>
          {audio ? <span className="muted"> · {seconds.toFixed(1)} s</span> : null}
        </span>
        <button type="button" className="button button-ghost button-sm" onClick={onReplace}>
          Replace
        </button>
      </div>
      <MediaPlayer kind="audio" src={src} label={`Sample ${sample.name}`} compact waveformHeight={48} testId="sample-audio" />
      {audio && span && (
        <div className="voice-sample-trim">
          <RangeSlider
            label="Keep"
            value={span}
            onChange={setSpan}
            max={seconds}
            step={0.1}
            thumbLabels={['Trim start', 'Trim end']}
            format={(value) => `${value.toFixed(1)} s`}
          />
          <button
            type="button"
            className="button button-secondary button-sm"
            disabled={!trimmed || tooShort || uploading}
            onClick={() => onTrimmed(trimSample(audio, sample.name, start, end))}
          >
            <Scissors size={14} aria-hidden="true" />
            {uploading ? 'Uploading…' : `Use ${(end - start).toFixed(1)} s`}
          </button>
        </div>
      )}
      {decoded && !audio && <p className="muted">This file cannot be trimmed here; it is sent as it is.</p>}
    </div>
  );
}
