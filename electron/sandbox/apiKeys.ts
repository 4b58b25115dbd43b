import { randomBytes, randomUUID } from 'node:crypto';
import { ALL_SCOPES, API_KEY_PATTERN, LIMITS, Scope, type Scope as ScopeT } from '../../shared/api/index.ts';
import { str, strOrNull, type Db, type Row } from './db/database.ts';
import { ApiError } from './server/apiError.ts';
import { sha256Hex } from './users.ts';

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

export function toKey(row: Row): ApiKeyRecord {
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

/** spec 2.1: `sk_live_` + 64 hex characters. */
export function mintKeyText(): string {
  return `sk_live_${randomBytes(LIMITS.apiKeyHexLength / 2).toString('hex')}`;
}

export function isWellFormedKey(text: string): boolean {
  return API_KEY_PATTERN.test(text);
}

/** spec 2.1: active = neither revoked nor past its expiry. */
export function countActiveKeys(db: Db, userId: string, now: Date): number {
  const row = db
    .prepare('SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)')
    .get(userId, now.toISOString()) as Row;
  return Number(row.n);
}

export type NewKey = { name: string; scopes?: ScopeT[] | undefined; expiresAt?: string | undefined; text?: string; seed?: boolean };

/**
 * Creates a key; only the SHA-256 hash is stored (spec 2.1). The plaintext and a `whsec_` webhook
 * secret are returned once; the secret enables nothing (spec 6).
 */
export function insertKey(db: Db, userId: string, input: NewKey, now: Date): { record: ApiKeyRecord; key: string; webhookSecret: string } {
  // spec 2.1 / 8: at most 10 active keys per user.
  if (countActiveKeys(db, userId, now) >= LIMITS.activeApiKeysPerUser) {
    throw new ApiError('active_key_limit', `You already have ${LIMITS.activeApiKeysPerUser} active keys; revoke one before creating another.`);
  }
  const key = input.text ?? mintKeyText();
  const id = randomUUID();
  const scopes = input.scopes ?? [...ALL_SCOPES];
  db.prepare(
    `INSERT INTO api_keys (id, user_id, name, key_hash, prefix, scopes, expires_at, is_seed, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, userId, input.name, sha256Hex(key), key.slice(0, 12), JSON.stringify([...new Set(scopes)]), input.expiresAt ?? null, input.seed ? 1 : 0, now.toISOString());
  const row = db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as Row;
  return { record: toKey(row), key, webhookSecret: `whsec_${randomBytes(24).toString('hex')}` };
}

export function findKeyByText(db: Db, text: string): (ApiKeyRecord & { isSeed: boolean }) | null {
  const row = db.prepare('SELECT * FROM api_keys WHERE key_hash = ?').get(sha256Hex(text)) as Row | undefined;
  return row ? { ...toKey(row), isSeed: Number(row.is_seed) === 1 } : null;
}

export function revokeKey(db: Db, userId: string, keyId: string, now: Date): boolean {
  const changed = db
    .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL')
    .run(now.toISOString(), keyId, userId).changes;
  return Number(changed) > 0;
}

export function keyListing(k: ApiKeyRecord): Record<string, unknown> {
  return {
    id: k.id,
    prefix: k.prefix,
    name: k.name,
    last_used_at: k.lastUsedAt,
    created_at: k.createdAt,
    scopes: k.scopes,
    expires_at: k.expiresAt,
  };
}
