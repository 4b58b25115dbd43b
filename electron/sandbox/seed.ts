import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKey, findKeyByText, isWellFormedKey } from './apiKeys.ts';
import { grant } from './credits.ts';
import { getMeta, setMeta, transaction, type Db } from './db/database.ts';
import { reviveAsSeedKey, revokeSeedKeys } from './repos/keyRepo.ts';
import { getUser, type User } from './repos/userRepo.ts';
import { createUser } from './users.ts';

export const SEED = { email: 'creator@sandbox.local', name: 'Sandbox Creator', plan: 'creator', credits: 1000 } as const;

/** The seeded user: Creator plan, 1,000 credits, created on first start (issue 3). */
export function ensureSeedUser(db: Db, now: Date): User {
  return transaction(db, () => {
    const id = getMeta(db, 'seed_user_id');
    const existing = id ? getUser(db, id) : null;
    if (existing) return existing;
    const { user } = createUser(db, { email: SEED.email, name: SEED.name, plan: SEED.plan, credits: 0 }, now);
    grant(db, user.id, SEED.credits, 'Sandbox starting credits', now);
    setMeta(db, 'seed_user_id', user.id);
    return getUser(db, user.id) ?? user;
  });
}

/**
 * The key printed on the ready line. Idempotency keys are scoped per API key, so the app can keep
 * one key across restarts: a well-formed `CAST_SANDBOX_API_KEY` is made an active seed key of the
 * seeded user (its hash registered if unknown). Without it a fresh key is minted. Either way the
 * other seed keys are revoked: never more than one active seed key.
 */
export function ensureSeedKey(db: Db, user: User, wanted: string | undefined, now: Date): string {
  return transaction(db, () => {
    const at = now.toISOString();
    let text: string;
    if (wanted !== undefined && isWellFormedKey(wanted)) {
      const found = findKeyByText(db, wanted);
      if (found && found.userId !== user.id) throw new Error('CAST_SANDBOX_API_KEY belongs to another sandbox user.');
      revokeSeedKeys(db, user.id, at, found?.id ?? '');
      if (found) {
        reviveAsSeedKey(db, found.id);
      } else {
        createKey(db, user.id, { name: 'Sandbox seed key', text: wanted, seed: true }, now);
      }
      text = wanted;
    } else {
      revokeSeedKeys(db, user.id, at);
      text = createKey(db, user.id, { name: 'Sandbox seed key', seed: true }, now).key;
    }
    return text;
  });
}

/** Random per data folder, kept in the folder with owner-only permissions (sandbox-only). */
export function ensureAdminToken(dataDir: string): string {
  const file = join(dataDir, 'admin_token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = `adm_${randomBytes(32).toString('hex')}`;
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

export function ensureCursorSecret(db: Db): Buffer {
  const stored = getMeta(db, 'cursor_secret');
  if (stored) return Buffer.from(stored, 'hex');
  const secret = randomBytes(32);
  setMeta(db, 'cursor_secret', secret.toString('hex'));
  return secret;
}
