import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { IPC_VERSION, type Reply, type WireMessage, type WireRequest } from '../../shared/ipc/index.ts';
import type { HostAuth } from './hostAuth.ts';

/** The part of core's Router a transport uses. */
export type RouterLike = {
  handle(command: string, input: unknown): Promise<Reply<unknown>>;
  subscribe(sink: (event: string, payload: unknown) => void): () => void;
};

export const BRIDGE_PATH = '/bridge';
/** The page's build speaks another IPC version: accepted only to be closed with this code. */
export const CLOSE_INCOMPATIBLE = 4409;
/**
 * Commands a browser page never has a reason to send: a browser knows no file paths (dropped files
 * arrive as bytes through uploads.create), so a path from a page is refused before the router.
 */
const REFUSED_COMMANDS: ReadonlyMap<string, Reply<never>> = new Map([
  [
    'uploads.fromPath',
    { ok: false, error: { code: 'not_available', message: 'In the browser, files are uploaded as bytes: drop or pick the file again.' } },
  ],
]);
// uploads.create carries up to 140 MB of base64 (shared/ipc/commands.ts); leave room for the JSON.
const MAX_MESSAGE_BYTES = 150 * 1024 * 1024;

/**
 * The WebSocket half of the browser host: the same router Electron's IPC transport serves, one
 * numbered request and reply at a time per message, events to every connected page. An upgrade
 * without this start's token, from another Origin or for another Host is refused with 403 before
 * a socket exists.
 */
export class BridgeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly auth: HostAuth;
  private readonly router: () => RouterLike | null;
  private unsubscribe: (() => void) | null = null;

  constructor(auth: HostAuth, router: () => RouterLike | null) {
    this.auth = auth;
    this.router = router;
  }

  /** For `server.on('upgrade', …)`. */
  readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', this.auth.origin);
    const router = this.router();
    const allowed =
      url.pathname === BRIDGE_PATH &&
      this.auth.hostMatches(request.headers.host) &&
      this.auth.originMatches(request.headers.origin, true) &&
      this.auth.tokenMatches(url.searchParams.get('token'));
    if (!allowed || !router) {
      const status = allowed ? '503 Service Unavailable' : '403 Forbidden';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (url.searchParams.get('v') !== String(IPC_VERSION)) {
        ws.close(CLOSE_INCOMPATIBLE, 'This page is from another version of Cast Studio; reload it.');
        return;
      }
      this.attach(ws, router);
    });
  };

  /** Forwards router events to every open page; call once the core is up. */
  start(router: RouterLike): void {
    this.unsubscribe ??= router.subscribe((event, payload) => {
      const text = JSON.stringify({ type: 'event', event, payload } satisfies WireMessage);
      for (const client of this.wss.clients) if (client.readyState === WebSocket.OPEN) client.send(text);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const client of this.wss.clients) client.close(1001, 'Cast Studio is closing.');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private attach(ws: WebSocket, router: RouterLike): void {
    ws.on('message', (data, isBinary) => {
      const request = isBinary ? null : parseRequest(data);
      if (!request) {
        ws.close(1008, 'Cast Studio expected an invoke message.');
        return;
      }
      const refused = REFUSED_COMMANDS.get(request.command);
      void (refused ? Promise.resolve(refused) : router.handle(request.command, request.input)).then((reply) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(JSON.stringify({ type: 'reply', id: request.id, reply } satisfies WireMessage));
      });
    });
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
