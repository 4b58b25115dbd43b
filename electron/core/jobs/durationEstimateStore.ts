import type { JobKind } from '../../../shared/ipc/index.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';

/** A finished run: the request it sent and how long it took from acceptance to done. */
export type FinishedRun = { body: string; ms: number };

/** The finished runs of the jobs table. */
export class DurationEstimateStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /**
   * The latest `limit` successful jobs of this kind, newest first, with how long each took from
   * acceptance to done. A job the creator marked as done (its outcome was unknown) says nothing
   * about the service's speed and is left out.
   */
  latestRuns(kind: JobKind, limit: number): FinishedRun[] {
    return this.library.all<FinishedRun>(
      `SELECT body, ms FROM (
         SELECT body, round((julianday(finished_at) - julianday(accepted_at)) * 86400000) AS ms, finished_at FROM jobs
         WHERE kind = ? AND state = 'done' AND finished_at IS NOT NULL AND accepted_at IS NOT NULL AND error_code IS NULL
         ORDER BY finished_at DESC LIMIT ?)
       WHERE ms >= 0`,
      kind,
      limit,
    );
  }
}
