import { CircleX, ListTodo, X } from 'lucide-react';
import type { KeyboardEvent, SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Job } from '../../../shared/ipc/index.ts';
import { useJobsInFlightStore } from '../../stores/jobsInFlight.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { describeError } from '../../errors/errorMessages.ts';
import { jobTitleText } from '../../ui/JobTitleLabel.tsx';
import { Tooltip } from '../../ui/primitives/index.ts';
import { WorkProgress } from '../../ui/WorkStatus.tsx';
import type { Placeholder } from './galleryPlaceholders.ts';
import { KIND_LABELS } from './itemLabels.ts';

interface GalleryPlaceholderProps {
  placeholder: Placeholder;
  column: number;
  width: number;
  thumbHeight: number;
  /** The current time, for the elapsed time and the bar. */
  now: number;
}

/** Keys and clicks on a placeholder's own buttons are theirs, never the grid's. */
const keep = (event: SyntheticEvent | KeyboardEvent) => event.stopPropagation();

/**
 * A tile for a generation on its way that the library does not hold yet: the shape its result will
 * have, its prompt, and the job's progress (the same bar and times as the queue). It is not an item:
 * the keyboard cursor and the selection pass it by. When the result lands, its tile takes this
 * place. A failed one shows a mark, what went wrong, and the way to the queue or to dismiss it.
 */
export function GalleryPlaceholder({ placeholder, column, width, thumbHeight, now }: GalleryPlaceholderProps) {
  const { job, kind } = placeholder;
  const intl = useIntl();
  const formats = useFormats();
  const prompt = job.prompt?.trim() || jobTitleText(job.title, formats);
  const failed = job.state === 'failed';
  return (
    <div
      role="gridcell"
      aria-colindex={column + 1}
      className={`gallery-tile gallery-placeholder${failed ? ' is-failed' : ''}`}
      style={{ width }}
      data-job-id={job.id}
      data-state={job.state}
      data-kind={kind}
    >
      <div className="gallery-thumb" style={{ height: thumbHeight }}>
        <div className={`gallery-placeholder-media kind-${kind}`} aria-hidden="true" />
        <span className="badge gallery-kind">{intl.formatMessage({ id: KIND_LABELS[kind] })}</span>
        {failed ? (
          <FailedActions job={job} />
        ) : (
          <div className="gallery-placeholder-progress">
            <WorkProgress job={job} now={now} label={prompt} />
          </div>
        )}
      </div>
      <div className="gallery-caption">
        <bdi className="gallery-title" title={prompt}>
          {prompt}
        </bdi>
        {/* Where the job is stands on the bar; the caption reads as an item's does. */}
        <span className="gallery-meta">
          {failed
            ? job.error
              ? describeError(job.error, formats)
              : intl.formatMessage({ id: 'gallery.placeholder.failed' })
            : formats.dateOf(job.createdAt)}
        </span>
      </div>
    </div>
  );
}

function FailedActions({ job }: { job: Job }) {
  const intl = useIntl();
  const openQueue = intl.formatMessage({ id: 'gallery.placeholder.openQueue' });
  const dismiss = intl.formatMessage({ id: 'gallery.dismiss' });
  return (
    <>
      <span
        className="gallery-status is-failed"
        data-status="failed"
        role="img"
        aria-label={intl.formatMessage({ id: 'gallery.badge.failed' })}
      >
        <CircleX size={18} aria-hidden="true" />
      </span>
      <div
        className="tile-actions"
        role="group"
        aria-label={intl.formatMessage({ id: 'gallery.placeholder.actions' })}
        onClick={keep}
        onKeyDown={keep}
        onMouseDown={keep}
      >
        <Tooltip content={openQueue}>
          <button type="button" className="tile-action" aria-label={openQueue} onClick={() => useNavigationStore.getState().go('queue')}>
            <ListTodo size={16} aria-hidden="true" />
          </button>
        </Tooltip>
        <Tooltip content={dismiss}>
          <button
            type="button"
            className="tile-action"
            aria-label={dismiss}
            onClick={() => useJobsInFlightStore.getState().dismiss(job.id)}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </Tooltip>
      </div>
    </>
  );
}
