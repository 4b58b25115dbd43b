import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Job, JobState } from '../../../shared/ipc/index.ts';
import { progressOf } from '../../stores/jobsInFlight.ts';
import { Button } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { WorkStatus } from '../../ui/WorkStatus.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { JobTitleLabel, jobTitleText } from '../../ui/JobTitleLabel.tsx';
import { jobKindMessage } from './jobLabels.ts';
import { batchFraction, batchPrice, batchResults, type BatchScene } from './sceneGroups.ts';

type BatchGroupProps = {
  /** The jobs of one click, oldest first. */
  jobs: Job[];
  now: number;
  /** The scene the jobs render, when they are a scene's lines: the group is named after it. */
  scene?: BatchScene | null;
  /** The rows of its jobs, shown when the group is open. */
  children: ReactNode;
};

/** Several results of one click as one row: how many are done, their progress and their price; open it to see each. */
export function BatchGroup({ jobs, now, scene = null, children }: BatchGroupProps) {
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  const formats = useFormats();
  const first = jobs[0] as Job;
  // Counted in results (a line of a scene, one image of four), never in the jobs that make them.
  const results = batchResults(jobs);
  const count = (states: readonly JobState[]) => results.filter((job) => states.includes(job.state)).length;
  const done = count(['done']);
  const failed = count(['failed', 'cancelled']);
  const running = results.length - done - failed;
  const counted = (n: number) => (scene ? intl.formatMessage({ id: 'queue.batch.lines' }, { count: n }) : formats.number(n));
  const fraction = running === 0 ? null : batchFraction(results, (job) => progressOf(job, now).fraction);
  // Every job counts here, a retried one too: the credits stand for what was paid, not for results.
  const price = batchPrice(jobs);
  const doneNote = intl.formatMessage({ id: scene ? 'queue.batch.doneLines' : 'queue.batch.done' }, { done, total: results.length });
  const note = failed > 0 ? intl.formatMessage({ id: 'queue.batch.doneFailed' }, { done: doneNote, failed }) : doneNote;
  const state = running > 0 ? 'processing' : failed === results.length ? 'failed' : 'done';
  const title = scene ? scene.title : jobTitleText(first.title, formats);
  return (
    <li
      className="job-batch"
      data-batch-id={first.batchId ?? undefined}
      data-batch-size={results.length}
      data-state={state}
      data-scene={scene ? (scene.deleted ? 'deleted' : 'present') : undefined}
    >
      <div className="job-row job-batch-row">
        <div className="job-main">
          <div className="job-title-line">
            <span className="job-kind">{intl.formatMessage({ id: scene ? 'queue.kind.scene' : jobKindMessage(first.kind) })}</span>
            <span className="job-batch-count" title={scene ? counted(results.length) : undefined}>
              ×{results.length}
            </span>
            {scene ? (
              <bdi className={`job-title${scene.deleted ? ' job-title-gone' : ''}`} data-testid="batch-title">
                {scene.title}
              </bdi>
            ) : (
              <JobTitleLabel className="job-title" title={first.title} testId="batch-title" />
            )}
          </div>
          <p className="job-note">{note}</p>
          {running > 0 ? (
            <ProgressBar
              value={fraction}
              label={intl.formatMessage({ id: 'queue.batch.progress' }, { title, results: counted(results.length) })}
            />
          ) : null}
        </div>
        <div className="job-side">
          <WorkStatus status={state} />
          <span className="job-price" data-testid="batch-price">
            {intl.formatMessage(
              { id: price.settled ? 'queue.price.charged' : 'queue.price.quoted' },
              { credits: formats.credits(price.credits) },
            )}
          </span>
          <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open
              ? intl.formatMessage({ id: 'queue.batch.hideEach' })
              : intl.formatMessage({ id: 'queue.batch.showEach' }, { count: jobs.length })}
          </Button>
        </div>
      </div>
      {open ? <ul className="job-list job-batch-members">{children}</ul> : null}
    </li>
  );
}
