import { num, str, strOrNull, type Db, type Row } from '../db/database.ts';

export type TransactionType = 'usage' | 'refund' | 'purchase' | 'grant';

/** One line of the credit ledger (spec 2.8). */
export type LedgerLine = {
  seq: number;
  id: string;
  userId: string;
  amount: number;
  type: TransactionType;
  description: string;
  balanceAfter: number;
  resourceId: string | null;
  operationKey: string | null;
  createdAt: string;
};

function toLine(row: Row): LedgerLine {
  return {
    seq: num(row, 'seq'),
    id: str(row, 'id'),
    userId: str(row, 'user_id'),
    amount: num(row, 'amount'),
    type: str(row, 'type') as TransactionType,
    description: str(row, 'description'),
    balanceAfter: num(row, 'balance_after'),
    resourceId: strOrNull(row, 'resource_id'),
    operationKey: strOrNull(row, 'operation_key'),
    createdAt: str(row, 'created_at'),
  };
}

/** The user's balance, or null when there is no such user. */
export function balanceOf(db: Db, userId: string): number | null {
  const row = db.prepare('SELECT balance FROM users WHERE id = ?').get(userId) as Row | undefined;
  return row ? num(row, 'balance') : null;
}

/** Takes `amount` when the balance covers it; false (and nothing taken) when it does not. */
export function debitIfCovered(db: Db, userId: string, amount: number): boolean {
  return Number(db.prepare('UPDATE users SET balance = balance - ? WHERE id = ? AND balance >= ?').run(amount, userId, amount).changes) > 0;
}

export function credit(db: Db, userId: string, amount: number): void {
  db.prepare('UPDATE users SET balance = balance + ? WHERE id = ?').run(amount, userId);
}

/** The first charge made for a resource, or null. */
export function chargeFor(db: Db, resourceId: string): LedgerLine | null {
  const row = db
    .prepare(`SELECT * FROM credit_transactions WHERE resource_id = ? AND type = 'usage' ORDER BY seq LIMIT 1`)
    .get(resourceId) as Row | undefined;
  return row ? toLine(row) : null;
}

/** The amount of the refund of a charge, or null when it was not refunded. */
export function refundedAmount(db: Db, chargeId: string): number | null {
  const row = db.prepare('SELECT amount FROM credit_transactions WHERE refund_of = ?').get(chargeId) as Row | undefined;
  return row ? num(row, 'amount') : null;
}

/** A line about to be written: the sequence number is the database's, and a refund names the charge it returns. */
export type NewLedgerLine = Omit<LedgerLine, 'seq'> & { refundOf: string | null };

export function insertLine(db: Db, l: NewLedgerLine): void {
  db.prepare(
    `INSERT INTO credit_transactions (id, user_id, amount, type, description, balance_after, resource_id, operation_key, refund_of, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(l.id, l.userId, l.amount, l.type, l.description, l.balanceAfter, l.resourceId, l.operationKey, l.refundOf, l.createdAt);
}

/** The user's lines before position `after`, newest first, of one type when given. */
export function ledgerPage(db: Db, userId: string, after: number, type: string | undefined, limit: number): LedgerLine[] {
  const rows = (
    type
      ? db
          .prepare('SELECT * FROM credit_transactions WHERE user_id = ? AND seq < ? AND type = ? ORDER BY seq DESC LIMIT ?')
          .all(userId, after, type, limit)
      : db.prepare('SELECT * FROM credit_transactions WHERE user_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?').all(userId, after, limit)
  ) as Row[];
  return rows.map(toLine);
}

/** What one idempotency key cost: its charges and refunds (a count of charges above 1 is a double charge). */
export type KeyCharges = {
  idempotencyKey: string;
  apiKeyId: string;
  resourceKind: string | null;
  resourceId: string | null;
  charges: number;
  credits: number;
  refunds: number;
  refunded: number;
  createdAt: string;
};

/** Charges and refunds per recorded idempotency key, oldest first; of one user when given. */
export function chargesPerIdempotencyKey(db: Db, userId: string | null): KeyCharges[] {
  const rows = db
    .prepare(
      `SELECT k.key AS idempotency_key, k.api_key_id, k.resource_id, k.resource_kind, k.user_id, k.created_at,
              COALESCE(SUM(CASE WHEN t.type = 'usage' THEN 1 ELSE 0 END), 0) AS charges,
              COALESCE(SUM(CASE WHEN t.type = 'usage' THEN -t.amount ELSE 0 END), 0) AS credits,
              COALESCE(SUM(CASE WHEN t.type = 'refund' THEN 1 ELSE 0 END), 0) AS refunds,
              COALESCE(SUM(CASE WHEN t.type = 'refund' THEN t.amount ELSE 0 END), 0) AS refunded
       FROM idempotency k LEFT JOIN credit_transactions t ON t.operation_key = k.api_key_id || ':' || k.key
       WHERE (? IS NULL OR k.user_id = ?)
       GROUP BY k.api_key_id, k.key ORDER BY k.created_at`,
    )
    .all(userId, userId) as Row[];
  return rows.map((r) => ({
    idempotencyKey: str(r, 'idempotency_key'),
    apiKeyId: str(r, 'api_key_id'),
    resourceKind: strOrNull(r, 'resource_kind'),
    resourceId: strOrNull(r, 'resource_id'),
    charges: num(r, 'charges'),
    credits: num(r, 'credits'),
    refunds: num(r, 'refunds'),
    refunded: num(r, 'refunded'),
    createdAt: str(r, 'created_at'),
  }));
}

/** Charges whose operation key has no idempotency record (a charge made outside a recorded request). */
export function orphanCharges(db: Db, userId: string | null): { operationKey: string; charges: number; credits: number }[] {
  const rows = db
    .prepare(
      `SELECT operation_key, COUNT(*) AS charges, -SUM(amount) AS credits FROM credit_transactions t
       WHERE type = 'usage' AND operation_key IS NOT NULL AND (? IS NULL OR user_id = ?)
         AND NOT EXISTS (SELECT 1 FROM idempotency k WHERE t.operation_key = k.api_key_id || ':' || k.key)
       GROUP BY operation_key`,
    )
    .all(userId, userId) as Row[];
  return rows.map((r) => ({ operationKey: str(r, 'operation_key'), charges: num(r, 'charges'), credits: num(r, 'credits') }));
}

/** Whether a request under this operation key (`<api key id>:<Idempotency-Key>`) was ever charged. */
export function keyWasCharged(db: Db, operationKey: string): boolean {
  return db.prepare("SELECT 1 FROM credit_transactions WHERE operation_key = ? AND type = 'usage' LIMIT 1").get(operationKey) !== undefined;
}
