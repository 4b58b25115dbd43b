import { randomBytes, randomUUID } from 'node:crypto';
import { ALL_SCOPES, API_KEY_PATTERN, LIMITS, type Scope as ScopeT } from '../../shared/api/index.ts';
import type { Db } from './db/database.ts';
import { countActiveKeys, findKeyByHash, insertKey, type ApiKeyRecord } from './repos/keyRepo.ts';
import { SandboxError } from './sandboxError.ts';
import { sha256Hex } from './users.ts';

/** spec 2.1: `sk_live_` + 64 hex characters. */
export function mintKeyText(): string {
  return `sk_live_${randomBytes(LIMITS.apiKeyHexLength / 2).toString('hex')}`;
}

export function isWellFormedKey(text: string): boolean {
  return API_KEY_PATTERN.test(text);
}

export type NewKey = { name: string; scopes?: ScopeT[] | undefined; expiresAt?: string | undefined; text?: string; seed?: boolean };

/**
 * Creates a key; only the SHA-256 hash is stored (spec 2.1). The plaintext and a `whsec_` webhook
 * secret are returned once; the secret enables nothing (spec 6).
 */
export function createKey(db: Db, userId: string, input: NewKey, now: Date): { record: ApiKeyRecord; key: string; webhookSecret: string } {
  // spec 2.1 / 8: at most 10 active keys per user.
  if (countActiveKeys(db, userId, now) >= LIMITS.activeApiKeysPerUser) {
    throw new SandboxError(
      'active_key_limit',
      `You already have ${LIMITS.activeApiKeysPerUser} active keys; revoke one before creating another.`,
    );
  }
  const key = input.text ?? mintKeyText();
  const id = randomUUID();
  const scopes = input.scopes ?? [...ALL_SCOPES];
  const record = insertKey(db, {
    id,
    userId,
    name: input.name,
    keyHash: sha256Hex(key),
    prefix: key.slice(0, 12),
    scopes: [...new Set(scopes)],
    expiresAt: input.expiresAt ?? null,
    isSeed: input.seed ?? false,
    createdAt: now.toISOString(),
  });
  return { record, key, webhookSecret: `whsec_${randomBytes(24).toString('hex')}` };
}

export function findKeyByText(db: Db, text: string): (ApiKeyRecord & { isSeed: boolean }) | null {
  return findKeyByHash(db, sha256Hex(text));
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
