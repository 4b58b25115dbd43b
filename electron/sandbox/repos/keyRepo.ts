import { Scope, type Scope as ScopeT } from '../../../shared/api/index.ts';
import { str, strOrNull, type Db, type Row } from '../db/database.ts';

export type ApiKeyRecord = {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  scopes: ScopeT[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
};

function toKey(row: Row): ApiKeyRecord {
  const scopes = Scope.array().parse(JSON.parse(str(row, 'scopes')));
  return {
    id: str(row, 'id'),
    userId: str(row, 'user_id'),
    name: str(row, 'name'),
    prefix: str(row, 'prefix'),
    scopes,
    expiresAt: strOrNull(row, 'expires_at'),
    revokedAt: strOrNull(row, 'revoked_at'),
    lastUsedAt: strOrNull(row, 'last_used_at'),
    createdAt: str(row, 'created_at'),
  };
}

/** spec 2.1: active = neither revoked nor past its expiry. */
export function countActiveKeys(db: Db, userId: string, now: Date): number {
  const row = db
    .prepare('SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)')
    .get(userId, now.toISOString()) as Row;
  return Number(row.n);
}

export type NewKeyRow = {
  id: string;
  userId: string;
  name: string;
  keyHash: string;
  prefix: string;
  scopes: readonly ScopeT[];
  expiresAt: string | null;
  isSeed: boolean;
  createdAt: string;
};

export function insertKey(db: Db, k: NewKeyRow): ApiKeyRecord {
  db.prepare(
    `INSERT INTO api_keys (id, user_id, name, key_hash, prefix, scopes, expires_at, is_seed, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(k.id, k.userId, k.name, k.keyHash, k.prefix, JSON.stringify(k.scopes), k.expiresAt, k.isSeed ? 1 : 0, k.createdAt);
  return toKey(db.prepare('SELECT * FROM api_keys WHERE id = ?').get(k.id) as Row);
}

/** The key whose text hashes to `keyHash`, revoked or not, and whether it is a seed key. */
export function findKeyByHash(db: Db, keyHash: string): (ApiKeyRecord & { isSeed: boolean }) | null {
  const row = db.prepare('SELECT * FROM api_keys WHERE key_hash = ?').get(keyHash) as Row | undefined;
  return row ? { ...toKey(row), isSeed: Number(row.is_seed) === 1 } : null;
}

/** The user's keys that are not revoked, newest first. */
export function listUnrevokedKeys(db: Db, userId: string): ApiKeyRecord[] {
  const rows = db
    .prepare('SELECT * FROM api_keys WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, rowid DESC')
    .all(userId) as Row[];
  return rows.map(toKey);
}

/** spec 2.1: last_used_at is updated on use. */
export function markKeyUsed(db: Db, keyId: string, at: string): void {
  db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, keyId);
}

/** False when the user has no unrevoked key with this id. */
export function revokeKey(db: Db, userId: string, keyId: string, at: string): boolean {
  const changed = db
    .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL')
    .run(at, keyId, userId).changes;
  return Number(changed) > 0;
}

/** Revokes the user's active seed keys, all but `keepId` when given. */
export function revokeSeedKeys(db: Db, userId: string, at: string, keepId?: string): void {
  if (keepId === undefined) {
    db.prepare('UPDATE api_keys SET revoked_at = ? WHERE user_id = ? AND is_seed = 1 AND revoked_at IS NULL').run(at, userId);
  } else {
    db.prepare('UPDATE api_keys SET revoked_at = ? WHERE user_id = ? AND is_seed = 1 AND revoked_at IS NULL AND id <> ?').run(
      at,
      userId,
      keepId,
    );
  }
}

/** Makes a known key the active, unexpiring seed key again. */
export function reviveAsSeedKey(db: Db, keyId: string): void {
  db.prepare('UPDATE api_keys SET revoked_at = NULL, expires_at = NULL, is_seed = 1 WHERE id = ?').run(keyId);
}
