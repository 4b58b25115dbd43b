import { X } from 'lucide-react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/catalogs.ts';
import type { Attachment, AttachmentInput } from '../stores/attachments.ts';
import { describeError } from '../errors/errorMessages.ts';
import { useFormats } from '../i18n/LanguageProvider.tsx';
import { acceptFor, refusalText, type Refusal, type UploadKind } from '../stores/uploads.ts';
import { uploadsNotOffered, useServiceFactsStore } from '../stores/serviceFactsStore.ts';
import { DropZone } from './DropZone.tsx';
import { MediaImage } from './MediaImage.tsx';
import { ProgressBar } from './ProgressBar.tsx';

type AttachmentFieldProps = {
  label: string;
  hint?: string;
  kinds: readonly UploadKind[];
  max: number;
  attachments: readonly Attachment[];
  /** Inputs that were refused and why (wrong type, too large, no room): worded here, in the language shown. */
  refused: readonly Refusal[];
  onInputs: (inputs: AttachmentInput[]) => void;
  onRemove: (key: string) => void;
  /** A stable name for tests: `data-drop-zone`. */
  name: string;
  error?: string | null;
};

const STATE_TEXT: Record<Attachment['state'], MessageId> = {
  reading: 'ui.attachment.reading',
  uploading: 'ui.attachment.uploading',
  ready: 'ui.attachment.ready',
  failed: 'ui.attachment.failed',
};

/** A drop zone with the files it holds: each with a preview, its upload progress and a remove button. */
export function AttachmentField({ label, hint, kinds, max, attachments, refused, onInputs, onRemove, name, error }: AttachmentFieldProps) {
  const listId = useId();
  const full = attachments.length >= max;
  const noUploads = useServiceFactsStore((s) => uploadsNotOffered(s.facts));
  const intl = useIntl();
  const formats = useFormats();
  const refusals = refused.map((refusal) => refusalText(refusal, formats));
  const stateText = (state: Attachment['state']) => intl.formatMessage({ id: STATE_TEXT[state] });
  return (
    <div className="attachment-field" role="group" aria-labelledby={`${listId}-label`}>
      <div className="field-label-row">
        <span id={`${listId}-label`} className="field-label">
          {label}
        </span>
        <span className="field-counter">
          {attachments.length} / {max}
        </span>
      </div>
      {attachments.length > 0 ? (
        <ul className="attachment-list" aria-label={intl.formatMessage({ id: 'ui.attachment.added' }, { label })}>
          {attachments.map((attachment) => (
            <li key={attachment.key} className={`attachment attachment-${attachment.state}`} data-attachment-state={attachment.state}>
              <div className="attachment-preview">
                {attachment.previewUrl ? (
                  <img src={attachment.previewUrl} alt="" />
                ) : attachment.mediaId && attachment.kind === 'image' ? (
                  <MediaImage mediaId={attachment.mediaId} alt="" />
                ) : (
                  <span className="attachment-kind">{attachment.kind ?? intl.formatMessage({ id: 'ui.attachment.file' })}</span>
                )}
              </div>
              <div className="attachment-info">
                <bdi className="attachment-name" title={attachment.name}>
                  {attachment.name}
                </bdi>
                {attachment.state === 'reading' || attachment.state === 'uploading' ? (
                  <ProgressBar
                    value={attachment.progress}
                    label={intl.formatMessage(
                      { id: 'ui.attachment.progress' },
                      { state: stateText(attachment.state), name: attachment.name },
                    )}
                  />
                ) : (
                  <span className={`attachment-state${attachment.state === 'failed' ? ' attachment-state-failed' : ''}`}>
                    {attachment.state === 'failed' ? describeError(attachment.error, formats) : stateText(attachment.state)}
                  </span>
                )}
              </div>
              <button
                type="button"
                className="icon-button"
                onClick={() => onRemove(attachment.key)}
                aria-label={intl.formatMessage({ id: 'ui.attachment.remove' }, { name: attachment.name })}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {!full ? (
        <DropZone
          name={name}
          label={
            max === 1
              ? intl.formatMessage({ id: 'ui.attachment.dropOne' })
              : intl.formatMessage({ id: 'ui.attachment.dropMore' }, { count: max - attachments.length })
          }
          hint={hint}
          accept={acceptFor(kinds)}
          multiple={max - attachments.length > 1}
          onFiles={(files) => onInputs(files.map((file) => ({ file })))}
          onItems={(items) => onInputs(items.map((item) => ({ item })))}
        />
      ) : null}
      {noUploads && !full && refused.length === 0 ? (
        <p className="muted attachment-note" data-testid="uploads-not-offered">
          {intl.formatMessage({ id: 'ui.attachment.noUploads' })}
        </p>
      ) : null}
      {refusals.length > 0 || error ? (
        <div role="alert" className="attachment-refused">
          {error ? <p>{error}</p> : null}
          {refusals.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
