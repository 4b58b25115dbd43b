import type { Quote } from '../../../shared/api/index.ts';
import { appError, type AppError } from '../../../shared/ipc/index.ts';
import type { Clock } from '../clock/clock.ts';
import { fillDependency } from './intentRequests.ts';
import type { Dependency, JobRecord, JobStore } from './jobStore.ts';
import type { SendInputsStore } from './sendInputsStore.ts';
import type { SendRecords } from './sendRecords.ts';

export type FirstSendDeps = {
  store: JobStore;
  inputs: SendInputsStore;
  records: SendRecords;
  clock: Clock;
  /** Quotes the job's request with this body (free). */
  quote: (job: JobRecord, body: string) => Promise<Quote>;
  /** The sender's own ways to fail a job, and to deal with a quote that failed as with a send that failed. */
  fail: (job: JobRecord, error: AppError) => void;
  afterFailure: (job: JobRecord, error: unknown) => Promise<void>;
};

/** What a job needs before its first byte leaves; once sent, it goes again with the very same body and quote. */
export class FirstSend {
  private readonly deps: FirstSendDeps;

  constructor(deps: FirstSendDeps) {
    this.deps = deps;
  }

  /**
   * Before the first byte: a dependent step takes its input from the finished step, and a quote that
   * expired while the job waited is renewed if the price did not rise. Nothing here is sent yet.
   */
  async prepare(job: JobRecord): Promise<JobRecord | null> {
    let body = job.body;
    let quoteId = job.quote_id;
    let quotedCredits = job.quoted_credits;
    if (job.depends_on && job.dependency_json) {
      const value = this.dependencyValue(job.depends_on, job.dependency_json);
      if (value === null) {
        this.deps.fail(job, appError('dependency_missing', {}));
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
    return this.deps.records.prepared(job, body, quoteId, quotedCredits);
  }

  /** Quotes the job's (filled) body anew; null when the job was failed or parked instead. */
  private async renewQuote(job: JobRecord, body: string, quotedCredits: number | null, expired: boolean): Promise<Quote | null> {
    try {
      const quote = await this.deps.quote(job, body);
      if (quotedCredits !== null && quote.credits > quotedCredits && expired) {
        this.deps.fail(job, appError('price_changed', { from: quotedCredits, to: quote.credits }));
        return null;
      }
      if (quote.approval.required && quote.approval.state !== 'approved') {
        // Sending would only be refused (spec 4.3): the job stops here, uncharged, with the reason.
        this.deps.fail(job, appError('needs_approval', { credits: quote.credits }));
        return null;
      }
      return quote;
    } catch (error) {
      await this.deps.afterFailure(job, error);
      return null;
    }
  }

  private dependencyValue(dependencyId: string, dependency: Dependency): unknown {
    const dep = this.deps.store.get(dependencyId);
    if (!dep?.resource_id || !dep.resource_kind) return null;
    const raw = this.deps.inputs.record(dep.resource_kind, dep.resource_id);
    if (!raw) return null;
    return raw[dependency.from] ?? null;
  }

  private quoteExpired(quoteId: string): boolean {
    const expiresAt = this.deps.inputs.quoteExpiresAt(quoteId);
    return expiresAt !== null && expiresAt <= this.deps.clock.now() + 5_000;
  }
}
