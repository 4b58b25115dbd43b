import type { Reply } from './bridge.ts';

/**
 * The browser host's transport, as both ends know it: where the WebSocket and the upload route
 * are, the header the session token travels in, and the close codes that say why a socket ends.
 */

/** The WebSocket's path on the browser host. */
export const BRIDGE_PATH = '/bridge';

/** The host's streamed upload route (`PUT`), and the header its session token travels in (HTTP header names are case-insensitive). */
export const UPLOAD_PATH = '/uploads';
export const SESSION_HEADER = 'x-cast-token';

/**
 * The WebSocket's subprotocols: the one the host answers with, and the one that carries the
 * page's session token. The token travels in the upgrade's `Sec-WebSocket-Protocol` header, never
 * in the URL, where logs and history would keep it; the host never echoes it back.
 */
export const BRIDGE_PROTOCOL = 'cast-bridge';
export const TOKEN_PROTOCOL_PREFIX = 'cast-token.';

/** What a page passes as `new WebSocket(url, protocols)`. */
export function bridgeProtocols(token: string): string[] {
  return [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`];
}

/** The session token among an upgrade's offered subprotocols (the header's comma-separated list), if any. */
export function tokenFromProtocols(header: string | undefined): string | null {
  for (const offered of (header ?? '').split(',')) {
    const protocol = offered.trim();
    if (protocol.startsWith(TOKEN_PROTOCOL_PREFIX)) return protocol.slice(TOKEN_PROTOCOL_PREFIX.length) || null;
  }
  return null;
}

/** The page's session has ended (expired, or ended in Settings): it must be opened again from a new link. */
export const CLOSE_SESSION_ENDED = 4401;
/** The page's build speaks another IPC version: the host accepts the socket only to close it with this code. */
export const CLOSE_INCOMPATIBLE = 4409;
/** The host is quitting (RFC 6455 "going away"). */
export const CLOSE_GOING_AWAY = 1001;
/** A frame that is not an invoke message (RFC 6455 "policy violation"). */
export const CLOSE_NOT_INVOKE = 1008;

/** The part of core's Router a transport (Electron IPC, the browser host's WebSocket) uses. */
export type RouterLike = {
  handle(command: string, input: unknown): Promise<Reply<unknown>>;
  subscribe(sink: (event: string, payload: unknown) => void): () => void;
};
