import { randomUUID } from 'node:crypto';
import { appError, type AppError, type Job, type JobKind, type JobState } from '../../../shared/ipc/index.ts';
import { ServiceError } from '../api/serviceError.ts';
import { AppFailure, serviceAppError } from '../ipc/appFailure.ts';
import { isDiskFull } from '../library/diskFull.ts';
import type { IntentDraft } from './intentRequests.ts';
import { concurrencyOf, jobKind, targetOf } from './jobKinds.ts';
import { AWAITING_HISTORY, IntentSender, type SenderDeps } from './intentSender.ts';
import { storedJobError } from './storedJobError.ts';
import { readJobTitle } from './jobTitle.ts';
import { DurationEstimateStore } from './durationEstimateStore.ts';
import { DurationEstimates } from './durationEstimates.ts';
import { DEPENDENCY_FAILED, toJob, type Dependency, type JobRecord } from './jobStore.ts';
import { TERMINAL_JOB_STATES, transitionProblem } from './jobStates.ts';

export const DEFAULT_CONCURRENCY: Record<JobKind, number> = concurrencyOf();

export type QueueDeps = SenderDeps & {
  /** Online with a usable key: new sends may start. */
  canSend: () => boolean;
  balance: () => number | null;
  concurrency?: Partial<Record<JobKind, number>>;
  /** How long jobs take here; by default learned from the queue's own library. */
  estimates?: DurationEstimates;
  /** The disk is full: new work is not sent (its attempt could not be recorded first); jobs in doubt still go. */
  diskFull?: () => boolean;
};

export type Enqueue = IntentDraft & {
  quoteId: string | null;
  quotedCredits: number | null;
  /** Index into the same batch (or an existing job id) this step waits for. */
  dependsOn?: { index: number } | { jobId: string };
  dependency?: Dependency;
  /** Shared by the jobs of one click (several results of one request). */
  batchId?: string;
  /** A key every machine of the account computes alike (a claimed scene line); a fresh one otherwise. */
  idempotencyKey?: string;
};

/**
 * The outbox (docs/ARCHITECTURE.md, "The life of a paid operation"). Every paid operation is an intent
 * committed before its first byte is sent; a sender drains intents with per-kind concurrency and
 * records the accepted resource id in the same transaction as the state change. On restart,
 * `start` resumes everything from the database.
 */
export class JobQueue {
  private readonly deps: QueueDeps;
  private readonly inFlight = new Map<string, JobKind>();
  private readonly sender: IntentSender;
  private readonly concurrency: Record<JobKind, number>;
  /** How long a job of a kind and options takes here (each job keeps the estimate it was queued with). */
  readonly estimates: DurationEstimates;
  private timer: unknown = null;
  private stopped = true;
  private readonly sends = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  /** The pass that prices intents made offline (one at a time), and when a failed pass may run again. */
  private pricing: Promise<void> | null = null;
  private pricingAt = 0;
  /**
   * Prices a pass already got, kept until the pass commits: a pass over hundreds of intents made
   * offline, cut by one failure, goes on from where it stopped instead of starting over (on a
   * faulty network it would otherwise never reach the end).
   */
  private readonly gotPrices = new Map<string, { quoteId: string; credits: number; expiresAt: number }>();

  constructor(deps: QueueDeps) {
    this.deps = deps;
    this.concurrency = { ...DEFAULT_CONCURRENCY, ...deps.concurrency };
    this.estimates = deps.estimates ?? new DurationEstimates(new DurationEstimateStore(deps.library));
    this.sender = new IntentSender(deps);
  }

  get paused(): boolean {
    return this.deps.library.meta('queue.paused') === '1';
  }

  start(): void {
    this.stopped = false;
    this.pump();
  }

  /** Stops sending; requests already on the wire finish (their answers are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort(new Error('core stopping'));
    await Promise.allSettled([...this.sends]);
  }

  list(limit = 300): { jobs: Job[]; paused: boolean; pendingCredits: number } {
    return {
      jobs: this.deps.store.recent(limit).map((job) => this.sender.present(job)),
      paused: this.paused,
      pendingCredits: this.deps.store.pendingCredits(),
    };
  }

  pendingCredits(): number {
    return this.deps.store.pendingCredits();
  }

  /**
   * Commits a batch of intents (one transaction), after the spend guard: the credits of this batch
   * plus everything pending must fit in the balance.
   */
  enqueue(batch: Enqueue[]): Job[] {
    this.checkQuotesUnused(batch);
    this.checkCreditsFit(batch.reduce((sum, e) => sum + (e.quotedCredits ?? 0), 0));
    const records = this.commitBatch(batch);
    for (const record of records) {
      this.deps.log.info('Intent committed.', { job: record.id, kind: record.kind, quote: record.quote_id });
      this.deps.emit(toJob(record));
    }
    this.pump();
    return records.map(toJob);
  }

  /** A quote pays for one request: a second intent on it (a double click) would only be refused. */
  private checkQuotesUnused(batch: readonly Enqueue[]): void {
    const { store } = this.deps;
    for (const e of batch) {
      if (e.quoteId && !e.dependency?.requote && (store.quoteInUse(e.quoteId) || batch.filter((o) => o.quoteId === e.quoteId).length > 1)) {
        throw new AppFailure('quote_used', {});
      }
    }
  }

  /** The spend guard: what is asked (`need` credits) plus everything pending must fit in the balance. */
  private checkCreditsFit(need: number, doing: 'request' | 'retry' = 'request'): void {
    const balance = this.deps.balance();
    if (balance === null || need <= 0) return;
    const pending = this.deps.store.pendingCredits();
    if (need + pending > balance) throw new AppFailure('balance_short', { need, balance: Math.max(0, balance), pending, doing });
  }

  /** The batch's intents, committed; a full disk refuses them with a sentence, and nothing is sent. */
  private commitBatch(batch: readonly Enqueue[]): JobRecord[] {
    if (this.deps.diskFull?.()) throw diskFullRefusal();
    try {
      return this.insertBatch(batch);
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      this.deps.noteWriteFailure?.(error);
      throw diskFullRefusal();
    }
  }

  /** The batch's jobs in one transaction; a step names the job it waits for by its place in the batch or by id. */
  private insertBatch(batch: readonly Enqueue[]): JobRecord[] {
    const { store, library } = this.deps;
    const paused = this.paused;
    return library.transaction(() => {
      const ids: string[] = [];
      return batch.map((e) => {
        const dependsOn = e.dependsOn === undefined ? null : 'index' in e.dependsOn ? (ids[e.dependsOn.index] ?? null) : e.dependsOn.jobId;
        const record = store.insert({
          id: randomUUID(),
          kind: e.kind,
          state: paused ? 'paused' : 'queued',
          title: e.title,
          path: e.path,
          body: e.body,
          idempotencyKey: e.idempotencyKey ?? randomUUID(),
          quoteId: e.dependency?.requote ? null : e.quoteId,
          quotedCredits: e.quotedCredits,
          resourceKind: e.resourceKind,
          resourceId: e.resourceId,
          dependsOn,
          dependency: e.dependency ?? null,
          retryOf: null,
          batchId: e.batchId ?? null,
          estimateMs: this.estimates.estimateForBody(e.kind, e.body),
        });
        ids.push(record.id);
        return record;
      });
    });
  }

  pause(): void {
    const { library, store } = this.deps;
    const changed = library.transaction(() => {
      library.setMeta('queue.paused', '1');
      // A job in doubt (sent at least once) is not new work: it keeps being resent with its key, so
      // its outcome is settled within the service's key retention rather than frozen by a pause.
      return store
        .inStates(['queued', 'waiting_connection'])
        .filter((job) => job.attempts === 0 && !this.inFlight.has(job.id))
        .map((job) => store.transition(job.id, 'paused'));
    });
    for (const job of changed) this.deps.emit(toJob(job));
  }

  resume(): void {
    const { library, store } = this.deps;
    const changed = library.transaction(() => {
      library.setMeta('queue.paused', null);
      const paused = store.inStates(['paused']);
      const held = paused.filter(isHeldForCredits);
      const out = paused.filter((job) => !isHeldForCredits(job)).map((job) => store.transition(job.id, 'queued'));
      if (held.length === 0) return out;
      // Jobs held for credits go only when the balance now covers them (they already count as pending).
      const balance = this.deps.balance();
      const pending = store.pendingCredits();
      if (balance === null || pending <= balance) {
        return [...out, ...held.map((job) => store.transition(job.id, 'queued', { error_code: null, error_message: null }))];
      }
      const need = held.reduce((sum, job) => sum + (job.quoted_credits ?? 0), 0);
      const reason = heldForCredits(held.length, need, balance, pending - need);
      return [...out, ...held.map((job) => store.transition(job.id, 'paused', storedJobError(reason)))];
    });
    for (const job of changed) this.deps.emit(toJob(job));
    this.pump();
  }

  cancel(id: string): Job {
    const { library, store } = this.deps;
    const job = store.get(id);
    if (!job) throw new AppFailure('not_found', { what: 'job' });
    if (job.state === 'cancelled') return toJob(job);
    const problem = transitionProblem(job.state, 'cancelled', job);
    if (problem || this.inFlight.has(id))
      throw new AppFailure('cannot_cancel', { why: problem ? 'state' : 'sending' }, { log: problem?.log ?? 'The job is being sent.' });
    const changed = library.transaction(() => {
      const out = [store.transition(id, 'cancelled')];
      // Steps that waited for this one can no longer run; cancel those never sent too.
      const queue = [...store.dependents(id)];
      while (queue.length) {
        const next = queue.shift() as JobRecord;
        if (!transitionProblem(next.state, 'cancelled', next)) {
          out.push(store.transition(next.id, 'cancelled', storedJobError(appError('dependency_cancelled', {}))));
          queue.push(...store.dependents(next.id));
        }
      }
      return out;
    });
    for (const j of changed) {
      this.sender.release(j.id);
      this.deps.emit(toJob(j));
    }
    this.pump();
    return toJob(changed[0] as JobRecord);
  }

  /**
   * Retries a failed job on the user's word: a new intent with a new Idempotency-Key (the old
   * request was refused or failed, so sending it again under the old key would only replay that).
   * Steps that waited for the failed one now wait for the new one; steps that succeeded are not re-paid.
   */
  retry(id: string, quoteId: string | null, quotedCredits: number | null): Job {
    const { library, store } = this.deps;
    const failed = store.get(id);
    if (!failed) throw new AppFailure('not_found', { what: 'job' });
    if (failed.state !== 'failed') throw new AppFailure('cannot_retry', {});
    if (store.retriedBy(failed.id)) throw alreadyRetried();
    if (quoteId && store.quoteInUse(quoteId)) throw new AppFailure('quote_used', {});
    this.checkCreditsFit(quotedCredits ?? failed.quoted_credits ?? 0, 'retry');
    const created = library.transaction(() => {
      // Checked again inside the transaction that creates the retry (BEGIN IMMEDIATE: one writer at
      // a time, across connections too): a failed job stays failed after its retry, and without
      // this a second retry racing the first would pay a second time.
      if (store.retriedBy(failed.id)) throw alreadyRetried();
      const record = store.insert({
        id: randomUUID(),
        kind: failed.kind,
        state: this.paused ? 'paused' : 'queued',
        title: readJobTitle(failed),
        path: failed.path,
        body: failed.body,
        idempotencyKey: randomUUID(),
        quoteId,
        quotedCredits: quotedCredits ?? failed.quoted_credits,
        resourceKind: jobKind(failed.kind).targetsCharacter ? failed.resource_kind : null,
        resourceId: jobKind(failed.kind).targetsCharacter ? failed.resource_id : null,
        dependsOn: failed.depends_on,
        dependency: failed.dependency_json,
        retryOf: failed.id,
        batchId: failed.batch_id, // a retry stays in its batch (or scene), under the same group in the queue
        estimateMs: this.estimates.estimateForBody(failed.kind, failed.body),
      });
      const rewired = store
        .dependents(failed.id)
        .filter((dependent) => dependent.attempts === 0 && !TERMINAL_JOB_STATES.includes(dependent.state))
        .map((dependent) => {
          const unblock = dependent.error_code === DEPENDENCY_FAILED ? { error_code: null, error_message: null } : {};
          store.update(dependent.id, { depends_on: record.id, ...unblock });
          return store.require(dependent.id);
        });
      return [store.require(record.id), ...rewired];
    });
    this.deps.log.info('Retry committed as a new intent.', { job: created[0]?.id, retryOf: failed.id });
    for (const job of created) this.deps.emit(toJob(job));
    this.pump();
    return toJob(created[0] as JobRecord);
  }

  /** Whether `jobs.retry` on this unfinished job means Send again (same request, same key) rather than a new intent. */
  canResend(id: string): boolean {
    return this.sender.canResend(id);
  }

  /**
   * The user's Send again of a job that stopped resending on its own (its answer could not be
   * saved): the same bytes under the same Idempotency-Key, so the service replays what it already
   * ran instead of charging again. Nothing new is committed.
   */
  resend(id: string): Job {
    const job = this.deps.store.get(id);
    if (!job) throw new AppFailure('not_found', { what: 'job' });
    if (!this.sender.canResend(id)) throw new AppFailure('cannot_retry', {});
    this.sender.release(id);
    this.deps.log.info('Sending a held job again with its key.', { job: id });
    this.pump();
    return toJob(this.sender.withReason(this.deps.store.require(id)));
  }

  /**
   * The creator's answer to a job in doubt that history could not settle. `wait`: keep looking for
   * it in history after every sync; `done`: it ran (the item is in the gallery), nothing more is
   * sent; sending it again at their own risk is `sendAgain`.
   */
  decide(id: string, choice: 'wait' | 'done'): Job {
    const { library, store } = this.deps;
    const job = store.get(id);
    if (!job) throw new AppFailure('not_found', { what: 'job' });
    if (!IntentSender.isAsking(job)) throw new AppFailure('not_in_doubt', {});
    const changed = library.transaction(() =>
      choice === 'done'
        ? store.transition(id, 'done', { ...storedJobError(appError(MARKED_DONE, {})), progress: 1 })
        : (store.update(id, storedJobError(appError(AWAITING_HISTORY, {}))), store.require(id)),
    );
    if (choice === 'done') this.sender.release(id);
    this.deps.log.info('The creator decided on a job in doubt.', { job: id, choice });
    this.deps.emit(toJob(changed));
    return toJob(changed);
  }

  /**
   * Send again at the creator's own risk: the job in doubt ends (failed, saying so) and a new intent
   * with a new key goes out, on the price they saw. It may be charged a second time.
   */
  sendAgain(id: string, quoteId: string | null, quotedCredits: number | null): Job {
    const job = this.deps.store.get(id);
    if (!job) throw new AppFailure('not_found', { what: 'job' });
    if (!IntentSender.isAsking(job)) throw new AppFailure('not_in_doubt', {});
    const balance = this.deps.balance();
    const need = quotedCredits ?? job.quoted_credits ?? 0;
    const pending = this.deps.store.pendingCredits() - (job.quoted_credits ?? 0);
    if (balance !== null && need + pending > balance) {
      throw new AppFailure('balance_short', { need, balance: Math.max(0, balance), pending: Math.max(0, pending), doing: 'send_again' });
    }
    this.sender.fail(job, appError(SENT_AGAIN, {}));
    return this.retry(id, quoteId, quotedCredits);
  }

  /** A history pass that began at `listedAt` completed: jobs waiting for history look at it again. */
  historyListed(listedAt: number): void {
    const waiting = this.deps.store
      .inStates(['waiting_connection'])
      .filter((job) => IntentSender.isAsking(job) && !this.inFlight.has(job.id));
    if (waiting.length === 0) return;
    void this.sender
      .historyListed(waiting, listedAt)
      .catch((error: unknown) => this.deps.log.error('Reconciling jobs in doubt failed.', { error }));
  }

  /** The poller saw a resource reach a terminal state: settle the jobs that follow it. */
  resourceSettled(kind: string, resourceId: string, ok: boolean, failure: AppError | null): void {
    const { library, store } = this.deps;
    // Most settled records (a sync page of old history) have no job waiting: no write transaction for them.
    if (store.processingFor(kind, resourceId).length === 0) return;
    const changed = library.transaction(() =>
      store.processingFor(kind, resourceId).flatMap((job) => {
        if (ok) return [store.transition(job.id, 'done', { progress: 1, error_code: null, error_message: null })];
        const failed = store.transition(job.id, 'failed', storedJobError(failure ?? appError('generation_failed', {})));
        return [failed, ...store.holdDependents(failed)];
      }),
    );
    for (const job of changed) this.deps.emit(toJob(job));
    if (changed.length) this.pump();
  }

  /**
   * The disk has room again: jobs that stopped resending because the library could not record them
   * go again with their keys (the service replays what it already ran), and new work may go.
   */
  spaceBack(): void {
    this.sender.releaseUnrecorded();
    this.pump();
  }

  /** Connectivity or the key changed: park or release waiting jobs. */
  connectivityChanged(): void {
    this.pump();
  }

  /** Sends what can be sent now. Cheap and idempotent: call it whenever something changed. */
  pump(): void {
    if (this.stopped) return;
    const { store, clock } = this.deps;
    if (!this.deps.canSend()) {
      this.parkSafely();
      return;
    }
    const now = clock.now();
    let soonest = Number.POSITIVE_INFINITY;
    if (!this.paused) {
      if (this.pricing === null && this.pricingAt > now && store.unpriced().some((job) => !this.inFlight.has(job.id)))
        soonest = this.pricingAt;
      else this.priceUnpriced();
    }
    // Requests in doubt (sent at least once: `sending` after a restart, or parked for a resend) go
    // even while paused: they are not new work.
    const paused = this.paused;
    const full = this.deps.diskFull?.() ?? false;
    const states: JobState[] = paused ? ['sending', 'waiting_connection'] : ['sending', 'waiting_connection', 'queued'];
    for (const kind of Object.keys(this.concurrency) as JobKind[]) {
      const free = this.concurrency[kind] - this.countInFlight(kind);
      if (free <= 0) continue;
      // Enough rows to skip the ones in flight or waiting for their resend time.
      const candidates = store.ready(kind, states, free + this.countInFlight(kind) + this.sender.parkedCount(kind));
      let started = 0;
      for (const job of candidates) {
        if (started >= free) break;
        if (this.inFlight.has(job.id) || needsPrice(job) || ((paused || full) && job.attempts === 0)) continue;
        const at = this.sender.resendTime(job);
        if (at > now) {
          soonest = Math.min(soonest, at);
          continue;
        }
        this.launch(job);
        started += 1;
      }
    }
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = Number.isFinite(soonest) ? clock.setTimeout(() => ((this.timer = null), this.pump()), soonest - now) : null;
  }

  /**
   * Intents made offline have no price, so the spend guard could not count them. Before any of them
   * is sent, each is quoted (free) and the guard runs over all of them together, as it would have
   * at enqueue: if the balance cannot cover them, they are held (paused, with a sentence) instead.
   */
  private priceUnpriced(): void {
    if (this.pricing !== null || this.deps.clock.now() < this.pricingAt) return;
    const jobs = this.deps.store.unpriced().filter((job) => !this.inFlight.has(job.id));
    if (jobs.length === 0) return;
    this.pricing = this.priceBatch(jobs)
      .catch((error: unknown) => this.deps.log.error('Pricing offline intents failed unexpectedly.', { error }))
      .finally(() => {
        this.pricing = null;
        this.pump();
      });
  }

  /** Each job's price, from a quote got earlier or a fresh one; null when the pass stops (no API, stopped, or retried later). */
  private async quoteBatch(jobs: JobRecord[]): Promise<Map<string, { quoteId: string; credits: number }> | null> {
    const { store, log } = this.deps;
    const prices = new Map<string, { quoteId: string; credits: number }>();
    for (const job of jobs) {
      const api = this.deps.api();
      if (!api || this.stopped) return null;
      const got = this.gotPrices.get(job.id);
      // A price got earlier still serves while its quote has a minute left before it expires.
      if (got && got.expiresAt > this.deps.clock.now() + 60_000) {
        prices.set(job.id, got);
        continue;
      }
      try {
        const quote = job.quote_id
          ? await api.quote(job.quote_id)
          : await this.deps.quote(
              jobKind(job.kind).operationId,
              JSON.parse(job.body) as Record<string, unknown>,
              targetOf(job.kind, job.path),
            );
        const price = { quoteId: quote.id, credits: quote.credits, expiresAt: Date.parse(quote.expires_at) };
        prices.set(job.id, price);
        this.gotPrices.set(job.id, price);
      } catch (error) {
        if (error instanceof ServiceError && !error.isTransport && error.status < 500 && error.status !== 429 && error.status !== 401) {
          // The service will not price this request (it would refuse it too): fail it with its sentence.
          const current = store.get(job.id);
          if (current && current.attempts === 0 && (current.state === 'queued' || current.state === 'waiting_connection'))
            this.sender.fail(current, serviceAppError(error));
          continue;
        }
        // Unreachable or busy: try the whole pass again a little later; nothing is sent unpriced.
        log.warn('Could not price intents made offline yet.', { code: error instanceof ServiceError ? error.code : 'unknown' });
        this.pricingAt = this.deps.clock.now() + 5_000;
        return null;
      }
    }
    return prices;
  }

  private async priceBatch(jobs: JobRecord[]): Promise<void> {
    const { store, library, log } = this.deps;
    const prices = await this.quoteBatch(jobs);
    if (prices === null) return;
    const changed = library.transaction(() => {
      // Only jobs still waiting to go (none cancelled or paused meanwhile) take their price.
      const still = [...prices.keys()]
        .map((id) => store.get(id))
        .filter(
          (job): job is JobRecord => job !== null && needsPrice(job) && (job.state === 'queued' || job.state === 'waiting_connection'),
        );
      const need = still.reduce((sum, job) => sum + (prices.get(job.id)?.credits ?? 0), 0);
      const balance = this.deps.balance();
      const pending = store.pendingCredits();
      const fits = balance === null || need + pending <= balance;
      const reason = fits || balance === null ? null : heldForCredits(still.length, need, balance, pending);
      return still.map((job) => {
        const price = prices.get(job.id) as { quoteId: string; credits: number };
        const patch = { quote_id: price.quoteId, quoted_credits: price.credits };
        return reason === null
          ? store.transition(job.id, job.state, patch)
          : store.transition(job.id, 'paused', { ...patch, ...storedJobError(reason) });
      });
    });
    for (const id of prices.keys()) this.gotPrices.delete(id);
    for (const job of changed) this.deps.emit(toJob(job));
    if (changed.some((job) => job.state === 'paused'))
      log.warn('Intents made offline are held: the balance does not cover them.', { jobs: changed.length });
  }

  /** Parks what waits for the connection; a library that refuses the write (a full disk) leaves the jobs as they are. */
  private parkSafely(): void {
    try {
      this.park();
    } catch (error) {
      this.deps.noteWriteFailure?.(error);
      this.deps.log.error('Jobs could not be marked as waiting for the connection.', { error });
    }
  }

  private park(): void {
    const { store } = this.deps;
    const moved = store
      .inStates(['queued'])
      .filter((job) => !this.inFlight.has(job.id))
      .map((job) => store.transition(job.id, 'waiting_connection'));
    for (const job of moved) this.deps.emit(toJob(job));
  }

  private countInFlight(kind: JobKind): number {
    let n = 0;
    for (const k of this.inFlight.values()) if (k === kind) n += 1;
    return n;
  }

  private launch(job: JobRecord): void {
    this.inFlight.set(job.id, job.kind);
    const run = this.sender
      .send(job, this.abort.signal)
      .catch((error: unknown) => this.deps.log.error('The sender failed unexpectedly.', { job: job.id, error }))
      .finally(() => {
        this.inFlight.delete(job.id);
        this.sends.delete(run);
        this.pump();
      });
    this.sends.add(run);
  }
}

/** Jobs made offline that the balance does not cover (`insufficient_credits` in rows of older versions). */
const HELD_CODES: readonly (string | null)[] = ['held_for_credits', 'insufficient_credits'];
/** A job in doubt the creator marked as done. */
const MARKED_DONE = 'marked_done';
/** A job in doubt the creator sent again as a new request. */
const SENT_AGAIN = 'sent_again';

function diskFullRefusal(): AppFailure {
  return new AppFailure('disk_full', { when: 'record_job' });
}

function alreadyRetried(): AppFailure {
  return new AppFailure('already_retried', {});
}

/** An intent with no price yet (made offline), never sent, that is not priced by its own dependency step. */
function needsPrice(job: JobRecord): boolean {
  return job.quoted_credits === null && job.attempts === 0 && !(job.dependency_json?.requote ?? false);
}

function isHeldForCredits(job: JobRecord): boolean {
  return job.state === 'paused' && HELD_CODES.includes(job.error_code) && job.attempts === 0;
}

/** Why jobs made offline are held: what they cost, the balance, and what other jobs set aside. */
function heldForCredits(count: number, need: number, balance: number, pending: number): AppError {
  return appError('held_for_credits', { count, need, balance: Math.max(0, balance), pending: Math.max(0, pending) });
}
