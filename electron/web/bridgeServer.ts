import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  BRIDGE_PATH,
  BRIDGE_PROTOCOL,
  CLOSE_GOING_AWAY,
  CLOSE_INCOMPATIBLE,
  CLOSE_NOT_INVOKE,
  CLOSE_SESSION_ENDED,
  tokenFromProtocols,
  type RouterLike,
} from '../../shared/ipc/bridgeFrames.ts';
import { IPC_VERSION, type Reply, type WireMessage, type WireRequest } from '../../shared/ipc/index.ts';
import type { Logger } from '../core/log/logger.ts';
import type { HostAuth } from './hostAuth.ts';
import { HOST_SESSION_COMMANDS, hostSessionRouter } from './hostSessionCommands.ts';
/**
 * Commands a browser page never has a reason to send: a browser knows no file paths (dropped files
 * stream to `PUT /uploads`, which hands core a path of its own), so a path from a page is refused
 * before the router.
 */
const REFUSED_COMMANDS: ReadonlyMap<string, Reply<never>> = new Map([
  ['uploads.fromPath', { ok: false, error: { code: 'not_available', params: { what: 'file_path_upload' } } }],
]);
/**
 * The largest message a page may send: 1 MiB. Commands are small; files go through `PUT /uploads`
 * (electron/web/uploadRoute.ts), streamed to disk, so no frame has to carry one. A bigger frame
 * closes its socket with 1009, and only that socket.
 */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Requests one socket may have in the router at once; more are answered `busy` at once. */
export const MAX_IN_FLIGHT = 32;
/** Replies and events waiting to reach a page that does not read them: past this, it is dropped. */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/** Core's router as the bridge uses it; with `subscribeJson`, events arrive as text and are relayed as text. */
export type BridgeRouter = RouterLike & { subscribeJson?(sink: (event: string, json: string) => void): () => void };

/** How often sessions are checked for expiry, so an expired page's sockets close without waiting for its next message. */
const SESSION_SWEEP_MS = 60_000;
const SESSION_ENDED_REASON = 'This session has ended. Open Cast Studio again from a new link.';

const BUSY: Reply<never> = {
  ok: false,
  error: {
    code: 'busy',
    params: { what: 'requests', most: MAX_IN_FLIGHT },
  },
};

/**
 * The WebSocket half of the browser host: the same router Electron's IPC transport serves, one
 * numbered request and reply at a time per message, events to every connected page. An upgrade
 * without a session token of this start, from another Origin or for another Host is refused with
 * 403 before a socket exists. What one socket can cost is bounded: frames of MAX_FRAME_BYTES,
 * MAX_IN_FLIGHT requests, MAX_BUFFERED_BYTES of unread output; a socket that breaks a rule or
 * sends a malformed frame is closed, and only that socket.
 */
export class BridgeServer {
  // The page offers its token as a subprotocol (shared/ipc/bridgeFrames.ts); the answer names only the bridge's.
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    handleProtocols: (offered) => (offered.has(BRIDGE_PROTOCOL) ? BRIDGE_PROTOCOL : false),
  });
  private readonly auth: HostAuth;
  private readonly router: () => BridgeRouter | null;
  private readonly log: Logger;
  private unsubscribe: (() => void) | null = null;
  /** Upgrades that arrived while core was still starting: each is taken up again once it is. */
  private readonly held = new Map<Duplex, () => void>();
  /** Which session each open socket belongs to: ending a session closes its sockets. */
  private readonly sessionOfSocket = new Map<WebSocket, string>();
  private readonly stopWatchingSessions: () => void;
  private readonly sweep: NodeJS.Timeout;

  constructor(auth: HostAuth, router: () => BridgeRouter | null, log: Logger) {
    this.auth = auth;
    this.router = router;
    this.log = log;
    // Not expected with noServer, but an 'error' without a listener would end the process.
    this.wss.on('error', (error) => this.log.warn('The bridge server reported an error.', { reason: error.message }));
    this.stopWatchingSessions = auth.onEnded((sessionId) => {
      for (const [ws, owner] of this.sessionOfSocket) if (owner === sessionId) ws.close(CLOSE_SESSION_ENDED, SESSION_ENDED_REASON);
    });
    // Listing expires what is due, and the listener above closes its sockets.
    this.sweep = setInterval(() => auth.listSessions(), SESSION_SWEEP_MS).unref();
  }

  /** For `server.on('upgrade', …)`. */
  readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Node's HTTP server stops listening for this socket's errors at the upgrade: a reset now must
    // not end the process (ws adds its own listener once it takes the socket).
    socket.on('error', (error) => this.log.info('A bridge connection failed during its upgrade.', { reason: error.message }));
    const url = new URL(request.url ?? '/', this.auth.origin);
    const router = this.router();
    const token = tokenFromProtocols(headerOf(request, 'sec-websocket-protocol'));
    const fromThisHost =
      url.pathname === BRIDGE_PATH && this.auth.hostMatches(request.headers.host) && this.auth.originMatches(request.headers.origin, true);
    const sessionId = fromThisHost ? this.auth.sessionOf(token) : null;
    // A page whose session has ended is told so in a close code, to say it in a sentence; any other is refused.
    const ended = fromThisHost && sessionId === null && this.auth.sessionEnded(token);
    if (!sessionId && !ended) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
      return;
    }
    if (!router && sessionId) {
      // The page opened while core is starting (the window opens at once): its socket waits
      // for core instead of being refused and retried.
      this.held.set(socket, () => this.upgrade(request, socket, head));
      socket.once('close', () => this.held.delete(socket));
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (!sessionId || !router) return ws.close(CLOSE_SESSION_ENDED, SESSION_ENDED_REASON);
      if (url.searchParams.get('v') !== String(IPC_VERSION)) {
        ws.close(CLOSE_INCOMPATIBLE, 'This page is from another version of Cast Studio; reload it.');
        return;
      }
      this.attach(ws, router, sessionId);
    });
  };

  /** Forwards router events to every open page; call once the core is up. */
  start(router: BridgeRouter): void {
    const broadcast = (text: string) => {
      for (const client of this.wss.clients) this.send(client, text);
    };
    // Core in its own process sends each event as JSON text: it is wrapped, never parsed or serialised here.
    this.unsubscribe ??= router.subscribeJson
      ? router.subscribeJson((event, json) => broadcast(`{"type":"event","event":${JSON.stringify(event)},"payload":${json}}`))
      : router.subscribe((event, payload) => broadcast(JSON.stringify({ type: 'event', event, payload } satisfies WireMessage)));
    const held = [...this.held.values()];
    this.held.clear();
    for (const resume of held) resume();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweep);
    this.stopWatchingSessions();
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const socket of this.held.keys()) socket.destroy();
    this.held.clear();
    for (const client of this.wss.clients) client.close(CLOSE_GOING_AWAY, 'Cast Studio is closing.');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private attach(ws: WebSocket, router: BridgeRouter, sessionId: string): void {
    let inFlight = 0;
    const own = hostSessionRouter(this.auth, sessionId);
    this.sessionOfSocket.set(ws, sessionId);
    ws.once('close', () => this.sessionOfSocket.delete(ws));
    // ws reports a malformed frame (invalid UTF-8, a frame over maxPayload, a bad opcode, reserved
    // bits) as 'error' after starting the close itself (1007, 1009, 1002: the page learns why);
    // without this listener the 'error' would end the process, the embedded sandbox with it.
    ws.on('error', (error: Error & { code?: string }) => {
      this.log.warn('Closed a bridge connection that sent a malformed frame.', { reason: error.message, code: error.code ?? 'unknown' });
    });
    ws.on('message', (data, isBinary) => {
      const request = isBinary ? null : parseRequest(data);
      if (!request) {
        ws.close(CLOSE_NOT_INVOKE, 'Cast Studio expected an invoke message.');
        return;
      }
      // Each message is a use of the session; one that ended meanwhile is closed, its message unanswered.
      if (!this.auth.useSession(sessionId)) return ws.close(CLOSE_SESSION_ENDED, SESSION_ENDED_REASON);
      if (HOST_SESSION_COMMANDS.has(request.command)) {
        void own
          .handle(request.command, request.input)
          .then((reply) => this.send(ws, JSON.stringify({ type: 'reply', id: request.id, reply } satisfies WireMessage)));
        return;
      }
      const refused = REFUSED_COMMANDS.get(request.command) ?? (inFlight >= MAX_IN_FLIGHT ? BUSY : null);
      if (!refused) inFlight += 1;
      const handled = refused
        ? Promise.resolve(refused)
        : router
            .handle(request.command, request.input)
            .catch((): Reply<never> => ({
              ok: false,
              error: { code: 'internal_error', params: {} },
            }))
            .finally(() => (inFlight -= 1));
      void handled.then((reply) => this.send(ws, JSON.stringify({ type: 'reply', id: request.id, reply } satisfies WireMessage)));
    });
  }

  /** Sends to an open socket; one that has stopped reading while output piles up is dropped. */
  private send(ws: WebSocket, text: string): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn('Closed a bridge connection that stopped reading its replies.', { buffered: ws.bufferedAmount });
      ws.terminate();
      return;
    }
    ws.send(text);
  }
}

function parseRequest(data: RawData): WireRequest | null {
  let value: unknown;
  try {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, id, command, input } = value as Record<string, unknown>;
  if (type !== 'invoke' || typeof id !== 'number' || !Number.isSafeInteger(id) || typeof command !== 'string') return null;
  return { type, id, command, input };
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}
