import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Plan } from '../../shared/api/index.ts';
import type { Db } from './db/database.ts';
import { getUser, insertUser, type User } from './repos/userRepo.ts';

/** Decision: operations quoted above this many credits need approval (spec 2.6, 4.3). */
export const DEFAULT_APPROVAL_THRESHOLD = 50;

export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

export type NewUser = { email: string; name: string; plan: Plan; credits: number; team?: string | undefined };

/** Creates a user with a web session token (returned once; only its hash is kept). */
export function createUser(db: Db, input: NewUser, now: Date): { user: User; sessionToken: string } {
  const id = randomUUID();
  const sessionToken = `sess_${randomBytes(32).toString('hex')}`;
  insertUser(db, {
    id,
    email: input.email,
    name: input.name,
    plan: input.plan,
    team: input.team ?? null,
    avatarUrl: avatarFor(input.email),
    sessionTokenHash: sha256Hex(sessionToken),
    approvalThreshold: DEFAULT_APPROVAL_THRESHOLD,
    createdAt: now.toISOString(),
  });
  const user = getUser(db, id);
  if (!user) throw new Error('The user just created is missing.');
  return { user, sessionToken };
}

function avatarFor(email: string): string {
  return `https://www.gravatar.com/avatar/${sha256Hex(email.trim().toLowerCase())}?d=identicon`;
}

/** spec 5.5: only an active Creator or Studio plan may use the API. */
export function hasActivePlan(user: User): boolean {
  return user.plan === 'creator' || user.plan === 'studio';
}

/** spec 2.7: subscription is null for free users. */
export function subscriptionOf(user: User): { plan: string; status: string; current_period_end: string } | null {
  if (!hasActivePlan(user)) return null;
  const start = new Date(user.createdAt);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + Math.max(1, monthsSince(start) + 1));
  return { plan: user.plan, status: 'active', current_period_end: end.toISOString() };
}

function monthsSince(start: Date): number {
  const now = new Date();
  return (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth());
}
