import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Who may talk to the browser host. It listens on loopback only, but every page the user has open
 * can reach loopback, so a request must also prove it comes from the page the host printed:
 * - the `Host` header names the host itself (a DNS-rebound name such as evil.example is refused);
 * - the `Origin`, whenever the browser sends one, is the host's own origin;
 * - the random token of this start, from the URL fragment, travels in the WebSocket URL, the
 *   session exchange header, or (for media) an HttpOnly SameSite=Strict cookie or `?token=`.
 */
export class HostAuth {
  readonly token: string;
  readonly origin: string;
  readonly host: string;
  readonly cookieName: string;

  constructor(port: number, token: string = newToken()) {
    this.token = token;
    this.host = `127.0.0.1:${port}`;
    this.origin = `http://${this.host}`;
    // Cookies ignore ports: a name per port keeps two hosts on one machine from overwriting each other.
    this.cookieName = `cast_token_${port}`;
  }

  tokenMatches(candidate: string | null | undefined): boolean {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(this.token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  hostMatches(hostHeader: string | undefined): boolean {
    return hostHeader === this.host;
  }

  /** `required`: the WebSocket upgrade and the session exchange must carry an Origin at all. */
  originMatches(originHeader: string | undefined, required: boolean): boolean {
    if (originHeader === undefined) return !required;
    return originHeader === this.origin;
  }

  /** The token a media request carries, from its cookie or its query. */
  requestToken(cookieHeader: string | undefined, url: URL): string | null {
    return readCookie(cookieHeader, this.cookieName) ?? url.searchParams.get('token');
  }

  sessionCookie(): string {
    return `${this.cookieName}=${this.token}; Path=/; HttpOnly; SameSite=Strict`;
  }
}

/** 32 random bytes, base64url: the host's secret for this start. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/**
 * `Sec-Fetch-Site` is sent by every current browser; a request another site starts says
 * `cross-site` (or `same-site` from another port of 127.0.0.1) and is refused even with a cookie.
 */
export function fetchSiteAllowed(header: string | undefined): boolean {
  return header === undefined || header === 'same-origin' || header === 'none';
}
