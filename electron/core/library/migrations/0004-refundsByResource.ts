import type { Migration } from './migration.ts';

/**
 * Refunds by the resource they return a charge for. A failed job shows what the service gave
 * back for it (the queue reads this for every row it lists), so the lookup must not scan every
 * credit transaction of the account.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'refunds by resource',
  up(db) {
    db.exec("CREATE INDEX credit_transactions_refunds ON credit_transactions (resource_id) WHERE type = 'refund';");
  },
};
