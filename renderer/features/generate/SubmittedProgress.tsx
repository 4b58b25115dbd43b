import { useShallow } from 'zustand/react/shallow';
import type { Job } from '../../../shared/ipc/index.ts';
import { progressOf, progressText, selectJobsInFlight, useJobsInFlightStore, useNow } from '../../stores/jobsInFlight.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { formatCount } from '../../ui/format.ts';

/**
 * What the last click made, while it is on its way: for each result, the time since the service
 * took it and this library's estimate for such a job, with a bar along it.
 */
export function SubmittedProgress({ jobId, batchId }: { jobId: string; batchId: string | null }) {
  const jobs = useJobsInFlightStore(
    useShallow((s) => selectJobsInFlight(s).filter((job) => job.id === jobId || (batchId !== null && job.batchId === batchId))),
  );
  const now = useNow(jobs.some((job) => job.state === 'processing'));
  if (jobs.length === 0) return null;
  return (
    <ul className="submitted-progress" aria-label="Your last generation" data-testid="submitted-progress">
      {jobs.map((job, i) => (
        <SubmittedRow key={job.id} job={job} now={now} label={jobs.length > 1 ? `Result ${formatCount(i + 1)}` : 'Progress'} />
      ))}
    </ul>
  );
}

function SubmittedRow({ job, now, label }: { job: Job; now: number; label: string }) {
  const progress = progressOf(job, now);
  const text =
    job.state === 'processing' ? (progressText(progress) ?? 'Started') : job.state === 'sending' ? 'Sending…' : 'Waiting its turn';
  return (
    <li className="submitted-row" data-job-id={job.id} data-state={job.state}>
      <span className="submitted-label">{label}</span>
      <ProgressBar value={job.state === 'processing' ? progress.fraction : null} label={`${label}: progress`} />
      <span className="submitted-time" data-testid="submitted-time">
        {text}
      </span>
    </li>
  );
}
