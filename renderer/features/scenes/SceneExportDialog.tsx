import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AppError, SceneExportFormat, SceneExportStage } from '../../../shared/ipc/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { exportScene, type ExportResult } from './export/exportScene.ts';

const FORMATS: readonly { format: SceneExportFormat; label: MessageId; hint: MessageId }[] = [
  { format: 'mp4', label: 'scenes.export.format.mp4', hint: 'scenes.export.format.mp4.hint' },
  { format: 'srt', label: 'scenes.export.format.srt', hint: 'scenes.export.format.srt.hint' },
  { format: 'vtt', label: 'scenes.export.format.vtt', hint: 'scenes.export.format.vtt.hint' },
  { format: 'fcpxml', label: 'scenes.export.format.fcpxml', hint: 'scenes.export.format.fcpxml.hint' },
];

const STAGES: Record<SceneExportStage, MessageId> = {
  joining: 'scenes.export.stage.joining',
  encoding: 'scenes.export.stage.encoding',
  saving: 'scenes.export.stage.saving',
  subtitles: 'scenes.export.stage.subtitles',
  timeline: 'scenes.export.stage.timeline',
  library: 'scenes.export.stage.library',
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
  const intl = useIntl();
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
      title={intl.formatMessage(
        { id: 'scenes.export.title' },
        { title: <bdi>{title || intl.formatMessage({ id: 'scenes.untitled' })}</bdi> },
      )}
      description={missing > 0 ? intl.formatMessage({ id: 'scenes.export.missing' }, { missing, total: lineCount }) : undefined}
      name="scene-export"
      footer={
        run ? (
          <Button onClick={() => abort.current?.abort()} data-action="cancel-export">
            {intl.formatMessage({ id: 'scenes.export.cancelRun' })}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={close}>
              {intl.formatMessage({ id: result ? 'scenes.export.close' : 'scenes.export.cancel' })}
            </Button>
            <Button
              variant="primary"
              disabled={formats.length === 0 || missing > 0}
              onClick={() => void start()}
              data-action="start-export"
            >
              {intl.formatMessage({ id: 'scenes.export.start' })}
            </Button>
          </>
        )
      }
    >
      <FormatChoice formats={formats} disabled={run !== null} onToggle={toggle} />
      <Field label={intl.formatMessage({ id: 'scenes.export.folder' })} hint={intl.formatMessage({ id: 'scenes.export.folderHint' })}>
        {(control) => (
          <TextInput
            {...control}
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            disabled={run !== null}
            data-field="destination"
            placeholder={intl.formatMessage({ id: 'scenes.export.folderPlaceholder' })}
          />
        )}
      </Field>
      {run ? (
        <div className="scene-export-progress" data-stage={run.stage}>
          <p role="status">{intl.formatMessage({ id: STAGES[run.stage] })}</p>
          <ProgressBar value={run.progress} label={intl.formatMessage({ id: 'scenes.export.progress' })} />
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
  const intl = useIntl();
  return (
    <fieldset className="scene-export-formats" disabled={disabled}>
      <legend className="field-label">{intl.formatMessage({ id: 'scenes.export.formats' })}</legend>
      {FORMATS.map(({ format, label, hint }) => (
        <label key={format} className="scene-export-format">
          <input
            type="checkbox"
            checked={formats.includes(format)}
            onChange={(event) => onToggle(format, event.target.checked)}
            data-format={format}
          />
          <span>
            <span className="scene-export-format-label">{intl.formatMessage({ id: label })}</span>
            <span className="field-hint">{intl.formatMessage({ id: hint })}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** What the export left: the folder and its files, the video with its poster; or that it was cancelled. */
function ExportResultNote({ result, posterId }: { result: ExportResult; posterId: string | null }) {
  const intl = useIntl();
  return (
    <div className="scene-export-result" role="status" data-export-result={result.cancelled ? 'cancelled' : 'done'}>
      {result.cancelled ? (
        <p>{intl.formatMessage({ id: 'scenes.export.cancelled' })}</p>
      ) : (
        <>
          <p>
            {intl.formatMessage(
              { id: result.remuxed ? 'scenes.export.doneRemuxed' : 'scenes.export.done' },
              {
                path: result.folder,
                folder: (chunks) => (
                  <bdi className="scene-export-folder" dir="ltr">
                    {chunks}
                  </bdi>
                ),
              },
            )}
          </p>
          <ul className="scene-export-files">
            {result.files.map((file) => (
              <li key={file.path} data-format={file.format}>
                {file.format === 'mp4' ? (
                  <span className="scene-export-poster" data-poster={posterId ? 'thumbnail' : 'none'}>
                    <MediaImage mediaId={posterId} alt="" className="scene-export-poster-image" />
                  </span>
                ) : null}
                <bdi className="scene-export-path" dir="ltr">
                  {file.path}
                </bdi>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
