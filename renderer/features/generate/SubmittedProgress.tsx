import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Job } from '../../../shared/ipc/index.ts';
import { progressOf, progressText, selectJobsInFlight, useJobsInFlightStore, useNow } from '../../stores/jobsInFlight.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';

/**
 * What the last click made, while it is on its way: for each result, the time since the service
 * took it and this library's estimate for such a job, with a bar along it.
 */
export function SubmittedProgress({ jobId, batchId }: { jobId: string; batchId: string | null }) {
  const intl = useIntl();
  const jobs = useJobsInFlightStore(
    useShallow((s) => selectJobsInFlight(s).filter((job) => job.id === jobId || (batchId !== null && job.batchId === batchId))),
  );
  const now = useNow(jobs.some((job) => job.state === 'processing'));
  if (jobs.length === 0) return null;
  return (
    <ul className="submitted-progress" aria-label={intl.formatMessage({ id: 'generate.progress.label' })} data-testid="submitted-progress">
      {jobs.map((job, i) => (
        <SubmittedRow
          key={job.id}
          job={job}
          now={now}
          label={
            jobs.length > 1
              ? intl.formatMessage({ id: 'generate.progress.result' }, { number: i + 1 })
              : intl.formatMessage({ id: 'generate.progress.one' })
          }
        />
      ))}
    </ul>
  );
}

function SubmittedRow({ job, now, label }: { job: Job; now: number; label: string }) {
  const intl = useIntl();
  const progress = progressOf(job, now);
  const text =
    job.state === 'processing'
      ? (progressText(progress) ?? intl.formatMessage({ id: 'generate.progress.started' }))
      : intl.formatMessage({ id: job.state === 'sending' ? 'ui.work.sendingNow' : 'ui.work.waitingTurn' });
  return (
    <li className="submitted-row" data-job-id={job.id} data-state={job.state}>
      <span className="submitted-label">{label}</span>
      <ProgressBar
        value={job.state === 'processing' ? progress.fraction : null}
        label={intl.formatMessage({ id: 'ui.work.progress' }, { label })}
      />
      <span className="submitted-time" data-testid="submitted-time">
        {text}
      </span>
    </li>
  );
}
