import { CircleX } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { Job } from '../../shared/ipc/index.ts';
import type { MessageId } from '../i18n/catalogs.ts';
import { progressOf, progressText } from '../stores/jobsInFlight.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { Spinner } from './Spinner.tsx';
import './WorkStatus.css';

/** Work on its way, a resource's or a job's: a spinner says so, its label says what. */
const BUSY: Record<string, MessageId> = {
  queued: 'ui.work.waitingTurn',
  pending: 'ui.work.waitingTurn',
  sending: 'ui.work.sending',
  generating: 'ui.work.generating',
  processing: 'ui.work.workingOnIt',
};

/** Work held by something outside it: the words say what, because the creator may have to act. */
const HELD: Record<string, MessageId> = {
  paused: 'ui.work.paused',
  waiting_connection: 'ui.work.waitingConnection',
};

/**
 * A state, shown only when it matters: a spinner while in flight, the words when held, a mark when
 * failed, and nothing once finished (done, ready, completed, cancelled). `data-status` lets tests
 * wait on it.
 */
export function WorkStatus({ status, label }: { status: string; label?: string }) {
  const intl = useIntl();
  if (status === 'failed') {
    return (
      <span
        className="work-status is-failed"
        data-status="failed"
        role="img"
        aria-label={label ?? intl.formatMessage({ id: 'ui.work.failed' })}
      >
        <CircleX size={16} aria-hidden="true" />
      </span>
    );
  }
  const busy = BUSY[status];
  if (busy) {
    return (
      <span className="work-status is-busy" data-status={status}>
        <Spinner label={label ?? intl.formatMessage({ id: busy })} />
      </span>
    );
  }
  const held = HELD[status];
  if (held) {
    return (
      <span className="work-status is-held" data-status={status}>
        {intl.formatMessage({ id: held })}
      </span>
    );
  }
  return null;
}

/** What a job shows instead of a time before the service has taken it. */
const BEFORE_START: Partial<Record<Job['state'], MessageId>> = {
  queued: 'ui.work.waitingTurn',
  paused: 'ui.work.paused',
  sending: 'ui.work.sendingNow',
  waiting_connection: 'ui.work.waitingConnection',
};

/**
 * A job on its way: the bar fills along this library's estimate for such a job (held short of the
 * end until the result lands), with the time so far and the estimate beside it ("0:12 of about
 * 0:30"). Before the service takes the job the bar is indeterminate and the words say where it is.
 * The queue, the gallery's placeholders and the character page show the same.
 */
export function WorkProgress({ job, now, label }: { job: Job; now: number; label: string }) {
  const intl = useIntl();
  const progress = progressOf(job, now);
  const started = job.state === 'processing' || job.state === 'done';
  const before = BEFORE_START[job.state];
  const text = started ? progressText(progress) : before ? intl.formatMessage({ id: before }) : null;
  return (
    <div
      className="work-progress"
      data-testid="job-progress"
      data-job-id={job.id}
      data-state={job.state}
      data-estimate-ms={progress.estimateMs ?? undefined}
    >
      <ProgressBar value={started ? progress.fraction : null} label={intl.formatMessage({ id: 'ui.work.progress' }, { label })} />
      {text ? (
        <span className="work-elapsed" data-testid="job-elapsed">
          {text}
        </span>
      ) : null}
    </div>
  );
}
