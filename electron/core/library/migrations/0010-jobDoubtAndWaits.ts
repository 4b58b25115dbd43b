import type { Migration } from './migration.ts';

/**
 * What a paid job's next send depends on, kept with the job so a restart does not forget it.
 * `doubt_since` is when the first attempt that may have run, and whose outcome is still unknown,
 * went out: within a few seconds of it a resend with the same key is safe on any service; after
 * that only the service's history may allow one (resendRule.ts). `retry_after_until` is when the
 * service's Retry-After lets the job go again. Jobs that were waiting to be resent before this
 * step are taken as in doubt since their first send: their history is read before any resend.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'jobs in doubt and their waits',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN doubt_since TEXT;
      ALTER TABLE jobs ADD COLUMN retry_after_until TEXT;
      UPDATE jobs SET doubt_since = sent_at
        WHERE state IN ('sending', 'waiting_connection') AND attempts > 0 AND sent_at IS NOT NULL;
    `);
  },
};
