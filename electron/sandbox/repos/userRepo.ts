import type { Plan } from '../../../shared/api/index.ts';
import { num, str, strOrNull, type Db, type Row } from '../db/database.ts';

export type User = {
  id: string;
  email: string;
  name: string;
  plan: Plan;
  team: string | null;
  balance: number;
  avatarUrl: string;
  approvalThreshold: number;
  createdAt: string;
};

function toUser(row: Row): User {
  return {
    id: str(row, 'id'),
    email: str(row, 'email'),
    name: str(row, 'name'),
    plan: str(row, 'plan') as Plan,
    team: strOrNull(row, 'team'),
    balance: num(row, 'balance'),
    avatarUrl: str(row, 'avatar_url'),
    approvalThreshold: num(row, 'approval_threshold'),
    createdAt: str(row, 'created_at'),
  };
}

export function getUser(db: Db, id: string): User | null {
  const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as Row | undefined;
  return row ? toUser(row) : null;
}

/** The user whose web session token hashes to `tokenHash`, or null. */
export function findUserBySessionHash(db: Db, tokenHash: string): User | null {
  const row = db.prepare('SELECT * FROM users WHERE session_token_hash = ?').get(tokenHash) as Row | undefined;
  return row ? toUser(row) : null;
}

export type NewUserRow = {
  id: string;
  email: string;
  name: string;
  plan: Plan;
  team: string | null;
  avatarUrl: string;
  sessionTokenHash: string;
  approvalThreshold: number;
  createdAt: string;
};

/** A new user starts with a balance of 0; credits arrive through the ledger. */
export function insertUser(db: Db, u: NewUserRow): void {
  db.prepare(
    `INSERT INTO users (id, email, name, plan, team, balance, avatar_url, session_token_hash, approval_threshold, created_at)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  ).run(u.id, u.email, u.name, u.plan, u.team, u.avatarUrl, u.sessionTokenHash, u.approvalThreshold, u.createdAt);
}

/** False when there is no such user. */
export function setPlan(db: Db, id: string, plan: Plan): boolean {
  return Number(db.prepare('UPDATE users SET plan = ? WHERE id = ?').run(plan, id).changes) > 0;
}
