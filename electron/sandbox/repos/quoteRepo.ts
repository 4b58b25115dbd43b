import { num, str, strOrNull, type Db, type Row } from '../db/database.ts';

export type ApprovalState = 'pending' | 'approved' | 'rejected' | 'revoked';

export type QuoteRecord = {
  id: string;
  userId: string;
  apiKeyId: string;
  payerId: string;
  operationId: string;
  inputHash: string;
  assetHash: string;
  capabilityVersion: string;
  pricingVersion: string;
  credits: number;
  retryBudget: number;
  approvalRequired: boolean;
  approvalState: string | null;
  expiresAt: string;
  usedBy: string | null;
  createdAt: string;
};

function toQuote(row: Row): QuoteRecord {
  return {
    id: str(row, 'id'),
    userId: str(row, 'user_id'),
    apiKeyId: str(row, 'api_key_id'),
    payerId: str(row, 'payer_id'),
    operationId: str(row, 'operation_id'),
    inputHash: str(row, 'input_hash'),
    assetHash: str(row, 'asset_hash'),
    capabilityVersion: str(row, 'capability_version'),
    pricingVersion: str(row, 'pricing_version'),
    credits: num(row, 'credits'),
    retryBudget: num(row, 'retry_budget'),
    approvalRequired: num(row, 'approval_required') === 1,
    approvalState: strOrNull(row, 'approval_state'),
    expiresAt: str(row, 'expires_at'),
    usedBy: strOrNull(row, 'used_by'),
    createdAt: str(row, 'created_at'),
  };
}

export type NewQuote = Omit<QuoteRecord, 'usedBy'>;

export function insertQuote(db: Db, q: NewQuote): void {
  db.prepare(
    `INSERT INTO quotes (id, user_id, api_key_id, payer_id, operation_id, input_hash, asset_hash, capability_version, pricing_version,
       credits, retry_budget, approval_required, approval_state, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    q.id,
    q.userId,
    q.apiKeyId,
    q.payerId,
    q.operationId,
    q.inputHash,
    q.assetHash,
    q.capabilityVersion,
    q.pricingVersion,
    q.credits,
    q.retryBudget,
    q.approvalRequired ? 1 : 0,
    q.approvalState,
    q.expiresAt,
    q.createdAt,
  );
}

export function getQuote(db: Db, id: string): QuoteRecord | null {
  const row = db.prepare('SELECT * FROM quotes WHERE id = ?').get(id) as Row | undefined;
  return row ? toQuote(row) : null;
}

/** spec 4.3 / 5.7: a quote exists for its actor and the API key that asked for it, for nobody else. */
export function findIssuedQuote(db: Db, id: string, userId: string, apiKeyId: string): QuoteRecord | null {
  const row = db.prepare('SELECT * FROM quotes WHERE id = ? AND user_id = ? AND api_key_id = ?').get(id, userId, apiKeyId) as
    Row | undefined;
  return row ? toQuote(row) : null;
}

export function markQuoteUsed(db: Db, id: string, resourceId: string): void {
  db.prepare('UPDATE quotes SET used_by = ? WHERE id = ?').run(resourceId, id);
}

export function setApprovalState(db: Db, id: string, state: ApprovalState): void {
  db.prepare('UPDATE quotes SET approval_state = ? WHERE id = ?').run(state, id);
}

/** Ends the quote's validity at `at`; false when there is no such quote. */
export function expireQuote(db: Db, id: string, at: string): boolean {
  return Number(db.prepare('UPDATE quotes SET expires_at = ? WHERE id = ?').run(at, id).changes) > 0;
}

/** Quotes subject to approval in one state, newest first (at most 100); of one user when given. */
export function quotesAwaiting(db: Db, state: ApprovalState, userId: string | null): QuoteRecord[] {
  const rows = db
    .prepare(
      'SELECT * FROM quotes WHERE approval_required = 1 AND approval_state = ? AND (? IS NULL OR user_id = ?) ORDER BY created_at DESC, rowid DESC LIMIT 100',
    )
    .all(state, userId, userId) as Row[];
  return rows.map(toQuote);
}
