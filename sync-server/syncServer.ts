import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { Redis } from '@hocuspocus/extension-redis';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { DocumentStore } from './documentStore.ts';
import { DurableStorage } from './durableStorage.ts';
import { handleHttp } from './joinEndpoint.ts';
import { MemberStore } from './memberStore.ts';
import type { MemberContext } from './spaceAccess.ts';
import { SpaceAccess } from './spaceAccess.ts';
import { openSyncDatabase } from './syncDatabase.ts';

export interface SyncServerOptions {
  dataFolder: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** PEM certificate and key: the server speaks wss:// and https://. Without them, ws:// (behind a TLS proxy). */
  tls?: { cert: Buffer; key: Buffer };
  /** redis:// or rediss:// URL: instances sharing it deliver each other's edits. */
  redisUrl?: string;
}

export interface RunningSyncServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** The largest message a client may send: a whole scene's state fits many times over. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How long shutting down waits for documents to be stored and unloaded. */
const CLOSE_WAIT_MS = 10_000;

function redisExtension(url: string): Redis {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`--redis takes a redis:// or rediss:// URL, not "${url}".`);
  }
  const db = Number(parsed.pathname.slice(1) || '0');
  return new Redis({
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    prefix: 'cast-studio-sync',
    options: {
      ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
      ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
      ...(Number.isInteger(db) ? { db } : {}),
      ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  });
}

const bytesOf = (data: RawData): Uint8Array =>
  Array.isArray(data) ? new Uint8Array(Buffer.concat(data)) : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data);

/** Hands a WebSocket to Hocuspocus; the socket rides along in the context so a revocation can close it. */
function attach(hocuspocus: Hocuspocus<MemberContext>, socket: WebSocket, request: IncomingMessage): void {
  const headers = new Headers();
  for (const name of ['origin', 'user-agent']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const webRequest = new Request(new URL(request.url ?? '/', 'http://sync'), { headers });
  // onAuthenticate adds the member and space to this context, per document.
  const client = hocuspocus.handleConnection(socket, webRequest, { socket } as Partial<MemberContext> as MemberContext);
  socket.on('message', (data) => client.handleMessage(bytesOf(data)));
  socket.on('close', (code, reason) => client.handleClose({ code, reason: reason.toString() }));
  socket.on('error', () => socket.terminate());
}

async function listen(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function shutDown(hocuspocus: Hocuspocus, server: Server, sockets: WebSocketServer, db: DatabaseSync): Promise<void> {
  server.close();
  hocuspocus.closeConnections();
  for (const socket of sockets.clients) socket.close(1001, 'The sync server is stopping.');
  hocuspocus.flushPendingStores();
  const deadline = Date.now() + CLOSE_WAIT_MS;
  while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
  sockets.close();
  server.closeAllConnections();
  db.close();
}

export async function startSyncServer(options: SyncServerOptions): Promise<RunningSyncServer> {
  const db = openSyncDatabase(options.dataFolder);
  const members = new MemberStore(db);
  const extensions: Extension[] = [new DurableStorage(new DocumentStore(db)), new SpaceAccess(members)];
  if (options.redisUrl) extensions.unshift(redisExtension(options.redisUrl));
  const hocuspocus = new Hocuspocus<MemberContext>({ quiet: true, extensions, unloadImmediately: true });
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    handleHttp(members, request, response).catch(() => response.destroy());
  };
  const server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, onRequest) : createHttpServer(onRequest);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request, socket, head) => {
    sockets.handleUpgrade(request, socket, head, (webSocket) => attach(hocuspocus, webSocket, request));
  });
  const port = await listen(server, options.host, options.port);
  const scheme = options.tls ? 'wss' : 'ws';
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    port,
    url: `${scheme}://${host}:${port}`,
    close: () => (closing ??= shutDown(hocuspocus, server, sockets, db)),
  };
}
