import type { Quote } from '../../../shared/api/index.ts';
import { appError, type AppError, type Job, type JobKind } from '../../../shared/ipc/index.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { HttpResponse } from '../api/httpClient.ts';
import type { RetryPolicy } from '../api/retryPolicy.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { serviceAppError } from '../ipc/appFailure.ts';
import type { Logger } from '../log/logger.ts';
import type { Accepted } from './acceptedAnswer.ts';
import { jobKind, readAccepted, targetOf } from './jobKinds.ts';
import { FirstSend } from './firstSend.ts';
import { isAsking } from './inDoubtPolicy.ts';
import { InDoubtSettler } from './inDoubtSettler.ts';
import { toJob, type JobRecord, type JobStore } from './jobStore.ts';
import { libraryRefusal } from './libraryRefusal.ts';
import type { OutcomeReconciler } from './outcomeReconciler.ts';
import { ResendRule } from './resendRule.ts';
import { readSendFailure, refusalError } from './sendFailure.ts';
import { SendInputsStore } from './sendInputsStore.ts';
import { SendRecords } from './sendRecords.ts';
import { backoffAt, newSendState, parkedCount, RESEND, retryAfterAt, type SendState } from './sendState.ts';
import { isSharedKey } from '../api/sharedKeys.ts';
import { storedJobError } from './storedJobError.ts';

export { AWAITING_HISTORY, OUTCOME_UNKNOWN } from './inDoubtPolicy.ts';

/** One submit call's own retries, before the job is parked in waiting_connection. */
const SUBMIT: RetryPolicy = { baseMs: 250, capMs: 8_000, maxAttempts: 5, inlineRetryAfterMs: 10_000 };

export type SenderDeps = {
  library: LibraryDatabase;
  store: JobStore;
  api: () => ApiClient | null;
  /** A short fingerprint of the key in use (never the key): idempotency keys are scoped per API key. */
  keyFingerprint: () => string | null;
  quote: (operationId: string, input: Record<string, unknown>, target: { character_id: string } | null) => Promise<Quote>;
  /** Called inside the acceptance transaction: mirror the record. */
  mirror: (accepted: Accepted) => void;
  /** After the acceptance commit: follow the resource, refresh credits. */
  accepted: (job: JobRecord, accepted: Accepted) => void;
  emit: (job: Job) => void;
  clock: Clock;
  random: () => number;
  log: Logger;
  submitPolicy?: RetryPolicy;
  resendPolicy?: RetryPolicy;
  /** How long the connection's service keeps an Idempotency-Key, as the creator stated it: it can only shorten the resend window. */
  keyRetentionMs?: () => number;
  /** Reads the service's history to decide whether a job in doubt ran; without it, the creator decides. */
  reconciler?: OutcomeReconciler;
  /** The library refused a write (the disk's watcher learns of a full disk here). */
  noteWriteFailure?: (error: unknown) => void;
};

/**
 * Sends one intent (docs/ARCHITECTURE.md, paid operation step 3) and records what came of it: accepted (resource id in the same
 * transaction as the state change), refused for good (failed, with the service's sentence), or in
 * doubt (parked in waiting_connection, to be sent again with the same key and bytes).
 */
export class IntentSender {
  private readonly deps: SenderDeps;
  /** One record per job being sent or waiting to be sent again (sendState.ts), dropped whole by `release`. */
  private readonly sending = new Map<string, SendState>();
  private readonly rule: ResendRule;
  private readonly records: SendRecords;
  private readonly doubt: InDoubtSettler;
  private readonly firstSend: FirstSend;

  constructor(deps: SenderDeps) {
    this.deps = deps;
    this.rule = new ResendRule({ clock: deps.clock, keyRetentionMs: deps.keyRetentionMs });
    this.records = new SendRecords(deps);
    this.firstSend = new FirstSend({
      store: deps.store,
      inputs: new SendInputsStore(deps.library),
      records: this.records,
      clock: deps.clock,
      quote: (job, body) =>
        this.deps.quote(jobKind(job.kind).operationId, JSON.parse(body) as Record<string, unknown>, targetOf(job.kind, job.path)),
      fail: (job, error) => this.fail(job, error),
      afterFailure: (job, error) => this.afterFailure(job, error),
    });
    this.doubt = new InDoubtSettler({
      store: deps.store,
      records: this.records,
      rule: this.rule,
      clock: deps.clock,
      log: deps.log,
      emit: deps.emit,
      accepted: deps.accepted,
      reconciler: deps.reconciler,
      stateOf: (job) => this.stateOf(job),
      peek: (id) => this.sending.get(id),
      park: (job, error, at) => this.park(job, error, at),
      fail: (job, error) => this.fail(job, error),
      release: (id) => this.release(id),
    });
  }

  /** When the job may go next: its parked resend time, else the Retry-After kept with it (which survives a restart). */
  resendTime(job: JobRecord): number {
    const parked = this.sending.get(job.id)?.resendAt ?? null;
    if (parked !== null) return parked;
    const until = job.retry_after_until === null ? 0 : Date.parse(job.retry_after_until);
    if (until > this.deps.clock.now()) this.stateOf(job).resendAt = until;
    return until;
  }

  /** Jobs of this kind parked until a later resend time. */
  parkedCount(kind: JobKind): number {
    return parkedCount(this.sending.values(), kind, this.deps.clock.now());
  }

  async send(initial: JobRecord, signal: AbortSignal): Promise<void> {
    try {
      await this.sendOnce(initial, signal);
    } catch (error) {
      this.libraryRefused(initial, error);
    }
  }

  /** The job as the queue shows it: a job held in memory says why, even when the library could not store it. */
  withReason(job: JobRecord): JobRecord {
    const reason = this.sending.get(job.id)?.held ?? null;
    return reason ? { ...job, ...storedJobError(reason) } : job;
  }

  /** The job as the queue shows it: `withReason`, and when it waits out a Retry-After, until when. */
  present(job: JobRecord): Job {
    const shown = toJob(this.withReason(job));
    const until = job.retry_after_until === null ? undefined : Date.parse(job.retry_after_until);
    return until !== undefined && until > this.deps.clock.now() && job.state === 'waiting_connection'
      ? { ...shown, waitingUntil: new Date(until).toISOString() }
      : shown;
  }

  /** Whether the user's Send again applies: the job is held, or waits after the library refused to record it. */
  canResend(id: string): boolean {
    const state = this.sending.get(id);
    return state !== undefined && (state.held !== null || state.libraryFailures > 0);
  }

  /**
   * Forgets the job's record (it owns no timer or request to cancel): the job settled, or the
   * user's Send again, where the same request and key go out at the next pump with a fresh allowance of tries.
   */
  release(id: string): void {
    this.sending.delete(id);
  }

  /** Jobs whose attempt or answer the library could not record go again at the next pump, with a fresh allowance of tries. */
  releaseUnrecorded(): void {
    for (const [id, state] of [...this.sending]) if (state.libraryFailures > 0) this.release(id);
  }

  /** Whether the job waits for the creator's word (or for history) and is never resent on its own. */
  static isAsking(job: { state: string; error_code: string | null }): boolean {
    return isAsking(job);
  }

  /** Jobs waiting for history look again at what a sync just listed (`listedAt`: when that pass began). */
  async historyListed(jobs: JobRecord[], listedAt: number): Promise<void> {
    await this.doubt.historyListed(jobs, listedAt);
  }

  /** The job's record, made when first needed. */
  private stateOf(job: { id: string; kind: JobKind }): SendState {
    let state = this.sending.get(job.id);
    if (state === undefined) {
      state = newSendState(job.kind);
      this.sending.set(job.id, state);
    }
    return state;
  }

  private async sendOnce(initial: JobRecord, signal: AbortSignal): Promise<void> {
    const api = this.deps.api();
    if (!api) return;
    const fingerprint = this.deps.keyFingerprint();
    if (await this.doubt.settledWithoutSending(initial, fingerprint)) return;
    let job = initial;
    if (job.attempts === 0) {
      const prepared = await this.firstSend.prepare(job);
      if (!prepared) return;
      job = prepared;
    }
    const inDoubtBefore = job.doubt_since !== null;
    job = this.recordAttempt(job, fingerprint);
    const response = await this.submit(api, job, inDoubtBefore, signal);
    if (response) this.recordAnswer(job, response);
  }

  /** The attempt is recorded (sendRecords.ts) and shown before the bytes leave. */
  private recordAttempt(job: JobRecord, fingerprint: string | null): JobRecord {
    const sending = this.records.attempt(job, fingerprint);
    this.deps.emit(toJob(sending));
    this.deps.log.info('Sending intent.', {
      job: sending.id,
      kind: sending.kind,
      attempt: sending.attempts,
      idempotencyKey: sending.idempotency_key,
    });
    return sending;
  }

  /** Sends the job's request with its key; null when it got no answer (what came of it is recorded). */
  private async submit(api: ApiClient, job: JobRecord, inDoubtBefore: boolean, signal: AbortSignal): Promise<HttpResponse | null> {
    try {
      return await api.submit(
        {
          method: 'POST',
          path: job.path,
          body: job.body,
          idempotencyKey: job.idempotency_key,
          quoteId: job.quote_id,
          // The HTTP client's own retries after an attempt in doubt keep to the resend window too.
          mayRetry: this.rule.retryGate(job, inDoubtBefore),
        },
        this.deps.submitPolicy ?? SUBMIT,
        signal,
      );
    } catch (error) {
      await this.afterFailure(job, error, inDoubtBefore);
      return null;
    }
  }

  /** The service accepted: the record is mirrored in the same transaction as the job's new state. */
  private recordAnswer(job: JobRecord, response: HttpResponse): void {
    let accepted: Accepted;
    try {
      accepted = readAccepted(job.kind, job.body, response.json, new Date(this.deps.clock.now()).toISOString(), {
        path: job.path,
        status: response.status,
        headers: response.headers,
      });
    } catch {
      // The service accepted (and maybe charged) but its answer breaks the contract: never drop the
      // job; keep it in doubt and ask again with the same key, which replays the same answer.
      this.deps.log.error('An accepted answer broke the contract; the job stays in doubt.', { job: job.id, status: response.status });
      this.park(job, appError('answer_unreadable', {}));
      return;
    }
    const done = this.records.accepted(job, accepted);
    this.release(job.id);
    this.deps.log.info('Intent accepted.', {
      job: job.id,
      resource: accepted.resourceId,
      status: response.status,
      attempts: response.attempts,
    });
    this.deps.emit(toJob(done));
    this.deps.accepted(done, accepted);
  }

  /** `inDoubtBefore`: an attempt of an earlier send may have run (the job's `doubt_since` before this send). */
  private async afterFailure(job: JobRecord, error: unknown, inDoubtBefore = false): Promise<void> {
    const fresh = this.deps.store.require(job.id);
    if (!(error instanceof ServiceError)) {
      this.deps.log.error('Unexpected error while sending; the job stays in doubt.', { job: job.id, error });
      this.park(fresh, appError('send_failed', {}));
      return;
    }
    const failure = readSendFailure(error, inDoubtBefore);
    if (failure.next === 'nothing') return;
    if (failure.keyRefused)
      this.deps.store.update(job.id, { key_fingerprint: failure.keyRefused === 'keep' ? fresh.key_fingerprint : null });
    if (failure.next === 'refused') await this.refused(fresh, error, failure.inDoubt);
    else if (failure.next === 'history') await this.doubt.refusedInDoubt(this.deps.store.require(job.id), error);
    else await this.unanswered(fresh, error, failure.inDoubt);
  }

  /**
   * A refusal for good. After an attempt in doubt no refusal proves that nothing ran (a service may
   * check the key, balance, scope or quote before it looks up the key, or have forgotten the key):
   * history decides. Otherwise the refusal came after the replay check, so nothing ran under this
   * key (decision: only executed requests are recorded) and a retry under a new key is safe.
   */
  private async refused(job: JobRecord, error: ServiceError, inDoubt: boolean): Promise<void> {
    if (error.code === 'idempotency_key_reused' && isSharedKey(job.idempotency_key)) {
      // Another machine of the account sent this step under the key they share: it ran there, once; history links it here.
      this.deps.log.info('A step another machine sent under the key they share is looked up in history.', { job: job.id });
      await this.doubt.refusedInDoubt(job, error);
      return;
    }
    if (error.code === 'idempotency_key_reused')
      // Another request under this key ran (this job's own bytes, somehow changed): it may be charged.
      this.deps.log.error('Defect: Idempotency-Key reuse reported by the service.', { job: job.id, idempotencyKey: job.idempotency_key });
    if (inDoubt) await this.doubt.refusedInDoubt(job, error);
    else this.fail(job, refusalError(error));
  }

  /**
   * No answer that settles the job (no answer, 5xx, 429, 202): it waits to be sent again, a
   * Retry-After in full, however long, kept with the job so a restart honours it too (the HTTP
   * client hands long waits back, so no request slot is held). Once it may have run and its resend
   * window is over, history decides instead.
   */
  private async unanswered(job: JobRecord, error: ServiceError, inDoubt: boolean): Promise<void> {
    const policy = this.deps.resendPolicy ?? RESEND;
    const retryAt = error.retryAfterMs === null ? undefined : retryAfterAt(this.deps.clock.now(), policy, error.retryAfterMs);
    this.deps.store.update(job.id, {
      retry_after_until: retryAt === undefined ? null : new Date(retryAt).toISOString(),
      ...(inDoubt ? {} : { doubt_since: null }),
    });
    const current = this.deps.store.require(job.id);
    this.park(current, serviceAppError(error), retryAt);
    // Past its window a job that may have run goes nowhere before its history is read: now, or after the Retry-After.
    if (inDoubt && retryAt === undefined && !this.rule.mayResend(current))
      await this.doubt.reconcile(this.deps.store.require(job.id), null);
  }

  /**
   * Recording failed (libraryRefusal.ts). The job keeps its state, attempts and key as last
   * committed, so a resend asks the service for the same request, which replays its answer. It
   * waits like any other resend and, after a few tries, waits for the user (Send again) or a restart.
   */
  private libraryRefused(job: JobRecord, error: unknown): void {
    const state = this.stateOf(job);
    state.libraryFailures += 1;
    const tries = state.libraryFailures;
    const { error: reason, held, log } = libraryRefusal(error, tries);
    this.deps.noteWriteFailure?.(error);
    this.deps.log.error(log, { job: job.id, tries, error });
    let current = job;
    try {
      current = this.deps.store.require(job.id);
    } catch {
      // The library cannot be read either: show the job as last known.
    }
    const policy = this.deps.resendPolicy ?? RESEND;
    state.resendAt = held ? Number.POSITIVE_INFINITY : backoffAt(this.deps.clock.now(), policy, tries - 1, this.deps.random);
    if (held) state.held = reason;
    try {
      this.deps.store.update(job.id, storedJobError(reason));
    } catch {
      // Kept in memory (withReason) while the library refuses writes.
    }
    this.deps.emit(toJob({ ...current, ...storedJobError(reason) }));
  }

  /** Parks the job for its next resend: at `at`, else after the resend policy's backoff. */
  private park(job: JobRecord, error: AppError, at?: number): void {
    const parked = this.records.parked(job, error);
    const policy = this.deps.resendPolicy ?? RESEND;
    this.stateOf(job).resendAt = at ?? backoffAt(this.deps.clock.now(), policy, parked.attempts, this.deps.random);
    this.deps.emit(this.present(parked));
  }

  /** Fails a job, passing through `sending` when it never left the outbox (the table stays the single truth). */
  fail(job: JobRecord, error: AppError): void {
    const failed = this.records.failed(job, error);
    this.release(job.id);
    this.deps.log.warn('Job failed.', { job: job.id, code: error.code });
    for (const record of failed) this.deps.emit(toJob(record));
  }
}
