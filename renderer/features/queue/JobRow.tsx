import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Job } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { AppError } from '../../../shared/ipc/index.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import type { Formats } from '../../i18n/format.ts';
import { WorkProgress, WorkStatus } from '../../ui/WorkStatus.tsx';
import { describeError, useDescribeError } from '../../errors/errorMessages.ts';
import { JobTitleLabel, jobTitleText } from '../../ui/JobTitleLabel.tsx';
import { canCancel, canSendAgain, isAskingCreator, jobKindMessage, JOB_STATE_NOTES, waitingUntilNote } from './jobLabels.ts';
import { useQueueStore } from './queueStore.ts';

interface JobRowProps {
  job: Job;
  depth: number;
  /** The title of the job this one waits for. */
  after: string | null;
  /** A newer attempt of this failed job exists. */
  retried: boolean;
  /** The scene line the job renders ("Line 3 · Mara"); null for a job that is no scene's. */
  line?: string | null;
  /** The current time, for the elapsed time of a job in flight. */
  now: number;
  onCancel: (job: Job) => void;
  onRetry: (job: Job) => void;
}

/** One job: what it is, its state, price, progress and the actions that apply. */
export function JobRow({ job, depth, after, retried, line = null, now, onCancel, onRetry }: JobRowProps) {
  const [sendAgainError, setSendAgainError] = useState<AppError | null>(null);
  // The same request under the same key: nothing new to price, so no retry dialog.
  const sendAgain = async () => setSendAgainError(await useJobsStore.getState().retry(job.id, null));
  const intl = useIntl();
  const formats = useFormats();
  const describe = useDescribeError();
  const waiting = waitingUntilNote(job, intl);
  const asking = isAskingCreator(job);
  const note = noteOf(job, retried, intl, formats);
  return (
    <li className={`job-row depth-${Math.min(depth, 3)}`} data-job-id={job.id} data-state={job.state}>
      <div className="job-main">
        <div className="job-title-line">
          {depth > 0 && (
            <span
              className="job-chain"
              aria-label={
                after === null
                  ? intl.formatMessage({ id: 'queue.job.afterPrevious' })
                  : intl.formatMessage({ id: 'queue.job.after' }, { title: after })
              }
            >
              {intl.formatMessage({ id: 'queue.job.then' })}
            </span>
          )}
          <span className="job-kind">{intl.formatMessage({ id: jobKindMessage(job.kind) })}</span>
          {line && (
            <span className="job-line" data-testid="job-line">
              {line}
            </span>
          )}
          {/* The creator's words inside it are isolated, so a Latin prompt reads whole in Arabic. */}
          <JobTitleLabel className="job-title" title={job.title} />
          {job.retryOf && <span className="job-retry-tag">{intl.formatMessage({ id: 'queue.job.retryTag' })}</span>}
        </div>
        {note && <p className="job-note">{note}</p>}
        {waiting && (
          <p className="job-note" data-testid="job-waiting-until">
            {waiting}
          </p>
        )}
        {sendAgainError && (
          <p className="job-note" role="alert">
            {describe(sendAgainError)}
          </p>
        )}
        {job.state === 'processing' ? <WorkProgress job={job} now={now} label={jobTitleText(job.title, formats)} /> : null}
        {job.state === 'sending' ? (
          <ProgressBar
            value={job.progress}
            label={intl.formatMessage({ id: 'queue.job.progress' }, { title: jobTitleText(job.title, formats) })}
          />
        ) : null}
        <span className="job-time">{formats.dateTimeOf(job.createdAt)}</span>
      </div>
      <div className="job-side">
        <WorkStatus status={job.state} />
        <span className="job-price" data-testid="job-price">
          {priceText(job, intl, formats)}
        </span>
        <div className="job-actions">
          {canCancel(job) && (
            <Button size="sm" variant="ghost" onClick={() => onCancel(job)}>
              {intl.formatMessage({ id: 'queue.action.cancel' })}
            </Button>
          )}
          {canSendAgain(job) && (
            <Button size="sm" onClick={() => void sendAgain()}>
              {intl.formatMessage({ id: 'queue.action.sendAgain' })}
            </Button>
          )}
          {asking && job.error?.code === 'outcome_unknown' && (
            <Button size="sm" variant="ghost" onClick={() => void useQueueStore.getState().decide(job, 'wait')}>
              {intl.formatMessage({ id: 'queue.action.keepWaiting' })}
            </Button>
          )}
          {asking && (
            <Button size="sm" onClick={() => void useQueueStore.getState().decide(job, 'done')}>
              {intl.formatMessage({ id: 'queue.action.markDone' })}
            </Button>
          )}
          {asking && (
            <Button size="sm" variant="ghost" onClick={() => onRetry(job)} data-action="send-again-at-risk">
              {job.quotedCredits !== null
                ? intl.formatMessage({ id: 'queue.action.sendAgainCost' }, { credits: formats.credits(job.quotedCredits) })
                : intl.formatMessage({ id: 'queue.action.sendAgainRisk' })}
            </Button>
          )}
          {job.state === 'failed' && !retried && (
            <Button size="sm" onClick={() => onRetry(job)}>
              {intl.formatMessage({ id: 'queue.action.retry' })}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** The row's note: the error or what its state means, its attempt, and that a newer attempt replaced it. */
function noteOf(job: Job, retried: boolean, intl: IntlShape, formats: Formats): string {
  const stateNote = JOB_STATE_NOTES[job.state];
  return [
    job.error ? describeError(job.error, formats) : stateNote ? intl.formatMessage({ id: stateNote }) : '',
    job.attempts > 1 && job.state !== 'done' ? intl.formatMessage({ id: 'queue.job.attempt' }, { count: job.attempts }) : '',
    retried && job.state === 'failed' ? intl.formatMessage({ id: 'queue.job.retried' }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What a job cost: its charge, less what the service refunded when it failed; else its quote. */
function priceText(job: Job, intl: IntlShape, formats: Formats): string {
  const used = job.creditsUsed;
  const refunded = job.creditsRefunded;
  if (used === null) {
    if (job.quotedCredits === null) return intl.formatMessage({ id: 'queue.price.later' });
    return intl.formatMessage({ id: 'queue.price.quoted' }, { credits: formats.credits(job.quotedCredits) });
  }
  const credits = formats.credits(used);
  if (refunded === null || refunded <= 0) return intl.formatMessage({ id: 'queue.price.charged' }, { credits });
  if (refunded >= used) return intl.formatMessage({ id: 'queue.price.refunded' }, { credits });
  return intl.formatMessage({ id: 'queue.price.chargedRefunded' }, { credits, refunded: formats.credits(refunded) });
}
