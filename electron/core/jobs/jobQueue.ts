import { randomUUID } from 'node:crypto';
import type { Job, JobKind, JobState } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { IntentDraft } from './intentKinds.ts';
import { IntentSender, type SenderDeps } from './intentSender.ts';
import { toJob, type Dependency, type JobRecord } from './jobStore.ts';
import { transitionProblem } from './jobStates.ts';

export const DEFAULT_CONCURRENCY: Record<JobKind, number> = {
  'character.create': 2,
  'character.regenerate': 2,
  'character.revert': 1,
  'generation.create': 4,
  'voice.clone': 2,
  'audio.create': 4,
};


export type QueueDeps = SenderDeps & {
  /** Online with a usable key: new sends may start. */
  canSend: () => boolean;
  balance: () => number | null;
  concurrency?: Partial<Record<JobKind, number>>;
};

export type Enqueue = IntentDraft & {
  quoteId: string | null;
  quotedCredits: number | null;
  /** Index into the same batch (or an existing job id) this step waits for. */
  dependsOn?: { index: number } | { jobId: string };
  dependency?: Dependency;
};

/**
 * The outbox (DESIGN.md, "The life of a paid operation"). Every paid operation is an intent
 * committed before its first byte is sent; a sender drains intents with per-kind concurrency and
 * records the accepted resource id in the same transaction as the state change. On restart,
 * `start` resumes everything from the database.
 */
export class JobQueue {
  private readonly deps: QueueDeps;
  private readonly inFlight = new Map<string, JobKind>();
  private readonly sender: IntentSender;
  private readonly concurrency: Record<JobKind, number>;
  private timer: unknown = null;
  private stopped = true;
  private readonly sends = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(deps: QueueDeps) {
    this.deps = deps;
    this.concurrency = { ...DEFAULT_CONCURRENCY, ...deps.concurrency };
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
    return { jobs: this.deps.store.recent(limit).map(toJob), paused: this.paused, pendingCredits: this.deps.store.pendingCredits() };
  }

  pendingCredits(): number {
    return this.deps.store.pendingCredits();
  }

  /**
   * Commits a batch of intents (one transaction), after the spend guard: the credits of this batch
   * plus everything pending must fit in the balance.
   */
  enqueue(batch: Enqueue[]): Job[] {
    const { store, library } = this.deps;
    for (const e of batch) {
      // A quote pays for one request: a second intent on it (a double click) would only be refused.
      if (e.quoteId && !e.dependency?.requote && (store.quoteInUse(e.quoteId) || batch.filter((o) => o.quoteId === e.quoteId).length > 1)) {
        throw new AppFailure('quote_used', 'This price was already used for a job. Get a new price to run it again.');
      }
    }
    const need = batch.reduce((sum, e) => sum + (e.quotedCredits ?? 0), 0);
    const balance = this.deps.balance();
    if (balance !== null && need > 0) {
      const pending = store.pendingCredits();
      if (need + pending > balance) {
        const queued = pending > 0 ? ` and ${pending} are already set aside for queued jobs` : '';
        throw new AppFailure(
          'insufficient_credits',
          `This needs ${need} credits, but your balance is ${balance}${queued}. Buy credits or remove queued jobs, then try again.`,
        );
      }
    }
    const paused = this.paused;
    const records = library.transaction(() => {
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
          idempotencyKey: randomUUID(),
          quoteId: e.dependency?.requote ? null : e.quoteId,
          quotedCredits: e.quotedCredits,
          resourceKind: e.resourceKind,
          resourceId: e.resourceId,
          dependsOn,
          dependency: e.dependency ?? null,
          retryOf: null,
        });
        ids.push(record.id);
        return record;
      });
    });
    for (const record of records) {
      this.deps.log.info('Intent committed.', { job: record.id, kind: record.kind, quote: record.quote_id });
      this.deps.emit(toJob(record));
    }
    this.pump();
    return records.map(toJob);
  }

  pause(): void {
    const { library, store } = this.deps;
    const changed = library.transaction(() => {
      library.setMeta('queue.paused', '1');
      return store.inStates(['queued', 'waiting_connection']).map((job) => store.transition(job.id, 'paused'));
    });
    for (const job of changed) this.deps.emit(toJob(job));
  }

  resume(): void {
    const { library, store } = this.deps;
    const changed = library.transaction(() => {
      library.setMeta('queue.paused', null);
      return store.inStates(['paused']).map((job) => store.transition(job.id, 'queued'));
    });
    for (const job of changed) this.deps.emit(toJob(job));
    this.pump();
  }

  cancel(id: string): Job {
    const { library, store } = this.deps;
    const job = store.get(id);
    if (!job) throw new AppFailure('not_found', 'That job no longer exists.');
    if (job.state === 'cancelled') return toJob(job);
    const problem = transitionProblem(job.state, 'cancelled', job);
    if (problem || this.inFlight.has(id)) throw new AppFailure('cannot_cancel', problem ?? 'This job is being sent right now, so it cannot be cancelled.');
    const changed = library.transaction(() => {
      const out = [store.transition(id, 'cancelled')];
      // Steps that waited for this one can no longer run; cancel those never sent too.
      const queue = [...store.dependents(id)];
      while (queue.length) {
        const next = queue.shift() as JobRecord;
        if (!transitionProblem(next.state, 'cancelled', next)) {
          out.push(store.transition(next.id, 'cancelled', { error_code: 'dependency_cancelled', error_message: 'The step this job waited for was cancelled.' }));
          queue.push(...store.dependents(next.id));
        }
      }
      return out;
    });
    for (const j of changed) this.deps.emit(toJob(j));
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
    if (!failed) throw new AppFailure('not_found', 'That job no longer exists.');
    if (failed.state !== 'failed') throw new AppFailure('cannot_retry', 'Only a failed job can be retried.');
    const balance = this.deps.balance();
    const need = quotedCredits ?? failed.quoted_credits ?? 0;
    if (balance !== null && need + store.pendingCredits() > balance) {
      throw new AppFailure('insufficient_credits', `Retrying needs ${need} credits, but your balance is ${balance} with ${store.pendingCredits()} set aside for queued jobs.`);
    }
    const created = library.transaction(() => {
      const record = store.insert({
        id: randomUUID(),
        kind: failed.kind,
        state: this.paused ? 'paused' : 'queued',
        title: failed.title,
        path: failed.path,
        body: failed.body,
        idempotencyKey: randomUUID(),
        quoteId,
        quotedCredits: quotedCredits ?? failed.quoted_credits,
        resourceKind: failed.kind === 'character.regenerate' || failed.kind === 'character.revert' ? failed.resource_kind : null,
        resourceId: failed.kind === 'character.regenerate' || failed.kind === 'character.revert' ? failed.resource_id : null,
        dependsOn: failed.depends_on,
        dependency: failed.dependency_json,
        retryOf: failed.id,
      });
      for (const dependent of store.dependents(failed.id)) {
        if (dependent.attempts === 0 && !['done', 'failed', 'cancelled'].includes(dependent.state)) store.update(dependent.id, { depends_on: record.id });
      }
      return store.require(record.id);
    });
    this.deps.log.info('Retry committed as a new intent.', { job: created.id, retryOf: failed.id });
    this.deps.emit(toJob(created));
    this.pump();
    return toJob(created);
  }

  /** The poller saw a resource reach a terminal state: settle the jobs that follow it. */
  resourceSettled(kind: string, resourceId: string, ok: boolean, errorMessage: string | null): void {
    const { library, store } = this.deps;
    const changed = library.transaction(() =>
      store.processingFor(kind, resourceId).map((job) =>
        ok
          ? store.transition(job.id, 'done', { progress: 1, error_code: null, error_message: null })
          : store.transition(job.id, 'failed', { error_code: 'generation_failed', error_message: errorMessage ?? 'The service could not finish this job. Retry it, or change the request.' }),
      ),
    );
    for (const job of changed) this.deps.emit(toJob(job));
    if (changed.length) this.pump();
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
      this.park();
      return;
    }
    const now = clock.now();
    let soonest = Number.POSITIVE_INFINITY;
    // Requests in doubt (state `sending` after a restart) go even while paused: they are not new work.
    const states: JobState[] = this.paused ? ['sending'] : ['sending', 'waiting_connection', 'queued'];
    for (const kind of Object.keys(this.concurrency) as JobKind[]) {
      const free = this.concurrency[kind] - this.countInFlight(kind);
      if (free <= 0) continue;
      // Enough rows to skip the ones in flight or waiting for their resend time.
      const candidates = store.ready(kind, states, free + this.countInFlight(kind) + this.sender.parkedCount(kind));
      let started = 0;
      for (const job of candidates) {
        if (started >= free) break;
        if (this.inFlight.has(job.id)) continue;
        const at = this.sender.resendAt.get(job.id) ?? 0;
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

  private park(): void {
    const { store } = this.deps;
    const moved = store.inStates(['queued']).filter((job) => !this.inFlight.has(job.id)).map((job) => store.transition(job.id, 'waiting_connection'));
    for (const job of moved) this.deps.emit(toJob(job));
  }

  private countInFlight(kind: JobKind): number {
    let n = 0;
    for (const k of this.inFlight.values()) if (k === kind) n += 1;
    return n;
  }

  private launch(job: JobRecord): void {
    this.inFlight.set(job.id, job.kind);
    const run = this.sender.send(job, this.abort.signal)
      .catch((error: unknown) => this.deps.log.error('The sender failed unexpectedly.', { job: job.id, error }))
      .finally(() => {
        this.inFlight.delete(job.id);
        this.sends.delete(run);
        this.pump();
      });
    this.sends.add(run);
  }
}
