import { createHash } from 'node:crypto';
import { LIMITS } from '../../shared/api/index.ts';
import { num, str, strOrNull, type Db, type Row } from './db/database.ts';
import { canonicalJson } from './server/http.ts';

export type StoredResponse = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  fingerprint: string;
  resourceKind: string | null;
  resourceId: string | null;
  createdAt: string;
};

/** Same key with the same request = same fingerprint: method, path, canonical body, quote header. */
export function fingerprint(method: string, path: string, body: unknown, quoteId: string | null): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}\n${quoteId ?? ''}`).digest('hex');
}

export function findRecord(db: Db, apiKeyId: string, key: string): StoredResponse | null {
  const row = db.prepare('SELECT * FROM idempotency WHERE api_key_id = ? AND key = ?').get(apiKeyId, key) as Row | undefined;
  if (!row) return null;
  return {
    status: num(row, 'status'),
    headers: JSON.parse(str(row, 'headers')) as Record<string, string>,
    body: JSON.parse(str(row, 'body')) as unknown,
    fingerprint: str(row, 'fingerprint'),
    resourceKind: strOrNull(row, 'resource_kind'),
    resourceId: strOrNull(row, 'resource_id'),
    createdAt: str(row, 'created_at'),
  };
}

export type NewRecord = {
  apiKeyId: string;
  key: string;
  userId: string;
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  resourceKind: string | null;
  resourceId: string | null;
  now: Date;
};

/** Drops one key's record when it was made before `cutoff` (a service variant's short retention). */
export function forgetRecord(db: Db, apiKeyId: string, key: string, cutoff: Date): void {
  db.prepare('DELETE FROM idempotency WHERE api_key_id = ? AND key = ? AND created_at < ?').run(apiKeyId, key, cutoff.toISOString());
}

/** Inserted in the same transaction as the resource and its charge. */
export function insertRecord(db: Db, r: NewRecord): void {
  db.prepare(
    `INSERT INTO idempotency (api_key_id, key, user_id, method, path, fingerprint, status, headers, body, resource_kind, resource_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(r.apiKeyId, r.key, r.userId, r.method, r.path, r.fingerprint, r.status, JSON.stringify(r.headers), JSON.stringify(r.body), r.resourceKind, r.resourceId, r.now.toISOString());
}

/**
 * Decision: records are kept twice the promised 24 hours (LIMITS.idempotencyRetentionHours),
 * then dropped; a key reused after that executes as new.
 */
export function purgeOldRecords(db: Db, now: Date): number {
  const cutoff = new Date(now.getTime() - 2 * LIMITS.idempotencyRetentionHours * 3600_000).toISOString();
  return Number(db.prepare('DELETE FROM idempotency WHERE created_at < ?').run(cutoff).changes);
}
