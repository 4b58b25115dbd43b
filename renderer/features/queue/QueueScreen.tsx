import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Job } from '../../../shared/ipc/index.ts';
import { useAccountStore } from '../../stores/accountStore.ts';
import { useNow } from '../../stores/jobsInFlight.ts';
import { describeError } from '../../errors/errorMessages.ts';
import { JobTitleLabel, jobTitleText } from '../../ui/JobTitleLabel.tsx';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { PriceButton } from '../../ui/PriceButton.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { BatchGroup } from './BatchGroup.tsx';
import { chainOrder, depthsInBatch, groupBatches, isActive, isAskingCreator } from './jobLabels.ts';
import { batchIdsOf, lineLabel, sceneLines, sceneOf } from './sceneGroups.ts';
import { JobRow } from './JobRow.tsx';
import { useQueueStore } from './queueStore.ts';
import './queue.css';
import { useFormats } from '../../i18n/LanguageProvider.tsx';

registerStoreReset(() => useQueueStore.getState().reset());

type Show = 'active' | 'finished' | 'all';

/** Every job: its state, price and progress; pause, resume, cancel and retry. */
export function QueueScreen() {
  const { jobs, paused, pendingCredits } = useJobsStore(
    useShallow((s) => ({ jobs: s.jobs, paused: s.paused, pendingCredits: s.pendingCredits })),
  );
  const balance = useAccountStore((s) => s.balance);
  const { error, cancel, openRetry, sceneGroups } = useQueueStore(
    useShallow((s) => ({ error: s.error, cancel: s.cancel, openRetry: s.openRetry, sceneGroups: s.sceneGroups })),
  );
  const intl = useIntl();
  // Until the user picks, the queue shows what is in progress, or everything when nothing is.
  const [picked, setShow] = useState<Show | null>(null);

  useEffect(() => {
    void useJobsStore.getState().load();
    if (useAccountStore.getState().balance === null) void useAccountStore.getState().load();
  }, []);

  // jobs.list's pendingCredits is a snapshot; job.updated keeps the records fresh, so re-read it as they change.
  const all = Object.values(jobs);
  const signature = all.map((job) => `${job.id}:${job.state}`).join(',');
  useEffect(() => {
    const timer = setTimeout(() => void useJobsStore.getState().load(), 300);
    return () => clearTimeout(timer);
  }, [signature]);
  // A scene's jobs share its id as their batch: its title (as it is now, after a rename) and each job's line name the group.
  const batchIds = JSON.stringify(batchIdsOf(all));
  useEffect(() => {
    // Read with the jobs, once their changes settle, not once per event of a rendering scene.
    const timer = setTimeout(() => void useQueueStore.getState().loadSceneGroups(JSON.parse(batchIds) as string[]), 300);
    return () => clearTimeout(timer);
  }, [batchIds, signature]);
  const lineOf = sceneLines(sceneGroups);

  const active = all.filter(isActive);
  const show: Show = picked ?? (active.length > 0 ? 'active' : 'all');
  const shown = show === 'all' ? all : show === 'active' ? active : all.filter((job) => !isActive(job));
  const entries = groupBatches(chainOrder(shown), { known: all, placeOf: (job) => lineOf.get(job.id)?.lineNumber ?? null });
  const now = useNow(active.some((job) => job.state === 'processing'));
  const formats = useFormats();
  const titles = new Map(all.map((job) => [job.id, jobTitleText(job.title, formats)]));
  // A failed job is retried once (core refuses a second retry): its row says so instead of offering it.
  const retried = new Set(all.flatMap((job) => (job.retryOf ? [job.retryOf] : [])));

  return (
    <section className="screen queue-screen" aria-labelledby="queue-heading">
      <QueueHeader paused={paused} />
      <OfflineBanner what={intl.formatMessage({ id: 'queue.offline' })} />
      <QueueSummary inQueue={active.length} paused={paused} pendingCredits={pendingCredits} balance={balance} />
      {paused && (
        <p className="queue-paused" role="status">
          {intl.formatMessage({ id: 'queue.pausedNotice' })}
        </p>
      )}
      {error && <InlineError error={error} />}
      <SegmentedControl<Show>
        label={intl.formatMessage({ id: 'queue.show.label' })}
        value={show}
        onChange={setShow}
        segments={[
          { value: 'active', label: intl.formatMessage({ id: 'queue.show.active' }, { count: active.length }) },
          { value: 'finished', label: intl.formatMessage({ id: 'queue.show.finished' }) },
          { value: 'all', label: intl.formatMessage({ id: 'queue.show.all' }) },
        ]}
      />
      {entries.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: show === 'active' ? 'queue.empty.active' : 'queue.empty.other' })}>
          {intl.formatMessage({ id: 'queue.empty.body' })}
        </EmptyState>
      ) : (
        <ul className="job-list" data-testid="job-list">
          {entries.map(({ job, depth, batch }) => {
            const row = (each: Job, at: number) => (
              <JobRow
                key={each.id}
                job={each}
                depth={at}
                retried={retried.has(each.id)}
                line={lineLabel(lineOf.get(each.id), intl)}
                now={now}
                after={each.dependsOn ? (titles.get(each.dependsOn) ?? null) : null}
                onCancel={(one) => void cancel(one)}
                onRetry={(one) => void openRetry(one)}
              />
            );
            if (!batch) return row(job, depth);
            const depths = depthsInBatch(batch);
            const scene = sceneOf(batch, sceneGroups, intl);
            return (
              <BatchGroup key={`batch-${job.batchId ?? job.id}`} jobs={batch} now={now} scene={scene}>
                {batch.map((each) => row(each, depths.get(each.id) ?? 0))}
              </BatchGroup>
            );
          })}
        </ul>
      )}
      <RetryDialog />
    </section>
  );
}

/** The screen's title, and pausing or resuming the whole queue. */
function QueueHeader({ paused }: { paused: boolean }) {
  const { pauseAll, resumeAll } = useQueueStore(useShallow((s) => ({ pauseAll: s.pauseAll, resumeAll: s.resumeAll })));
  const intl = useIntl();
  return (
    <header className="screen-header queue-header">
      <div>
        <h1 id="queue-heading" className="screen-title">
          {intl.formatMessage({ id: 'nav.screen.queue' })}
        </h1>
      </div>
      <div className="queue-controls">
        {paused ? (
          <Button variant="primary" onClick={() => void resumeAll()}>
            {intl.formatMessage({ id: 'queue.resume' })}
          </Button>
        ) : (
          <Button onClick={() => void pauseAll()}>{intl.formatMessage({ id: 'queue.pause' })}</Button>
        )}
      </div>
    </header>
  );
}

type QueueSummaryProps = { inQueue: number; paused: boolean; pendingCredits: number; balance: number | null };

/** What is queued, what it will cost, and what the balance is. */
function QueueSummary({ inQueue, paused, pendingCredits, balance }: QueueSummaryProps) {
  const overBudget = balance !== null && pendingCredits > balance;
  const intl = useIntl();
  const formats = useFormats();
  return (
    <div className="queue-summary" data-testid="queue-summary">
      <div className="stat-card">
        <span className="stat-label">{intl.formatMessage({ id: 'queue.summary.inQueue' })}</span>
        <span className="stat-value">{formats.number(inQueue)}</span>
        <span className="stat-note">{intl.formatMessage({ id: paused ? 'queue.summary.paused' : 'queue.summary.running' })}</span>
      </div>
      <div className={`stat-card${overBudget ? ' stat-warning' : ''}`}>
        <span className="stat-label">{intl.formatMessage({ id: 'queue.summary.pending' })}</span>
        <span className="stat-value" data-testid="pending-credits">
          {formats.number(pendingCredits)}
        </span>
        <span className="stat-note">
          {intl.formatMessage({ id: overBudget ? 'queue.summary.overBudget' : 'queue.summary.notCharged' }, { count: pendingCredits })}
        </span>
      </div>
      <div className="stat-card">
        <span className="stat-label">{intl.formatMessage({ id: 'queue.summary.balance' })}</span>
        <span className="stat-value">{balance === null ? '—' : formats.number(balance)}</span>
        <span className="stat-note">{intl.formatMessage({ id: 'queue.summary.credits' }, { count: balance ?? 0 })}</span>
      </div>
    </div>
  );
}

function RetryDialog() {
  const { retrying, retryPrice, retryBusy, retryError, closeRetry, confirmRetry } = useQueueStore(
    useShallow((s) => ({
      retrying: s.retrying,
      retryPrice: s.retryPrice,
      retryBusy: s.retryBusy,
      retryError: s.retryError,
      closeRetry: s.closeRetry,
      confirmRetry: s.confirmRetry,
    })),
  );
  const unpriced = retryPrice.status === 'idle';
  const intl = useIntl();
  const formats = useFormats();
  const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <Dialog
      open={retrying !== null}
      onClose={closeRetry}
      title={intl.formatMessage({ id: retrying && isAskingCreator(retrying) ? 'queue.retry.titleRisk' : 'queue.retry.title' })}
      size="sm"
      name="retry-job"
    >
      {retrying && (
        <div className="form-stack">
          <p>
            {isAskingCreator(retrying)
              ? intl.formatMessage(
                  { id: 'queue.retry.mayHaveRun' },
                  { title: <JobTitleLabel key="title" title={retrying.title} />, b: bold },
                )
              : retrying.error
                ? intl.formatMessage(
                    { id: 'queue.retry.failedWith' },
                    { title: <JobTitleLabel key="title" title={retrying.title} />, error: describeError(retrying.error, formats), b: bold },
                  )
                : intl.formatMessage(
                    { id: 'queue.retry.failed' },
                    { title: <JobTitleLabel key="title" title={retrying.title} />, b: bold },
                  )}
          </p>
          <p>
            {intl.formatMessage({ id: 'queue.retry.chargedAgain' })}
            {unpriced && retrying.quotedCredits !== null
              ? ` ${intl.formatMessage({ id: 'queue.retry.quotedBefore' }, { credits: formats.credits(retrying.quotedCredits) })}`
              : ''}
          </p>
          <InlineError error={retryError} />
          <div className="dialog-actions">
            <Button onClick={closeRetry}>{intl.formatMessage({ id: 'queue.retry.keepFailed' })}</Button>
            {unpriced ? (
              <Button variant="primary" busy={retryBusy} onClick={() => void confirmRetry()}>
                {intl.formatMessage({ id: 'queue.retry.confirm' })}
              </Button>
            ) : (
              <PriceButton
                label={intl.formatMessage({ id: 'queue.retry.confirm' })}
                price={retryPrice}
                busy={retryBusy}
                onClick={() => void confirmRetry()}
              />
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
