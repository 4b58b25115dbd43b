import { useState } from 'react';
import type { Job } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { AppError } from '../../../shared/ipc/index.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { creditsText, formatDateTime } from '../../ui/format.ts';
import { WorkProgress, WorkStatus } from '../../ui/WorkStatus.tsx';
import { canCancel, canSendAgain, isAskingCreator, JOB_KIND_LABELS, JOB_STATE_NOTES, waitingUntilNote } from './jobLabels.ts';
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
  const waiting = waitingUntilNote(job);
  const asking = isAskingCreator(job);
  const note = [
    job.error ? job.error.message : JOB_STATE_NOTES[job.state],
    job.attempts > 1 && job.state !== 'done' ? `(attempt ${job.attempts})` : '',
    retried && job.state === 'failed' ? 'Retried: follow the newer attempt.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={`job-row depth-${Math.min(depth, 3)}`} data-job-id={job.id} data-state={job.state}>
      <div className="job-main">
        <div className="job-title-line">
          {depth > 0 && (
            <span className="job-chain" aria-label={`after ${after ?? 'the previous step'}`}>
              ↳ then
            </span>
          )}
          <span className="job-kind">{JOB_KIND_LABELS[job.kind]}</span>
          {line && (
            <span className="job-line" data-testid="job-line">
              {line}
            </span>
          )}
          <span className="job-title">{job.title}</span>
          {job.retryOf && <span className="job-retry-tag">retry</span>}
        </div>
        {note && <p className="job-note">{note}</p>}
        {waiting && (
          <p className="job-note" data-testid="job-waiting-until">
            {waiting}
          </p>
        )}
        {sendAgainError && (
          <p className="job-note" role="alert">
            {sendAgainError.message}
          </p>
        )}
        {job.state === 'processing' ? <WorkProgress job={job} now={now} label={job.title} /> : null}
        {job.state === 'sending' ? <ProgressBar value={job.progress} label={`${job.title}: progress`} /> : null}
        <span className="job-time">{formatDateTime(job.createdAt)}</span>
      </div>
      <div className="job-side">
        <WorkStatus status={job.state} />
        <span className="job-price" data-testid="job-price">
          {job.creditsUsed !== null
            ? chargeText(job.creditsUsed, job.creditsRefunded)
            : job.quotedCredits !== null
              ? `${creditsText(job.quotedCredits)} quoted`
              : 'Priced before sending'}
        </span>
        <div className="job-actions">
          {canCancel(job) && (
            <Button size="sm" variant="ghost" onClick={() => onCancel(job)}>
              Cancel
            </Button>
          )}
          {canSendAgain(job) && (
            <Button size="sm" onClick={() => void sendAgain()}>
              Send again
            </Button>
          )}
          {asking && job.error?.code === 'outcome_unknown' && (
            <Button size="sm" variant="ghost" onClick={() => void useQueueStore.getState().decide(job, 'wait')}>
              Keep waiting
            </Button>
          )}
          {asking && (
            <Button size="sm" onClick={() => void useQueueStore.getState().decide(job, 'done')}>
              Mark as done
            </Button>
          )}
          {asking && (
            <Button size="sm" variant="ghost" onClick={() => onRetry(job)} data-action="send-again-at-risk">
              {job.quotedCredits !== null ? `Send again (may cost ${creditsText(job.quotedCredits)})…` : 'Send again at my risk…'}
            </Button>
          )}
          {job.state === 'failed' && !retried && (
            <Button size="sm" onClick={() => onRetry(job)}>
              Retry…
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** What a job cost in the end: its charge, less what the service refunded when it failed. */
function chargeText(used: number, refunded: number | null): string {
  if (refunded === null || refunded <= 0) return `${creditsText(used)} charged`;
  if (refunded >= used) return `${creditsText(used)} refunded`;
  return `${creditsText(used)} charged, ${creditsText(refunded)} refunded`;
}
