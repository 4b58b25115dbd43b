import type { JobKind } from '../../../shared/ipc/index.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';
import { historyCanShow, type HistoryMatch, type HistoryMatchStore } from './historyMatchStore.ts';

/**
 * The service's clock and ours may differ: a record is matched when created up to this long before
 * the first send or after the last one.
 */
const CLOCK_SKEW_MS = 2 * 60_000;
/**
 * A request whose answer was lost may still be executing when a later attempt is refused; its record
 * can appear a little later. "It did not run" is said only of a history listed this long after the
 * job came into doubt.
 */
export const SETTLE_MS = 60_000;

export type Verdict =
  | { kind: 'ran'; match: HistoryMatch }
  | { kind: 'not_run' }
  /** `retryAt`: history may decide later (listed too soon); otherwise only the creator can. */
  | { kind: 'undecided'; why: 'cannot_show' | 'several' | 'history_unavailable' | 'too_soon'; retryAt: number | null };

export type ReconcilerDeps = {
  matches: HistoryMatchStore;
  /** Resolves when a history pass that began at or after `at` has completed; rejects if none could. */
  historyPassSince: (at: number) => Promise<void>;
  clock: Clock;
  log: Logger;
  settleMs?: number;
};

export type InDoubt = { id: string; kind: JobKind; body: string; sent_at: string | null };

/**
 * Decides from the service's own history whether a request in doubt ran (issue: resends past the
 * key retention or refused with 401/402/403 may never be the evidence). After a sync, the records
 * of the job's kind with its fields, created between its first send and now, are looked up:
 * exactly one is what it created; none, in a history listed after the job settled, means it never
 * ran; anything else is for the creator to decide.
 */
export class OutcomeReconciler {
  private readonly deps: ReconcilerDeps;

  constructor(deps: ReconcilerDeps) {
    this.deps = deps;
  }

  /** `doubtSince`: when the job's last attempt ended (the refusal, or the lost answer). */
  /** `listedAt`: a history pass that began then has just completed, so none is run now. */
  async reconcile(job: InDoubt, doubtSince: number, options: { listedAt?: number } = {}): Promise<Verdict> {
    if (!historyCanShow(job.kind) || job.sent_at === null) return { kind: 'undecided', why: 'cannot_show', retryAt: null };
    const { clock, log } = this.deps;
    const passFrom = options.listedAt ?? clock.now();
    if (options.listedAt === undefined) {
      try {
        await this.deps.historyPassSince(passFrom);
      } catch (error) {
        log.warn('History could not be listed to reconcile a job in doubt.', { job: job.id, error });
        return { kind: 'undecided', why: 'history_unavailable', retryAt: null };
      }
    }
    const from = new Date(Date.parse(job.sent_at) - CLOCK_SKEW_MS).toISOString();
    const to = new Date(clock.now() + CLOCK_SKEW_MS).toISOString();
    const found = this.deps.matches.candidates(job, from, to);
    if (found === null) return { kind: 'undecided', why: 'cannot_show', retryAt: null };
    log.info('Reconciled a job in doubt against history.', { job: job.id, matches: found.length });
    if (found.length === 1) return { kind: 'ran', match: found[0] as HistoryMatch };
    if (found.length > 1) return { kind: 'undecided', why: 'several', retryAt: null };
    const settledAt = doubtSince + (this.deps.settleMs ?? SETTLE_MS);
    if (passFrom < settledAt) return { kind: 'undecided', why: 'too_soon', retryAt: settledAt };
    return { kind: 'not_run' };
  }
}
