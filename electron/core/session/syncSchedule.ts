import type { Clock } from '../clock/clock.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import type { Logger } from '../log/logger.ts';
import type { HistorySync } from '../sync/historySync.ts';

export type SyncScheduleDeps = {
  sync: HistorySync;
  queue: Pick<JobQueue, 'historyListed'>;
  /** While the library is rebuilt, a sync is the rebuild's. */
  rebuilding: () => boolean;
  rebuild: () => Promise<void>;
  canSend: () => boolean;
  /** Open and online: periodic passes run only then. */
  active: () => boolean;
  clock: Clock;
  random: () => number;
  log: Logger;
  periodMs?: number | undefined;
};

const SYNC_PERIOD_MS = 5 * 60_000;

/**
 * When history sync runs. While online it runs again every few minutes (jittered, so many windows
 * do not ask together). Most passes are incremental; the service has no tombstones, so a
 * generation deleted elsewhere shows only in a full listing, which runs when the last one is older
 * than an hour (a 100k library is ~1,000 pages: listing it every few minutes would cost more than
 * it tells). No timer while offline or after stop; the period keeps an idle app quiet between passes.
 */
export class SyncSchedule {
  private readonly deps: SyncScheduleDeps;
  private timer: unknown = null;

  constructor(deps: SyncScheduleDeps) {
    this.deps = deps;
  }

  /** A pass now (the rebuild's, while the library is rebuilt); jobs in doubt then look at what it listed. */
  soon(options: { full?: boolean } = {}): void {
    if (this.deps.rebuilding()) {
      void this.deps.rebuild();
      return;
    }
    void this.deps.sync
      .run(options)
      .then(() => this.historyListed())
      .catch((error: unknown) => this.deps.log.warn('History sync did not finish.', { error }));
  }

  /** Resolves once a history pass that began at or after `at` has completed (a running one may have begun earlier). */
  async passSince(at: number): Promise<void> {
    for (let pass = 0; pass < 2; pass += 1) {
      await this.deps.sync.run();
      const last = this.deps.sync.lastPassAt;
      if (last !== null && Date.parse(last) >= at) return;
    }
    throw new Error('No history pass began after the job came into doubt.');
  }

  /** The next periodic pass, replacing the one planned. */
  schedule(): void {
    this.cancel();
    if (!this.deps.active()) return;
    const period = Math.max(this.deps.periodMs ?? SYNC_PERIOD_MS, 1);
    const delay = Math.round(period * (1 + 0.2 * this.deps.random()));
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      if (this.deps.canSend()) this.soon();
      this.schedule();
    }, delay);
  }

  cancel(): void {
    if (this.timer === null) return;
    this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Jobs in doubt that wait for history look at what the last completed pass listed. */
  private historyListed(): void {
    const last = this.deps.sync.lastPassAt;
    if (last !== null) this.deps.queue.historyListed(Date.parse(last));
  }
}
