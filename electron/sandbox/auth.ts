import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Scope } from '../../shared/api/index.ts';
import { findKeyByText, type ApiKeyRecord } from './apiKeys.ts';
import type { Db, Row } from './db/database.ts';
import { ApiError } from './server/apiError.ts';
import { getUser, hasActivePlan, sha256Hex, toUser, type User } from './users.ts';

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
  if (token === null) throw new ApiError('missing_api_key', 'Send your API key in the Authorization header as "Bearer sk_live_…".');
  const key = token ? findKeyByText(db, token) : null;
  if (!key || key.revokedAt !== null) {
    throw new ApiError('invalid_api_key', 'This API key is not known or was revoked. Create a new key and use it instead.');
  }
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) {
    throw new ApiError('expired_api_key', 'This API key has expired. Create a new key and use it instead.');
  }
  const user = getUser(db, key.userId);
  if (!user) throw new ApiError('invalid_api_key', 'This API key is not known or was revoked.');
  if (requirePlan && !hasActivePlan(user)) {
    throw new ApiError('plan_required', 'The API needs an active Creator or Studio plan. Upgrade the plan, then try again.');
  }
  // spec 2.1: last_used_at is updated on use.
  db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(now.toISOString(), key.id);
  return { user, key: { ...key, lastUsedAt: now.toISOString() } };
}

/**
 * spec 5.3: a write needs its scope, checked before any resource or pricing read, so a key
 * without it gets one answer whether or not the resource exists. With several scopes, any one will do.
 */
export function requireScope(actor: Actor, scopes: Scope | readonly Scope[]): void {
  const wanted = typeof scopes === 'string' ? [scopes] : scopes;
  if (wanted.some((s) => actor.key.scopes.includes(s))) return;
  throw new ApiError(
    'insufficient_scope',
    `This API key lacks the scope ${wanted.join(' or ')}. Create a key with that scope and use it instead.`,
  );
}

/** spec 4.7: /api/keys is the web application's, authenticated by a session token. */
export function authenticateSession(db: Db, req: IncomingMessage): User {
  const token = bearer(req);
  const row = token ? (db.prepare('SELECT * FROM users WHERE session_token_hash = ?').get(sha256Hex(token)) as Row | undefined) : undefined;
  if (!row) throw new ApiError('invalid_session', 'Sign in to the web application again: the session token is missing or not valid.');
  return toUser(row);
}

export function authenticateAdmin(req: IncomingMessage, adminToken: string): void {
  const token = bearer(req) ?? '';
  const a = Buffer.from(sha256Hex(token));
  const b = Buffer.from(sha256Hex(adminToken));
  if (!timingSafeEqual(a, b)) throw new ApiError('invalid_admin_token', 'The sandbox admin token is missing or wrong; use the admin_token the sandbox printed.');
}
