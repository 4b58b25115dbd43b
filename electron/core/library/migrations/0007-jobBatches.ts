import type { Migration } from './migration.ts';

/**
 * Batches and how long jobs take. Several results of one click are separate paid jobs that share
 * `batch_id`, so the queue and the gallery show them as one group. `finished_at` is when a job
 * reached its end (a job row is touched again later, so `updated_at` does not say it), and
 * `estimate_ms` is how long the library's own history said it would take from acceptance, fixed
 * when it was queued. Jobs that ended before this step take their last update as their end.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'job batches and durations',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN batch_id TEXT;
      ALTER TABLE jobs ADD COLUMN finished_at TEXT;
      ALTER TABLE jobs ADD COLUMN estimate_ms INTEGER;
      UPDATE jobs SET finished_at = updated_at WHERE state IN ('done', 'failed', 'cancelled');
      CREATE INDEX jobs_batch ON jobs (batch_id) WHERE batch_id IS NOT NULL;
      CREATE INDEX jobs_finished ON jobs (kind, finished_at) WHERE state = 'done';
    `);
  },
};
