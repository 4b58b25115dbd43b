import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a launch code may wait for its page (spec of issue 12: useless after 60 s). */
export const LAUNCH_CODE_TTL_MS = 60_000;

/**
 * Who may talk to the browser host. It listens on loopback only, but every page the user has open
 * and every local process can reach loopback, so a request must also prove it comes from the page
 * the host opened:
 * - the `Host` header names the host itself (a DNS-rebound name such as evil.example is refused);
 * - the `Origin`, whenever the browser sends one, is the host's own origin (port included);
 * - a secret of this start. The URL the host prints or opens carries only a launch code: one use,
 *   60 seconds. The page trades it (POST /session, Origin checked) for a session token that it
 *   keeps in sessionStorage, which is bound to the exact origin and the tab, and sends with the
 *   WebSocket upgrade and with uploads. No cookie is ever set: cookies ignore ports, so every
 *   server on 127.0.0.1 would receive it.
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
  private readonly sessions = new Set<string>();
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
    const session = newToken();
    this.sessions.add(session);
    return session;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [known, expires] of this.launchCodes) if (expires <= now) this.launchCodes.delete(known);
  }

  /** A session token this start handed out (to the WebSocket upgrade and uploads). */
  sessionMatches(candidate: string | null | undefined): boolean {
    if (!candidate) return false;
    for (const session of this.sessions) if (sameSecret(session, candidate)) return true;
    return false;
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
