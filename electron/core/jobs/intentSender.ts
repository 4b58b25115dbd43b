import type { Quote } from '../../../shared/api/index.ts';
import type { Job, JobKind } from '../../../shared/ipc/index.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { HttpResponse } from '../api/httpClient.ts';
import { backoffMs, isRetryable, type RetryPolicy } from '../api/retryPolicy.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Logger } from '../log/logger.ts';
import type { Accepted } from './acceptedAnswer.ts';
import { fillDependency } from './intentRequests.ts';
import { jobKind, readAccepted, targetOf } from './jobKinds.ts';
import { toJob, type Dependency, type JobRecord, type JobStore } from './jobStore.ts';
import type { HistoryMatch } from './historyMatchStore.ts';
import { AWAITING_HISTORY, nextStep, OUTCOME_UNKNOWN, type InDoubtStep } from './inDoubtPolicy.ts';
import type { OutcomeReconciler, Verdict } from './outcomeReconciler.ts';
import { ResendRule } from './resendRule.ts';
import { SendInputsStore } from './sendInputsStore.ts';

export { AWAITING_HISTORY, AWAITING_HISTORY_SENTENCE, OUTCOME_UNKNOWN } from './inDoubtPolicy.ts';

/** Waits between automatic resends of a job in doubt while the service answers (5xx, 429, 202). */
const RESEND: RetryPolicy = { baseMs: 1_000, capMs: 60_000, maxAttempts: 1, inlineRetryAfterMs: 10_000 };
/** One submit call's own retries, before the job is parked in waiting_connection. */
const SUBMIT: RetryPolicy = { baseMs: 250, capMs: 8_000, maxAttempts: 5, inlineRetryAfterMs: 10_000 };
/** Answers that mean "the key was refused at the door": nothing ran, the job waits for a new key. */
const KEY_CODES = new Set(['invalid_api_key', 'expired_api_key', 'missing_api_key', 'needs_new_key']);
/**
 * Automatic resends of a job whose answer (or attempt) the library could not record, before the
 * job waits for the user. Each waits like any other resend: without a bound and a wait, a full
 * disk turned one job into thousands of requests a minute.
 */
const LIBRARY_TRIES = 5;
export const ANSWER_NOT_SAVED = 'answer_not_saved';
const ANSWER_NOT_SAVED_RETRYING =
  'Saving the service’s answer failed: free space or repair the library (Settings → Library → Check). Cast Studio will ask the service again with the same request key, which never charges twice.';
const ANSWER_NOT_SAVED_HELD =
  'Saving the service’s answer failed: free space or repair the library (Settings → Library → Check), then choose Send again. The job keeps its request key, so the service answers again instead of charging again.';
const SENDER_FAILED_HELD =
  'Something went wrong while recording this job. It keeps its request key: choose Send again to ask the service again without paying twice, or restart Cast Studio.';
const KEY_REUSED =
  'The service says this job’s request key was already used for another request (a bug in Cast Studio; please report it). The job may have run: check your gallery and credits before you retry it.';

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
 * Sends one intent (DESIGN.md step 3) and records what came of it: accepted (resource id in the same
 * transaction as the state change), refused for good (failed, with the service's sentence), or in
 * doubt (parked in waiting_connection, to be sent again with the same key and bytes).
 */
export class IntentSender {
  private readonly deps: SenderDeps;
  /** Earliest resend times of parked jobs; a Retry-After is also kept with the job (`resendTime`). */
  readonly resendAt = new Map<string, number>();
  readonly parkedKinds = new Map<string, JobKind>();
  /** Jobs that stopped resending on their own and wait for the user's Send again (or a restart), with why. */
  private readonly held = new Map<string, { code: string; message: string }>();
  /** Library write failures in a row, per job. */
  private readonly libraryFailures = new Map<string, number>();
  /** Refusals in a row of a job in doubt, per job. */
  private readonly refusals = new Map<string, number>();
  /** When each job being reconciled came into doubt, and whether its next turn reads history instead of resending. */
  private readonly doubtSince = new Map<string, number>();
  private readonly checkHistoryNext = new Set<string>();

  private readonly inputs: SendInputsStore;
  private readonly rule: ResendRule;

  constructor(deps: SenderDeps) {
    this.deps = deps;
    this.inputs = new SendInputsStore(deps.library);
    this.rule = new ResendRule({ clock: deps.clock, keyRetentionMs: deps.keyRetentionMs });
  }

  /** When the job may go next: its parked resend time, else the Retry-After kept with it (which survives a restart). */
  resendTime(job: JobRecord): number {
    const parked = this.resendAt.get(job.id);
    if (parked !== undefined) return parked;
    const until = job.retry_after_until === null ? 0 : Date.parse(job.retry_after_until);
    if (until > this.deps.clock.now()) {
      this.resendAt.set(job.id, until);
      this.parkedKinds.set(job.id, job.kind);
    }
    return until;
  }

  /** Jobs of this kind parked until a later resend time. */
  parkedCount(kind: JobKind): number {
    let n = 0;
    const now = this.deps.clock.now();
    for (const [id, at] of this.resendAt) if (at > now && this.parkedKinds.get(id) === kind) n += 1;
    return n;
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
    const reason = this.held.get(job.id);
    return reason ? { ...job, error_code: reason.code, error_message: reason.message } : job;
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
    return this.held.has(id) || this.libraryFailures.has(id);
  }

  /** The user's Send again: the same request and key go out at the next pump, with a fresh allowance of tries. */
  release(id: string): void {
    this.held.delete(id);
    this.libraryFailures.delete(id);
    this.refusals.delete(id);
    this.resendAt.delete(id);
    this.parkedKinds.delete(id);
    this.doubtSince.delete(id);
    this.checkHistoryNext.delete(id);
  }

  /** Jobs whose attempt or answer the library could not record go again at the next pump, with a fresh allowance of tries. */
  releaseUnrecorded(): void {
    for (const id of [...this.libraryFailures.keys()]) this.release(id);
  }

  /** Whether the job waits for the creator's word (or for history) and is never resent on its own. */
  static isAsking(job: { state: string; error_code: string | null }): boolean {
    return job.state === 'waiting_connection' && (job.error_code === OUTCOME_UNKNOWN || job.error_code === AWAITING_HISTORY);
  }

  private async sendOnce(initial: JobRecord, signal: AbortSignal): Promise<void> {
    const api = this.deps.api();
    if (!api) return;
    const fingerprint = this.deps.keyFingerprint();
    if (await this.decidedWithoutSending(initial, fingerprint)) return;
    let job = initial;
    if (job.attempts === 0) {
      const prepared = await this.prepareFirstSend(job);
      if (!prepared) return;
      job = prepared;
    }
    const inDoubtBefore = job.doubt_since !== null;
    job = this.recordAttempt(job, fingerprint);
    const response = await this.submit(api, job, inDoubtBefore, signal);
    if (response) this.recordAnswer(job, response);
  }

  /**
   * A job in doubt that must not go out again: under another API key it fails; past the resend
   * window (resendRule.ts), or when it waits for the creator, history decides. True when it was dealt with.
   */
  private async decidedWithoutSending(job: JobRecord, fingerprint: string | null): Promise<boolean> {
    // Idempotency keys are scoped per API key: a request in doubt under another key could run twice.
    if (job.key_fingerprint && fingerprint && job.key_fingerprint !== fingerprint) {
      this.fail(
        job,
        'key_changed_in_doubt',
        'The API key changed while this job’s outcome was unknown, so Cast Studio did not send it again under the new key (that could charge twice). Check your library; retry it if it is missing.',
      );
      return true;
    }
    // Past the resend window the service may have forgotten the key and a resend could run again,
    // and a job that waits for the creator is never resent: the service's history decides first.
    const pastWindow = !this.rule.mayResend(job);
    if (job.attempts > 0 && (pastWindow || IntentSender.isAsking(job) || this.checkHistoryNext.has(job.id))) {
      if (pastWindow) this.deps.log.info('A job in doubt past its resend window is looked up in history.', { job: job.id });
      await this.reconcile(job, null);
      return true;
    }
    return false;
  }

  /**
   * The attempt is recorded before the bytes leave: after a crash, this job is known to be in doubt,
   * since this attempt if no earlier one is (`doubt_since`). A Retry-After it waited out is spent.
   */
  private recordAttempt(job: JobRecord, fingerprint: string | null): JobRecord {
    const { store, library, log } = this.deps;
    const sending = library.transaction(() => {
      const patch = {
        attempts: job.attempts + 1,
        key_fingerprint: fingerprint,
        sent_at: job.sent_at ?? new Date(this.deps.clock.now()).toISOString(),
        doubt_since: job.doubt_since ?? new Date(this.deps.clock.now()).toISOString(),
        retry_after_until: null,
        body: job.body,
        quote_id: job.quote_id,
        quoted_credits: job.quoted_credits,
      };
      if (job.state === 'sending') {
        store.update(job.id, patch);
        return store.require(job.id);
      }
      return store.transition(job.id, 'sending', patch);
    });
    this.deps.emit(toJob(sending));
    log.info('Sending intent.', {
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
    const { store, library, log } = this.deps;
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
      log.error('An accepted answer broke the contract; the job stays in doubt.', { job: job.id, status: response.status });
      this.parkForResend(
        job,
        'invalid_response',
        'The service accepted this job but answered in a way Cast Studio does not understand. It will ask again.',
      );
      return;
    }
    const done = library.transaction(() => {
      this.deps.mirror(accepted);
      return store.transition(job.id, accepted.settled ? 'done' : 'processing', {
        resource_kind: accepted.resourceKind,
        resource_id: accepted.resourceId,
        charge_ref: accepted.chargeRef,
        credits_used: accepted.creditsUsed,
        accepted_at: new Date(this.deps.clock.now()).toISOString(),
        error_code: null,
        error_message: null,
        // The service reports no percentage while it works: the queue shows an indeterminate bar.
        progress: accepted.settled ? 1 : null,
      });
    });
    this.release(job.id);
    log.info('Intent accepted.', { job: job.id, resource: accepted.resourceId, status: response.status, attempts: response.attempts });
    this.deps.emit(toJob(done));
    this.deps.accepted(done, accepted);
  }

  /**
   * Before the first byte: a dependent step takes its input from the finished step, and a quote that
   * expired while the job waited is renewed if the price did not rise. Nothing here is sent yet.
   */
  private async prepareFirstSend(job: JobRecord): Promise<JobRecord | null> {
    const { store, library } = this.deps;
    let body = job.body;
    let quoteId = job.quote_id;
    let quotedCredits = job.quoted_credits;
    if (job.depends_on && job.dependency_json) {
      const value = this.dependencyValue(job.depends_on, job.dependency_json);
      if (value === null) {
        this.fail(job, 'dependency_missing', 'The step this job waited for finished without the output it needs. Retry the earlier step.');
        return null;
      }
      body = fillDependency(body, job.dependency_json.into, value);
    }
    const needsQuote = (job.dependency_json?.requote ?? false) && quoteId === null;
    const expired = quoteId !== null && this.quoteExpired(quoteId);
    if (needsQuote || expired) {
      const quote = await this.renewQuote(job, body, quotedCredits, expired);
      if (quote === null) return null;
      quoteId = quote.id;
      quotedCredits = quote.credits;
    }
    if (body === job.body && quoteId === job.quote_id) return job;
    return library.transaction(() => {
      store.update(job.id, { body, quote_id: quoteId, quoted_credits: quotedCredits });
      return store.require(job.id);
    });
  }

  /** Quotes the job's (filled) body anew; null when the job was failed or parked instead. */
  private async renewQuote(job: JobRecord, body: string, quotedCredits: number | null, expired: boolean): Promise<Quote | null> {
    try {
      const quote = await this.deps.quote(
        jobKind(job.kind).operationId,
        JSON.parse(body) as Record<string, unknown>,
        targetOf(job.kind, job.path),
      );
      if (quotedCredits !== null && quote.credits > quotedCredits && expired) {
        this.fail(
          job,
          'price_changed',
          `The price went up from ${quotedCredits} to ${quote.credits} credits while this job waited. Retry it to accept the new price.`,
        );
        return null;
      }
      if (quote.approval.required && quote.approval.state !== 'approved') {
        // Sending would only be refused (spec 4.3): the job stops here, uncharged, with the reason.
        this.fail(
          job,
          'quote_not_approved',
          `Its price, ${quote.credits} credits, needs the account owner’s approval, so this job was not sent. Retry it to ask for approval.`,
        );
        return null;
      }
      return quote;
    } catch (error) {
      await this.afterFailure(job, error);
      return null;
    }
  }

  private dependencyValue(dependencyId: string, dependency: Dependency): unknown {
    const dep = this.deps.store.get(dependencyId);
    if (!dep?.resource_id || !dep.resource_kind) return null;
    const raw = this.inputs.record(dep.resource_kind, dep.resource_id);
    if (!raw) return null;
    return raw[dependency.from] ?? null;
  }

  private quoteExpired(quoteId: string): boolean {
    const expiresAt = this.inputs.quoteExpiresAt(quoteId);
    return expiresAt !== null && expiresAt <= this.deps.clock.now() + 5_000;
  }

  /** `inDoubtBefore`: an attempt of an earlier send may have run (the job's `doubt_since` before this send). */
  private async afterFailure(job: JobRecord, error: unknown, inDoubtBefore = false): Promise<void> {
    const fresh = this.deps.store.require(job.id);
    if (!(error instanceof ServiceError)) {
      this.deps.log.error('Unexpected error while sending; the job stays in doubt.', { job: job.id, error });
      this.parkForResend(fresh, 'internal_error', 'Something went wrong while sending this job. Cast Studio will try again.');
      return;
    }
    if (error.code === 'aborted') return;
    // An earlier send of this job, or an earlier attempt of this one (the HTTP client's own retries),
    // may have run on the service: then no refusal proves that nothing was charged.
    const inDoubt = inDoubtBefore || error.attemptsInDoubt > 0;
    // A refusal the retry policy would not retry (4xx, 503 webhook) is final; answers in doubt are not.
    const definitive =
      error.status >= 300 && !isRetryable({ kind: 'status', status: error.status, code: error.code }) && !KEY_CODES.has(error.code);
    if (definitive) {
      await this.refused(fresh, error, inDoubt);
      return;
    }
    if (KEY_CODES.has(error.code)) {
      // Rejected at the door, so this attempt did not run; the job waits for a new key.
      // Unless an earlier attempt is in doubt: then it stays tied to the key it may have run under,
      // and the service's history says whether that attempt ran (a 401 may come before the replay).
      this.deps.store.update(job.id, { key_fingerprint: inDoubt ? fresh.key_fingerprint : null });
      if (inDoubt && error.status === 401) {
        await this.refusedInDoubt(this.deps.store.require(job.id), error);
        return;
      }
    }
    await this.unanswered(fresh, error, inDoubt || ResendRule.mayHaveRun(error));
  }

  /**
   * A refusal for good. After an attempt in doubt no refusal proves that nothing ran (a service may
   * check the key, balance, scope or quote before it looks up the key, or have forgotten the key):
   * history decides. Otherwise the refusal came after the replay check, so nothing ran under this
   * key (decision: only executed requests are recorded) and a retry under a new key is safe.
   */
  private async refused(job: JobRecord, error: ServiceError, inDoubt: boolean): Promise<void> {
    if (error.code === 'idempotency_key_reused')
      // Another request under this key ran (this job's own bytes, somehow changed): it may be charged.
      this.deps.log.error('Defect: Idempotency-Key reuse reported by the service.', { job: job.id, idempotencyKey: job.idempotency_key });
    if (inDoubt) await this.refusedInDoubt(job, error);
    else this.fail(job, error.code, error.code === 'idempotency_key_reused' ? KEY_REUSED : error.message);
  }

  /**
   * No answer that settles the job (no answer, 5xx, 429, 202): it waits to be sent again, a
   * Retry-After in full, however long, kept with the job so a restart honours it too (the HTTP
   * client hands long waits back, so no request slot is held). Once it may have run and its resend
   * window is over, history decides instead.
   */
  private async unanswered(job: JobRecord, error: ServiceError, inDoubt: boolean): Promise<void> {
    const retryAt =
      error.retryAfterMs === null
        ? undefined
        : this.deps.clock.now() + Math.max(error.retryAfterMs, (this.deps.resendPolicy ?? RESEND).baseMs);
    this.deps.store.update(job.id, {
      retry_after_until: retryAt === undefined ? null : new Date(retryAt).toISOString(),
      ...(inDoubt ? {} : { doubt_since: null }),
    });
    const current = this.deps.store.require(job.id);
    this.parkForResend(current, error.code, error.message, retryAt);
    // Past its window a job that may have run goes nowhere before its history is read: now, or after the Retry-After.
    if (inDoubt && retryAt === undefined && !this.rule.mayResend(current)) await this.reconcile(this.deps.store.require(job.id), null);
  }

  /**
   * A job in doubt refused: the service may have decided that before it looked up the key, or
   * forgotten the key, so the earlier attempt may have run. Never failed as "refused" (a retry
   * under a new key could then pay twice): the service's history decides whether it ran.
   */
  private async refusedInDoubt(job: JobRecord, error: ServiceError): Promise<void> {
    const count = (this.refusals.get(job.id) ?? 0) + 1;
    this.refusals.set(job.id, count);
    this.deps.log.warn('A request in doubt was refused; its outcome is looked up in the service’s history.', {
      job: job.id,
      status: error.status,
      code: error.code,
      refusals: count,
    });
    await this.reconcile(job, error);
  }

  /**
   * Settles a job in doubt from the service's history (inDoubtPolicy.ts): linked to the record it
   * created, sent again when history shows it never ran, resent with its key within the resend
   * window, or waiting for the creator's word with what it may cost. `refusal` is the refusal of
   * a resend that brought it here, if any.
   */
  private async reconcile(job: JobRecord, refusal: ServiceError | null, listedAt?: number): Promise<void> {
    const verdict = await this.lookUpHistory(job, listedAt);
    const current = this.deps.store.require(job.id);
    if (current.state !== 'sending' && current.state !== 'waiting_connection') return; // settled meanwhile (the creator's word)
    const step = nextStep({
      verdict,
      job: current,
      refusal,
      mayResend: this.rule.mayResend(current),
      refusals: this.refusals.get(job.id) ?? 0,
    });
    this.take(current, step);
  }

  private take(job: JobRecord, step: InDoubtStep): void {
    if (step.kind === 'link') this.link(job, step.match);
    else if (step.kind === 'fail') this.fail(job, step.code, step.message);
    else if (step.kind === 'hold') this.hold(job, step.code, step.message);
    else if (step.kind === 'look_again') {
      this.checkHistoryNext.add(job.id);
      this.parkForResend(job, step.code, step.message, step.at);
    } else if (step.clearDoubt) {
      // History shows it never ran: the next send is a first send again, with its own window.
      this.deps.store.update(job.id, { doubt_since: null });
      this.doubtSince.delete(job.id);
      this.refusals.delete(job.id);
      this.deps.log.info('History shows a job in doubt never ran; it is sent again with its key.', { job: job.id });
      this.parkForResend(this.deps.store.require(job.id), step.code, step.message, this.deps.clock.now());
    } else this.parkForResend(job, step.code, step.message);
  }

  /** What the service's history says about a job in doubt, counted from when it first came into doubt. */
  private async lookUpHistory(job: JobRecord, listedAt?: number): Promise<Verdict> {
    const now = this.deps.clock.now();
    if (!this.doubtSince.has(job.id)) this.doubtSince.set(job.id, now);
    const since = this.doubtSince.get(job.id) as number;
    this.checkHistoryNext.delete(job.id);
    const verdict: Verdict = this.deps.reconciler
      ? await this.deps.reconciler.reconcile(job, since, listedAt === undefined ? {} : { listedAt })
      : { kind: 'undecided', why: 'cannot_show', retryAt: null };
    return verdict;
  }

  /** A job waiting for the creator (or for history): kept in doubt, never resent on its own. */
  private hold(job: JobRecord, code: string, message: string): void {
    const held = this.deps.library.transaction(() =>
      job.state === 'sending'
        ? this.deps.store.transition(job.id, 'waiting_connection', { error_code: code, error_message: message })
        : (this.deps.store.update(job.id, { error_code: code, error_message: message }), this.deps.store.require(job.id)),
    );
    this.resendAt.set(job.id, Number.POSITIVE_INFINITY);
    this.parkedKinds.set(job.id, job.kind);
    this.deps.log.warn('A job in doubt waits for the creator.', { job: job.id, code });
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
    const linked = this.deps.library.transaction(() => {
      if (job.state === 'waiting_connection') this.deps.store.transition(job.id, 'sending');
      return this.deps.store.transition(job.id, 'processing', {
        resource_kind: match.resourceKind,
        resource_id: match.resourceId,
        credits_used: job.quoted_credits,
        accepted_at: new Date(this.deps.clock.now()).toISOString(),
        error_code: null,
        error_message: null,
        progress: null,
      });
    });
    this.release(job.id);
    this.deps.log.info('A job in doubt was linked to what it created on the service.', { job: job.id, resource: match.resourceId });
    this.deps.emit(toJob(linked));
    this.deps.accepted(linked, accepted);
  }

  /** Jobs waiting for history look again at what a sync just listed (`listedAt`: when that pass began). */
  async historyListed(jobs: JobRecord[], listedAt: number): Promise<void> {
    for (const job of jobs) if (IntentSender.isAsking(job)) await this.reconcile(job, null, listedAt);
  }

  /**
   * Recording failed (a library write refused: disk full, a damaged file, a constraint; or a defect).
   * The job keeps its state, attempts and key as last committed, so a resend asks the service for
   * the same request, which replays its answer. It waits like any other resend and, after a few
   * tries, waits for the user (Send again) or a restart.
   */
  private libraryRefused(job: JobRecord, error: unknown): void {
    const count = (this.libraryFailures.get(job.id) ?? 0) + 1;
    this.libraryFailures.set(job.id, count);
    const library = isLibraryError(error);
    this.deps.noteWriteFailure?.(error);
    this.deps.log.error(
      library
        ? 'The library could not record this job; it is sent again later with the same key.'
        : 'The sender failed unexpectedly; the job is sent again later with the same key.',
      {
        job: job.id,
        tries: count,
        error,
      },
    );
    let current = job;
    try {
      current = this.deps.store.require(job.id);
    } catch {
      // The library cannot be read either: show the job as last known.
    }
    const held = count >= LIBRARY_TRIES;
    const code = library ? ANSWER_NOT_SAVED : 'internal_error';
    const message = held
      ? library
        ? ANSWER_NOT_SAVED_HELD
        : SENDER_FAILED_HELD
      : library
        ? ANSWER_NOT_SAVED_RETRYING
        : 'Something went wrong while recording this job. Cast Studio will try again.';
    const policy = this.deps.resendPolicy ?? RESEND;
    this.resendAt.set(
      job.id,
      held ? Number.POSITIVE_INFINITY : this.deps.clock.now() + Math.max(policy.baseMs, backoffMs(policy, count - 1, this.deps.random)),
    );
    this.parkedKinds.set(job.id, job.kind);
    if (held) this.held.set(job.id, { code, message });
    try {
      this.deps.store.update(job.id, { error_code: code, error_message: message });
    } catch {
      // Kept in memory (withReason) while the library refuses writes.
    }
    this.deps.emit(toJob({ ...current, error_code: code, error_message: message }));
  }

  private parkForResend(job: JobRecord, code: string, message: string, at?: number): void {
    const { store, library } = this.deps;
    const parked = library.transaction(() =>
      job.state === 'waiting_connection'
        ? (store.update(job.id, { error_code: code, error_message: message }), store.require(job.id))
        : job.state === 'sending' || job.state === 'queued'
          ? store.transition(job.id, 'waiting_connection', { error_code: code, error_message: message })
          : job,
    );
    const policy = this.deps.resendPolicy ?? RESEND;
    this.resendAt.set(job.id, at ?? this.deps.clock.now() + Math.max(policy.baseMs, backoffMs(policy, parked.attempts, this.deps.random)));
    this.parkedKinds.set(job.id, job.kind);
    this.deps.emit(this.present(parked));
  }

  /** Fails a job, passing through `sending` when it never left the outbox (the table stays the single truth). */
  fail(job: JobRecord, code: string, message: string): void {
    const { store, library } = this.deps;
    const failed = library.transaction(() => {
      const current = store.require(job.id);
      if (current.state === 'failed') return [current];
      // A job never sent goes queued → sending → failed so the table stays the single truth.
      if (current.state === 'queued' || current.state === 'waiting_connection') store.transition(job.id, 'sending');
      const record = store.transition(job.id, 'failed', { error_code: code, error_message: message });
      return [record, ...store.holdDependents(record)];
    });
    this.release(job.id);
    this.deps.log.warn('Job failed.', { job: job.id, code });
    for (const record of failed) this.deps.emit(toJob(record));
  }
}

/** node:sqlite's error for a statement the database refused (SQLITE_FULL, SQLITE_CORRUPT, a constraint…). */
function isLibraryError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_SQLITE_ERROR';
}
