import type { Job } from '../../../shared/ipc/index.ts';
import { progressOf, progressText } from '../../stores/jobsInFlight.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';

/**
 * A job on its way: the bar fills along this library's estimate for such a job (held short of the
 * end until the result lands), with the time so far and the estimate beside it.
 */
export function JobProgress({ job, now, label }: { job: Job; now: number; label: string }) {
  const progress = progressOf(job, now);
  const text = progressText(progress);
  return (
    <div className="job-progress" data-testid="job-progress" data-estimate-ms={progress.estimateMs ?? undefined}>
      <ProgressBar value={progress.fraction} label={`${label}: progress`} />
      {text ? (
        <span className="job-elapsed" data-testid="job-elapsed">
          {text}
        </span>
      ) : null}
    </div>
  );
}
