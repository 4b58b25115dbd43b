import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './syncDatabase.ts';
import { newId, newJoinCode, newMemberToken, normalizeJoinCode, secretHash } from './secrets.ts';

export interface Space {
  id: string;
  name: string;
}

export interface Member {
  id: string;
  spaceId: string;
  spaceName: string;
  name: string;
  joinedAt: string;
  revokedAt: string | null;
}

export interface Invitation {
  space: Space;
  memberName: string;
  code: string;
  expiresAt: string;
}

export interface Joined {
  space: Space;
  memberId: string;
  memberName: string;
  token: string;
}

/** How long a join code can be used, unless the invitation says otherwise. */
export const JOIN_CODE_DAYS = 7;

const MEMBER_COLUMNS = `m.id AS id, m.space_id AS spaceId, s.name AS spaceName, m.name AS name,
  m.joined_at AS joinedAt, m.revoked_at AS revokedAt`;

/** Spaces, join codes and members: every statement about who may open what. */
export class MemberStore {
  private readonly db: DatabaseSync;
  private readonly now: () => Date;

  constructor(db: DatabaseSync, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
  }

  spaces(): Space[] {
    return this.db.prepare('SELECT id, name FROM spaces ORDER BY name').all() as unknown as Space[];
  }

  /** The space with this id or name, made (with that name) when there is none. */
  private spaceNamed(nameOrId: string): Space {
    const found = this.db.prepare('SELECT id, name FROM spaces WHERE id = ? OR name = ?').get(nameOrId, nameOrId) as Space | undefined;
    if (found) return found;
    const space = { id: newId(), name: nameOrId };
    this.db.prepare('INSERT INTO spaces (id, name, created_at) VALUES (?, ?, ?)').run(space.id, space.name, this.now().toISOString());
    return space;
  }

  /** A new single-use join code for `memberName` in the space named `spaceNameOrId` (made if new). */
  invite(spaceNameOrId: string, memberName: string, days = JOIN_CODE_DAYS): Invitation {
    return inTransaction(this.db, () => {
      this.forgetExpiredCodes();
      const space = this.spaceNamed(spaceNameOrId);
      const code = newJoinCode();
      const expiresAt = new Date(this.now().getTime() + days * 86_400_000).toISOString();
      this.db
        .prepare('INSERT INTO join_codes (code_hash, space_id, member_name, expires_at) VALUES (?, ?, ?, ?)')
        .run(secretHash(normalizeJoinCode(code)), space.id, memberName, expiresAt);
      return { space, memberName, code, expiresAt };
    });
  }

  /**
   * Turns a join code into a member and its token, once: the code is deleted in the same
   * transaction, so a second use finds nothing. Null for a wrong, used or expired code.
   */
  join(code: string): Joined | null {
    return inTransaction(this.db, () => {
      this.forgetExpiredCodes();
      const codeHash = secretHash(normalizeJoinCode(code));
      const invitation = this.db
        .prepare(
          `SELECT j.space_id AS spaceId, s.name AS spaceName, j.member_name AS memberName
           FROM join_codes j JOIN spaces s ON s.id = j.space_id WHERE j.code_hash = ?`,
        )
        .get(codeHash) as { spaceId: string; spaceName: string; memberName: string } | undefined;
      if (!invitation) return null;
      this.db.prepare('DELETE FROM join_codes WHERE code_hash = ?').run(codeHash);
      const memberId = newId();
      const token = newMemberToken();
      this.db
        .prepare('INSERT INTO members (id, space_id, name, token_hash, joined_at) VALUES (?, ?, ?, ?, ?)')
        .run(memberId, invitation.spaceId, invitation.memberName, secretHash(token), this.now().toISOString());
      return { space: { id: invitation.spaceId, name: invitation.spaceName }, memberId, memberName: invitation.memberName, token };
    });
  }

  private forgetExpiredCodes(): void {
    this.db.prepare('DELETE FROM join_codes WHERE expires_at <= ?').run(this.now().toISOString());
  }

  /** The member a token belongs to, revoked or not; undefined for a token the server never gave. */
  memberByToken(token: string): Member | undefined {
    return this.db
      .prepare(`SELECT ${MEMBER_COLUMNS} FROM members m JOIN spaces s ON s.id = m.space_id WHERE m.token_hash = ?`)
      .get(secretHash(token)) as Member | undefined;
  }

  isActive(memberId: string): boolean {
    return this.db.prepare('SELECT 1 FROM members WHERE id = ? AND revoked_at IS NULL').get(memberId) !== undefined;
  }

  members(spaceNameOrId?: string): Member[] {
    const all = this.db
      .prepare(`SELECT ${MEMBER_COLUMNS} FROM members m JOIN spaces s ON s.id = m.space_id ORDER BY s.name, m.joined_at`)
      .all() as unknown as Member[];
    return spaceNameOrId === undefined
      ? all
      : all.filter((member) => member.spaceId === spaceNameOrId || member.spaceName === spaceNameOrId);
  }

  /** Revokes a member for good. False when there is no such member or it was revoked already. */
  revoke(memberId: string): boolean {
    const result = this.db
      .prepare('UPDATE members SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
      .run(this.now().toISOString(), memberId);
    return Number(result.changes) === 1;
  }
}
