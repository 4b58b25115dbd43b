import type { Migration } from './migration.ts';

/**
 * Refunds by the resource they return a charge for, and the second id a job's charge may be
 * named by. A failed job shows what the service refunded for it (the queue reads this for every
 * row it lists), so the lookup must not scan every credit transaction of the account. A character
 * creation or regeneration is also known by the generation id its accepted answer names (spec
 * 2.2, decision 10), which the sandbox's transactions use; `jobs.charge_ref` keeps it.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'refunds by resource',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN charge_ref TEXT;
      CREATE INDEX credit_transactions_refunds ON credit_transactions (resource_id) WHERE type = 'refund';
    `);
  },
};
