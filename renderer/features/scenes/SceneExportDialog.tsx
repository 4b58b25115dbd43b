import { useEffect, useRef, useState } from 'react';
import type { AppError, SceneExportFormat, SceneExportStage } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { exportScene, type ExportResult } from './export/exportScene.ts';

const FORMATS: readonly { format: SceneExportFormat; label: string; hint: string }[] = [
  { format: 'mp4', label: 'Video (MP4)', hint: 'The whole scene as one file.' },
  { format: 'srt', label: 'Subtitles (SRT)', hint: 'Timed from the clips’ real lengths.' },
  { format: 'vtt', label: 'Subtitles (WebVTT)', hint: 'The same, for the web.' },
  { format: 'fcpxml', label: 'Timeline (FCPXML)', hint: 'For Final Cut Pro, DaVinci Resolve and others, with each line’s clip.' },
];

const STAGES: Record<SceneExportStage, string> = {
  joining: 'Joining the clips',
  encoding: 'Encoding',
  saving: 'Saving the files',
  subtitles: 'Writing subtitles',
  timeline: 'Writing the timeline',
  library: 'Adding it to the gallery',
};

type Run = { stage: SceneExportStage; progress: number } | null;

type ExportDialogProps = {
  open: boolean;
  onClose: () => void;
  sceneId: string;
  title: string;
  /** The scene's lines and how many of them are rendered (its lines themselves are not needed here). */
  lineCount: number;
  doneCount: number;
  /** The library thumbnail the exported video opens on (its first line's), shown beside the MP4. */
  posterId: string | null;
};

/** Export a scene as one MP4, subtitles and a timeline, with its progress and a way to stop it. */
export function SceneExportDialog({ open, onClose, sceneId, title, lineCount, doneCount, posterId }: ExportDialogProps) {
  const [formats, setFormats] = useState<SceneExportFormat[]>(['mp4', 'srt', 'fcpxml']);
  const [destination, setDestination] = useState('');
  const [run, setRun] = useState<Run>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [result, setResult] = useState<ExportResult | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const missing = lineCount - doneCount;

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setResult(null);
    setRun({ stage: 'joining', progress: 0 });
    const reply = await exportScene(sceneId, {
      formats,
      ...(destination.trim() ? { destination: destination.trim() } : {}),
      signal: controller.signal,
      onProgress: (progress) => setRun(progress),
    });
    abort.current = null;
    setRun(null);
    if (reply.ok) setResult(reply.value);
    else setError(reply.error);
  };

  const close = () => {
    abort.current?.abort();
    setError(null);
    setResult(null);
    onClose();
  };

  const toggle = (format: SceneExportFormat, on: boolean) =>
    setFormats((chosen) => (on ? [...chosen, format] : chosen.filter((each) => each !== format)));

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Export “${title || 'Untitled scene'}”`}
      description={missing > 0 ? `${missing} of ${lineCount} lines are not rendered yet; render them first.` : undefined}
      name="scene-export"
      footer={
        run ? (
          <Button onClick={() => abort.current?.abort()} data-action="cancel-export">
            Cancel export
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={close}>
              {result ? 'Close' : 'Cancel'}
            </Button>
            <Button
              variant="primary"
              disabled={formats.length === 0 || missing > 0}
              onClick={() => void start()}
              data-action="start-export"
            >
              Export
            </Button>
          </>
        )
      }
    >
      <FormatChoice formats={formats} disabled={run !== null} onToggle={toggle} />
      <Field label="Folder" hint="Leave empty for the folder library exports go to.">
        {(control) => (
          <TextInput
            {...control}
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            disabled={run !== null}
            data-field="destination"
            placeholder="The export folder"
          />
        )}
      </Field>
      {run ? (
        <div className="scene-export-progress" data-stage={run.stage}>
          <p role="status">{STAGES[run.stage]}…</p>
          <ProgressBar value={run.progress} label="Export progress" />
        </div>
      ) : null}
      <InlineError error={error} />
      {result ? <ExportResultNote result={result} posterId={posterId} /> : null}
    </Dialog>
  );
}

/** The formats to export, each with what it is for. */
function FormatChoice({
  formats,
  disabled,
  onToggle,
}: {
  formats: readonly SceneExportFormat[];
  disabled: boolean;
  onToggle: (format: SceneExportFormat, on: boolean) => void;
}) {
  return (
    <fieldset className="scene-export-formats" disabled={disabled}>
      <legend className="field-label">Formats</legend>
      {FORMATS.map(({ format, label, hint }) => (
        <label key={format} className="scene-export-format">
          <input
            type="checkbox"
            checked={formats.includes(format)}
            onChange={(event) => onToggle(format, event.target.checked)}
            data-format={format}
          />
          <span>
            <span className="scene-export-format-label">{label}</span>
            <span className="field-hint">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** What the export left: the folder and its files, the video with its poster; or that it was cancelled. */
function ExportResultNote({ result, posterId }: { result: ExportResult; posterId: string | null }) {
  return (
    <div className="scene-export-result" role="status" data-export-result={result.cancelled ? 'cancelled' : 'done'}>
      {result.cancelled ? (
        <p>Export cancelled; no partial file was left.</p>
      ) : (
        <>
          <p>
            Exported to <span className="scene-export-folder">{result.folder}</span>
            {result.remuxed ? ' (clips joined without re-encoding).' : '.'}
          </p>
          <ul className="scene-export-files">
            {result.files.map((file) => (
              <li key={file.path} data-format={file.format}>
                {file.format === 'mp4' ? (
                  <span className="scene-export-poster" data-poster={posterId ? 'thumbnail' : 'none'}>
                    <MediaImage mediaId={posterId} alt="" className="scene-export-poster-image" />
                  </span>
                ) : null}
                <span className="scene-export-path">{file.path}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
