import type { beforeHandleMessagePayload, Connection, connectedPayload, Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { parseDocumentName } from '../shared/sync/documentNames.ts';
import type { MemberStore } from './memberStore.ts';

/** What the server knows of a connection once its token is accepted. */
export interface MemberContext {
  memberId: string;
  spaceId: string;
  /** The WebSocket the document connection travels on (set by the transport). */
  socket?: { close(code?: number, reason?: string): void };
}

/** The close code and reason a refused or cut-off provider receives (4403: forbidden). */
export class AccessRefused extends Error {
  readonly code = 4403;
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

export const REFUSALS = {
  unknownDocument: 'There is no such document on this sync server.',
  unknownToken: 'This sync server does not know this member token: join the space again with a new join code.',
  revoked: 'Your access to this space was revoked: ask its owner for a new join code.',
  otherSpace: 'This document belongs to another space than the one this member token is for.',
} as const;

/** How often open connections are checked against revocations made by another process (`--revoke`). */
const REVOCATION_CHECK_MS = 250;

/**
 * Who may open what. A member token opens the documents of its own space only (the space id is in
 * every document name); every message is checked against the member's current standing, so a
 * revoked member can neither write nor, once its connections are closed, read.
 */
export class SpaceAccess implements Extension {
  private readonly open = new Map<string, Set<{ connection: Connection; context: MemberContext }>>();
  private readonly timer: NodeJS.Timeout;
  private readonly members: MemberStore;

  constructor(members: MemberStore) {
    this.members = members;
    this.timer = setInterval(() => this.cutOffRevoked(), REVOCATION_CHECK_MS);
    this.timer.unref();
  }

  async onAuthenticate({ token, documentName }: onAuthenticatePayload): Promise<Omit<MemberContext, 'socket'>> {
    const name = parseDocumentName(documentName);
    if (!name) throw new AccessRefused(REFUSALS.unknownDocument);
    const member = this.members.memberByToken(token);
    if (!member) throw new AccessRefused(REFUSALS.unknownToken);
    if (member.revokedAt !== null) throw new AccessRefused(REFUSALS.revoked);
    if (member.spaceId !== name.spaceId) throw new AccessRefused(REFUSALS.otherSpace);
    return { memberId: member.id, spaceId: member.spaceId };
  }

  async connected({ connection, context }: connectedPayload<MemberContext>): Promise<void> {
    const entry = { connection, context };
    const entries = this.open.get(context.memberId) ?? new Set();
    entries.add(entry);
    this.open.set(context.memberId, entries);
    connection.onClose(() => {
      entries.delete(entry);
      if (entries.size === 0 && this.open.get(context.memberId) === entries) this.open.delete(context.memberId);
    });
  }

  async beforeHandleMessage({ context }: beforeHandleMessagePayload): Promise<void> {
    const { memberId } = context as MemberContext;
    if (!this.members.isActive(memberId)) throw new AccessRefused(REFUSALS.revoked);
  }

  /** Closes every connection of a member revoked since the last check, and the sockets they travel on. */
  cutOffRevoked(): void {
    for (const [memberId, entries] of this.open) {
      if (this.members.isActive(memberId)) continue;
      this.open.delete(memberId);
      for (const { connection, context } of entries) {
        connection.close({ code: 4403, reason: REFUSALS.revoked });
        context.socket?.close(4403, REFUSALS.revoked);
      }
    }
  }

  async onDestroy(): Promise<void> {
    clearInterval(this.timer);
  }
}
