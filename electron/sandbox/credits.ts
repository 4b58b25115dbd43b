import { randomUUID } from 'node:crypto';
import { num, str, type Db, type Row } from './db/database.ts';
import { ApiError } from './server/apiError.ts';

export type TransactionType = 'usage' | 'refund' | 'purchase' | 'grant';

export type ChargeInput = {
  userId: string;
  amount: number;
  description: string;
  resourceId: string;
  /** `<api key id>:<Idempotency-Key>`, so the ledger can count charges per request. */
  operationKey: string | null;
  now: Date;
};

/**
 * Takes credits inside the caller's transaction. The balance never goes negative: the guarded
 * UPDATE changes no row when the balance is short, and the whole creation rolls back with a 402
 * (decision: insufficient_credits, nothing created).
 */
export function charge(db: Db, input: ChargeInput): number {
  if (input.amount === 0) return balanceOf(db, input.userId);
  const changed = db
    .prepare('UPDATE users SET balance = balance - ? WHERE id = ? AND balance >= ?')
    .run(input.amount, input.userId, input.amount).changes;
  if (Number(changed) === 0) {
    const balance = balanceOf(db, input.userId);
    throw new ApiError(
      'insufficient_credits',
      `This costs ${input.amount} credits and your balance is ${balance}. Add credits, then try again.`,
    );
  }
  return record(db, { ...input, amount: -input.amount, type: 'usage', refundOf: null });
}

/**
 * Refunds the charge made for `resourceId`, once: the refund row references the charge through a
 * UNIQUE column, so a second call finds the first refund and returns its amount.
 */
export function refundFor(db: Db, resourceId: string, description: string, now: Date): number {
  const chargeRow = db
    .prepare(`SELECT * FROM credit_transactions WHERE resource_id = ? AND type = 'usage' ORDER BY seq LIMIT 1`)
    .get(resourceId) as Row | undefined;
  if (!chargeRow) return 0;
  const chargeId = str(chargeRow, 'id');
  const existing = db.prepare('SELECT amount FROM credit_transactions WHERE refund_of = ?').get(chargeId) as Row | undefined;
  if (existing) return num(existing, 'amount');
  const amount = -num(chargeRow, 'amount');
  const userId = str(chargeRow, 'user_id');
  db.prepare('UPDATE users SET balance = balance + ? WHERE id = ?').run(amount, userId);
  record(db, {
    userId,
    amount,
    type: 'refund',
    description,
    resourceId,
    operationKey: chargeRow.operation_key === null ? null : String(chargeRow.operation_key),
    refundOf: chargeId,
    now,
  });
  return amount;
}

export function grant(db: Db, userId: string, amount: number, description: string, now: Date, type: TransactionType = 'grant'): number {
  db.prepare('UPDATE users SET balance = balance + ? WHERE id = ?').run(amount, userId);
  return record(db, { userId, amount, type, description, resourceId: null, operationKey: null, refundOf: null, now });
}

export function balanceOf(db: Db, userId: string): number {
  const row = db.prepare('SELECT balance FROM users WHERE id = ?').get(userId) as Row | undefined;
  if (!row) throw new Error(`No user ${userId}.`);
  return num(row, 'balance');
}

type RecordInput = {
  userId: string;
  amount: number;
  type: TransactionType;
  description: string;
  resourceId: string | null;
  operationKey: string | null;
  refundOf: string | null;
  now: Date;
};

function record(db: Db, input: RecordInput): number {
  const balance = balanceOf(db, input.userId);
  db.prepare(
    `INSERT INTO credit_transactions (id, user_id, amount, type, description, balance_after, resource_id, operation_key, refund_of, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(randomUUID(), input.userId, input.amount, input.type, input.description, balance, input.resourceId, input.operationKey, input.refundOf, input.now.toISOString());
  return balance;
}
