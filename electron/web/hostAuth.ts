import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a launch code may wait for its page (spec of issue 12: useless after 60 s). */
export const LAUNCH_CODE_TTL_MS = 60_000;
/** A session no page has used for this long has ended: a tab left open and idle overnight opens again from a new link. */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** And none lives longer than this, however busy: a token that leaked stops working on its own. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000;

/** A session as Settings lists it: never its token. */
export type HostSessionView = { id: string; startedAt: number; lastUsedAt: number; expiresAt: number };

type Session = { id: string; token: string; startedAt: number; lastUsedAt: number };

/**
 * Who may talk to the browser host. It listens on loopback only, but every page the user has open
 * and every local process can reach loopback, so a request must also prove it comes from the page
 * the host opened:
 * - the `Host` header names the host itself (a DNS-rebound name such as evil.example is refused);
 * - the `Origin`, whenever the browser sends one, is the host's own origin (port included);
 * - a secret of this start. The URL the host prints or opens carries only a launch code: one use,
 *   60 seconds. The page trades it (POST /session, Origin checked) for a session token that it
 *   keeps in sessionStorage, which is bound to the exact origin and the tab, and sends in a header:
 *   the WebSocket upgrade's subprotocol list and the uploads' `x-cast-token`, never in a URL, where
 *   logs and history would keep it. No cookie is ever set: cookies ignore ports, so every server
 *   on 127.0.0.1 would receive it.
 * - a session ends when no page has used it for SESSION_IDLE_MS, SESSION_MAX_MS after it began,
 *   or when the person ends it in Settings; its open sockets are closed then (`onEnded`).
 * - media (`<img src>` cannot send a header) is read through `/media/<mediaKey>/<id>`: core's
 *   mediaBase holds the media key, which reads media and nothing else, and only for requests the
 *   browser does not mark as coming from another site.
 */
export class HostAuth {
  readonly origin: string;
  readonly host: string;
  /** Read-only key for media URLs; lives in core's mediaBase for this start. */
  readonly mediaKey: string;
  private readonly launchCodes = new Map<string, number>();
  private readonly sessions = new Map<string, Session>();
  /** Tokens of sessions that have ended, so a page that still holds one is told so (not just refused). */
  private readonly endedTokens = new Set<string>();
  private readonly endedListeners = new Set<(sessionId: string) => void>();
  private readonly now: () => number;

  constructor(port: number, options: { mediaKey?: string; now?: () => number } = {}) {
    this.host = `127.0.0.1:${port}`;
    this.origin = `http://${this.host}`;
    this.mediaKey = options.mediaKey ?? newToken();
    this.now = options.now ?? Date.now;
  }

  /** A fresh launch code: the one secret that travels in a URL (`/#launch=…`). */
  mintLaunchCode(): string {
    this.forgetExpired();
    const code = newToken();
    this.launchCodes.set(code, this.now() + LAUNCH_CODE_TTL_MS);
    return code;
  }

  /** Trades a launch code once, within its 60 s, for a new session token; null otherwise. */
  redeem(code: string | null | undefined): string | null {
    this.forgetExpired();
    if (!code) return null;
    const match = [...this.launchCodes.keys()].find((known) => sameSecret(known, code));
    if (!match) return null;
    this.launchCodes.delete(match);
    const token = newToken();
    const now = this.now();
    this.sessions.set(token, { id: newToken().slice(0, 16), token, startedAt: now, lastUsedAt: now });
    return token;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [known, expires] of this.launchCodes) if (expires <= now) this.launchCodes.delete(known);
    for (const session of this.sessions.values()) if (expiresAt(session) <= now) this.end(session);
  }

  /** A live session token of this start (the WebSocket upgrade, uploads): counts as a use of it. */
  sessionMatches(candidate: string | null | undefined): boolean {
    return this.sessionOf(candidate) !== null;
  }

  /** The live session `candidate` is the token of, now used; null for an unknown, expired or ended one. */
  sessionOf(candidate: string | null | undefined): string | null {
    this.forgetExpired();
    if (!candidate) return null;
    for (const session of this.sessions.values()) {
      if (!sameSecret(session.token, candidate)) continue;
      session.lastUsedAt = this.now();
      return session.id;
    }
    return null;
  }

  /** Whether `candidate` was a session token of this start that has ended or expired. */
  sessionEnded(candidate: string | null | undefined): boolean {
    this.forgetExpired();
    if (!candidate) return false;
    for (const token of this.endedTokens) if (sameSecret(token, candidate)) return true;
    return false;
  }

  /** A use of the session with this id (a message on its socket); false once it has ended or expired. */
  useSession(sessionId: string): boolean {
    this.forgetExpired();
    const session = [...this.sessions.values()].find((known) => known.id === sessionId);
    if (session) session.lastUsedAt = this.now();
    return session !== undefined;
  }

  /** The live sessions, oldest first, for Settings. */
  listSessions(): HostSessionView[] {
    this.forgetExpired();
    return [...this.sessions.values()]
      .map((session) => ({ id: session.id, startedAt: session.startedAt, lastUsedAt: session.lastUsedAt, expiresAt: expiresAt(session) }))
      .sort((a, b) => a.startedAt - b.startedAt);
  }

  /** Ends a session now (Settings → End); false when no live session has that id. */
  endSession(sessionId: string): boolean {
    const session = [...this.sessions.values()].find((known) => known.id === sessionId);
    if (!session) return false;
    this.end(session);
    return true;
  }

  /** Called with a session's id when it ends, however it ends; returns the unsubscribe. */
  onEnded(listener: (sessionId: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private end(session: Session): void {
    this.sessions.delete(session.token);
    this.endedTokens.add(session.token);
    for (const listener of [...this.endedListeners]) listener(session.id);
  }

  mediaKeyMatches(candidate: string | null | undefined): boolean {
    return !!candidate && sameSecret(this.mediaKey, candidate);
  }

  hostMatches(hostHeader: string | undefined): boolean {
    return hostHeader === this.host;
  }

  /** `required`: the WebSocket upgrade, the launch exchange and uploads must carry an Origin at all. */
  originMatches(originHeader: string | undefined, required: boolean): boolean {
    if (originHeader === undefined) return !required;
    return originHeader === this.origin;
  }
}

/** Idle or at its absolute end, whichever comes first. */
function expiresAt(session: Session): number {
  return Math.min(session.lastUsedAt + SESSION_IDLE_MS, session.startedAt + SESSION_MAX_MS);
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * `Sec-Fetch-Site` is sent by every current browser; a request another site starts says
 * `cross-site` (or `same-site` from another port of 127.0.0.1) and is refused even with a key.
 */
export function fetchSiteAllowed(header: string | undefined): boolean {
  return header === undefined || header === 'same-origin' || header === 'none';
}
