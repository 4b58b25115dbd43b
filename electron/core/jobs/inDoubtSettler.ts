import { appError, type AppError, type Job } from '../../../shared/ipc/index.ts';
import type { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';
import type { Accepted } from './acceptedAnswer.ts';
import type { HistoryMatch } from './historyMatchStore.ts';
import { isAsking, nextStep, type InDoubtStep } from './inDoubtPolicy.ts';
import { toJob, type JobRecord, type JobStore } from './jobStore.ts';
import type { OutcomeReconciler, Verdict } from './outcomeReconciler.ts';
import type { ResendRule } from './resendRule.ts';
import type { SendRecords } from './sendRecords.ts';
import type { SendState } from './sendState.ts';

export type SettlerDeps = {
  store: JobStore;
  records: SendRecords;
  rule: ResendRule;
  clock: Clock;
  log: Logger;
  emit: (job: Job) => void;
  /** After the link's commit: follow the resource, refresh credits. */
  accepted: (job: JobRecord, accepted: Accepted) => void;
  /** Reads the service's history to decide whether a job in doubt ran; without it, the creator decides. */
  reconciler: OutcomeReconciler | undefined;
  /** The sender's record of a job in flight: made when first needed, or read when there is one. */
  stateOf: (job: JobRecord) => SendState;
  peek: (id: string) => SendState | undefined;
  /** The sender's own ways to park a job for its next resend, to fail it, and to forget its record. */
  park: (job: JobRecord, error: AppError, at?: number) => void;
  fail: (job: JobRecord, error: AppError) => void;
  release: (id: string) => void;
};

/**
 * What the sender does with a job in doubt (an attempt may have run, its answer was lost) that is
 * not simply sent again: the service's history is read and the step inDoubtPolicy.ts names is taken.
 */
export class InDoubtSettler {
  private readonly deps: SettlerDeps;

  constructor(deps: SettlerDeps) {
    this.deps = deps;
  }

  /**
   * A job in doubt that must not go out again: under another API key it fails; past the resend
   * window (resendRule.ts), or when it waits for the creator, history decides. True when it was dealt with.
   */
  async settledWithoutSending(job: JobRecord, fingerprint: string | null): Promise<boolean> {
    // Idempotency keys are scoped per API key: a request in doubt under another key could run twice.
    if (job.key_fingerprint && fingerprint && job.key_fingerprint !== fingerprint) {
      this.deps.fail(job, appError('key_changed_in_doubt', {}));
      return true;
    }
    // Past the resend window the service may have forgotten the key and a resend could run again,
    // and a job that waits for the creator is never resent: the service's history decides first.
    const pastWindow = !this.deps.rule.mayResend(job);
    if (job.attempts > 0 && (pastWindow || isAsking(job) || (this.deps.peek(job.id)?.checkHistoryNext ?? false))) {
      if (pastWindow) this.deps.log.info('A job in doubt past its resend window is looked up in history.', { job: job.id });
      await this.reconcile(job, null);
      return true;
    }
    return false;
  }

  /**
   * A job in doubt refused: the service may have decided that before it looked up the key, or
   * forgotten the key, so the earlier attempt may have run. Never failed as "refused" (a retry
   * under a new key could then pay twice): the service's history decides whether it ran.
   */
  async refusedInDoubt(job: JobRecord, error: ServiceError): Promise<void> {
    const state = this.deps.stateOf(job);
    state.refusals += 1;
    this.deps.log.warn('A request in doubt was refused; its outcome is looked up in the service’s history.', {
      job: job.id,
      status: error.status,
      code: error.code,
      refusals: state.refusals,
    });
    await this.reconcile(job, error);
  }

  /** Jobs waiting for history look again at what a sync just listed (`listedAt`: when that pass began). */
  async historyListed(jobs: JobRecord[], listedAt: number): Promise<void> {
    for (const job of jobs) if (isAsking(job)) await this.reconcile(job, null, listedAt);
  }

  /**
   * Settles a job in doubt from the service's history (inDoubtPolicy.ts): linked to the record it
   * created, sent again when history shows it never ran, resent with its key within the resend
   * window, or waiting for the creator's word with what it may cost. `refusal` is the refusal of
   * a resend that brought it here, if any.
   */
  async reconcile(job: JobRecord, refusal: ServiceError | null, listedAt?: number): Promise<void> {
    const verdict = await this.lookUpHistory(job, listedAt);
    const current = this.deps.store.require(job.id);
    if (current.state !== 'sending' && current.state !== 'waiting_connection') return; // settled meanwhile (the creator's word)
    const step = nextStep({
      verdict,
      job: current,
      refusal,
      mayResend: this.deps.rule.mayResend(current),
      refusals: this.deps.peek(job.id)?.refusals ?? 0,
    });
    this.take(current, step);
  }

  private take(job: JobRecord, step: InDoubtStep): void {
    const { store, log, clock } = this.deps;
    if (step.kind === 'link') this.link(job, step.match);
    else if (step.kind === 'fail') this.deps.fail(job, step.error);
    else if (step.kind === 'hold') this.hold(job, step.error);
    else if (step.kind === 'look_again') {
      this.deps.stateOf(job).checkHistoryNext = true;
      this.deps.park(job, step.error, step.at);
    } else if (step.clearDoubt) {
      // History shows it never ran: the next send is a first send again, with its own window.
      store.update(job.id, { doubt_since: null });
      const state = this.deps.peek(job.id);
      if (state) {
        state.doubtSince = null;
        state.refusals = 0;
      }
      log.info('History shows a job in doubt never ran; it is sent again with its key.', { job: job.id });
      this.deps.park(store.require(job.id), step.error, clock.now());
    } else this.deps.park(job, step.error);
  }

  /** What the service's history says about a job in doubt, counted from when it first came into doubt. */
  private async lookUpHistory(job: JobRecord, listedAt?: number): Promise<Verdict> {
    const now = this.deps.clock.now();
    const state = this.deps.stateOf(job);
    state.doubtSince ??= now;
    const since = state.doubtSince;
    state.checkHistoryNext = false;
    const verdict: Verdict = this.deps.reconciler
      ? await this.deps.reconciler.reconcile(job, since, listedAt === undefined ? {} : { listedAt })
      : { kind: 'undecided', why: 'cannot_show', retryAt: null };
    return verdict;
  }

  /** A job waiting for the creator (or for history): kept in doubt, never resent on its own. */
  private hold(job: JobRecord, error: AppError): void {
    const held = this.deps.records.held(job, error);
    this.deps.stateOf(job).resendAt = Number.POSITIVE_INFINITY;
    this.deps.log.warn('A job in doubt waits for the creator.', { job: job.id, code: error.code });
    this.deps.emit(toJob(held));
  }

  /** History shows what the job created: it is followed like an accepted one, and nothing is charged again. */
  private link(job: JobRecord, match: HistoryMatch): void {
    const accepted: Accepted = {
      resourceKind: match.resourceKind,
      resourceId: match.resourceId,
      creditsUsed: null,
      creditsRemaining: null,
      chargeRef: null,
      settled: false,
      mirror: null,
    };
    const linked = this.deps.records.linked(job, match);
    this.deps.release(job.id);
    this.deps.log.info('A job in doubt was linked to what it created on the service.', { job: job.id, resource: match.resourceId });
    this.deps.emit(toJob(linked));
    this.deps.accepted(linked, accepted);
  }
}
