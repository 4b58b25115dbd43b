import { num, str, strOrNull, type Db, type Row } from '../db/database.ts';

export type StoredResponse = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  fingerprint: string;
  resourceKind: string | null;
  resourceId: string | null;
  createdAt: string;
};

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
  ).run(
    r.apiKeyId,
    r.key,
    r.userId,
    r.method,
    r.path,
    r.fingerprint,
    r.status,
    JSON.stringify(r.headers),
    JSON.stringify(r.body),
    r.resourceKind,
    r.resourceId,
    r.now.toISOString(),
  );
}

/** Drops every record made before `cutoff`; returns how many. */
export function forgetRecordsBefore(db: Db, cutoff: Date): number {
  return Number(db.prepare('DELETE FROM idempotency WHERE created_at < ?').run(cutoff.toISOString()).changes);
}
