import type { AppError } from '../../../shared/ipc/index.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Accepted } from './acceptedAnswer.ts';
import type { HistoryMatch } from './historyMatchStore.ts';
import type { JobRecord, JobStore } from './jobStore.ts';
import { storedJobError } from './storedJobError.ts';

/**
 * What a send writes to its job's row, each change in one transaction through the state table
 * (jobStates.ts), so the row is the single truth of where the job stands after a crash.
 */
export class SendRecords {
  private readonly library: LibraryDatabase;
  private readonly store: JobStore;
  private readonly clock: Clock;
  /** Called inside the acceptance transaction: mirror the record. */
  private readonly mirror: (accepted: Accepted) => void;

  constructor(deps: { library: LibraryDatabase; store: JobStore; clock: Clock; mirror: (accepted: Accepted) => void }) {
    this.library = deps.library;
    this.store = deps.store;
    this.clock = deps.clock;
    this.mirror = deps.mirror;
  }

  /**
   * The attempt, recorded before the bytes leave: after a crash, this job is known to be in doubt,
   * since this attempt if no earlier one is (`doubt_since`). A Retry-After it waited out is spent.
   */
  attempt(job: JobRecord, fingerprint: string | null): JobRecord {
    const { store } = this;
    return this.library.transaction(() => {
      const patch = {
        attempts: job.attempts + 1,
        key_fingerprint: fingerprint,
        sent_at: job.sent_at ?? new Date(this.clock.now()).toISOString(),
        doubt_since: job.doubt_since ?? new Date(this.clock.now()).toISOString(),
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
  }

  /** What a first send goes out with: the body filled from its dependency, a renewed quote. */
  prepared(job: JobRecord, body: string, quoteId: string | null, quotedCredits: number | null): JobRecord {
    return this.library.transaction(() => {
      this.store.update(job.id, { body, quote_id: quoteId, quoted_credits: quotedCredits });
      return this.store.require(job.id);
    });
  }

  /** The service accepted: the record is mirrored in the same transaction as the job's new state. */
  accepted(job: JobRecord, accepted: Accepted): JobRecord {
    return this.library.transaction(() => {
      this.mirror(accepted);
      return this.store.transition(job.id, accepted.settled ? 'done' : 'processing', {
        resource_kind: accepted.resourceKind,
        resource_id: accepted.resourceId,
        charge_ref: accepted.chargeRef,
        credits_used: accepted.creditsUsed,
        accepted_at: new Date(this.clock.now()).toISOString(),
        error_code: null,
        error_message: null,
        // The service reports no percentage while it works: the queue shows an indeterminate bar.
        progress: accepted.settled ? 1 : null,
      });
    });
  }

  /** History shows what a job in doubt created: it is followed like an accepted one, at its quoted price. */
  linked(job: JobRecord, match: HistoryMatch): JobRecord {
    const { store } = this;
    return this.library.transaction(() => {
      if (job.state === 'waiting_connection') store.transition(job.id, 'sending');
      return store.transition(job.id, 'processing', {
        resource_kind: match.resourceKind,
        resource_id: match.resourceId,
        credits_used: job.quoted_credits,
        accepted_at: new Date(this.clock.now()).toISOString(),
        error_code: null,
        error_message: null,
        progress: null,
      });
    });
  }

  /** A job in doubt waiting for the creator (or for history), with why. */
  held(job: JobRecord, error: AppError): JobRecord {
    const { store } = this;
    return this.library.transaction(() =>
      job.state === 'sending'
        ? store.transition(job.id, 'waiting_connection', storedJobError(error))
        : (store.update(job.id, storedJobError(error)), store.require(job.id)),
    );
  }

  /** A job waiting to be sent again, with why; a job no longer in the outbox stays as it is. */
  parked(job: JobRecord, error: AppError): JobRecord {
    const { store } = this;
    return this.library.transaction(() =>
      job.state === 'waiting_connection'
        ? (store.update(job.id, storedJobError(error)), store.require(job.id))
        : job.state === 'sending' || job.state === 'queued'
          ? store.transition(job.id, 'waiting_connection', storedJobError(error))
          : job,
    );
  }

  /** The failed job and the steps that waited for it (now held). */
  failed(job: JobRecord, error: AppError): JobRecord[] {
    const { store } = this;
    return this.library.transaction(() => {
      const current = store.require(job.id);
      if (current.state === 'failed') return [current];
      // A job never sent goes queued → sending → failed so the table stays the single truth.
      if (current.state === 'queued' || current.state === 'waiting_connection') store.transition(job.id, 'sending');
      const record = store.transition(job.id, 'failed', storedJobError(error));
      return [record, ...store.holdDependents(record)];
    });
  }
}
