import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Scope } from '../../shared/api/index.ts';
import { findKeyByText } from './apiKeys.ts';
import type { Db } from './db/database.ts';
import { markKeyUsed, type ApiKeyRecord } from './repos/keyRepo.ts';
import { findUserBySessionHash, getUser, type User } from './repos/userRepo.ts';
import { SandboxError } from './sandboxError.ts';
import { hasActivePlan, sha256Hex } from './users.ts';

export type Actor = { user: User; key: ApiKeyRecord };

function bearer(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * spec 5.6, in this order: missing_api_key → invalid_api_key (unknown or revoked) →
 * expired_api_key → plan_required. Scope comes after, in requireScope.
 */
export function authenticateApiKey(db: Db, req: IncomingMessage, now: Date, requirePlan = true): Actor {
  const token = bearer(req);
  if (token === null) throw new SandboxError('missing_api_key', 'Send your API key in the Authorization header as "Bearer sk_live_…".');
  const key = token ? findKeyByText(db, token) : null;
  if (!key || key.revokedAt !== null) {
    throw new SandboxError('invalid_api_key', 'This API key is not known or was revoked. Create a new key and use it instead.');
  }
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) {
    throw new SandboxError('expired_api_key', 'This API key has expired. Create a new key and use it instead.');
  }
  const user = getUser(db, key.userId);
  if (!user) throw new SandboxError('invalid_api_key', 'This API key is not known or was revoked.');
  if (requirePlan && !hasActivePlan(user)) {
    throw new SandboxError('plan_required', 'The API needs an active Creator or Studio plan. Upgrade the plan, then try again.');
  }
  // spec 2.1: last_used_at is updated on use.
  markKeyUsed(db, key.id, now.toISOString());
  return { user, key: { ...key, lastUsedAt: now.toISOString() } };
}

/**
 * spec 5.3: a write needs its scope, checked before any resource or pricing read, so a key
 * without it gets one answer whether or not the resource exists. With several scopes, any one will do.
 */
export function requireScope(actor: Actor, scopes: Scope | readonly Scope[]): void {
  const wanted = typeof scopes === 'string' ? [scopes] : scopes;
  if (wanted.some((s) => actor.key.scopes.includes(s))) return;
  throw new SandboxError(
    'insufficient_scope',
    `This API key lacks the scope ${wanted.join(' or ')}. Create a key with that scope and use it instead.`,
  );
}

/** spec 4.7: /api/keys is the web application's, authenticated by a session token. */
export function authenticateSession(db: Db, req: IncomingMessage): User {
  const token = bearer(req);
  const user = token ? findUserBySessionHash(db, sha256Hex(token)) : null;
  if (!user) throw new SandboxError('invalid_session', 'Sign in to the web application again: the session token is missing or not valid.');
  return user;
}

export function authenticateAdmin(req: IncomingMessage, adminToken: string): void {
  const token = bearer(req) ?? '';
  const a = Buffer.from(sha256Hex(token));
  const b = Buffer.from(sha256Hex(adminToken));
  if (!timingSafeEqual(a, b))
    throw new SandboxError('invalid_admin_token', 'The sandbox admin token is missing or wrong; use the admin_token the sandbox printed.');
}
