import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { SandboxReady } from '../../../shared/api/index.ts';
import type { SandboxHandle } from '../../support/sandboxProcess.ts';
import { selfSignedCert } from '../../unit/electron/core/support/selfSignedCert.ts';

/** How the front misbehaves at the moment: each switch on its own. */
export type Misbehaviour = {
  /** GET paths answered with a JSON list page that never ends. */
  endlessJson: RegExp | null;
  /** CDN files answered with an image body that never ends (no length). */
  endlessMedia: boolean;
  /** Rewrites the JSON answers of matching paths (what a hostile or broken service says). */
  rewrite: { path: RegExp; text: (json: string) => string } | null;
};

export type HostileFront = {
  /** What core is told the sandbox is: the front's API and CDN addresses, trusted by a CA bundle with both certificates. */
  ready: SandboxReady;
  misbehave: Misbehaviour;
  /** Bytes the front sent in endless answers. */
  endlessBytes: () => number;
  close: () => Promise<void>;
};

const RECORD = `{"id":"00000000-0000-4000-8000-000000000000","type":"image","status":"completed","prompt":"${'x'.repeat(900)}"},`;
const DROPPED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'expect']);

/**
 * An HTTPS server on loopback in front of a real sandbox, standing in for a hostile or broken
 * service and CDN: it passes every request through to the sandbox unless told to misbehave.
 */
export async function startHostileFront(sandbox: SandboxHandle): Promise<HostileFront> {
  const { key, cert } = selfSignedCert();
  const misbehave: Misbehaviour = { endlessJson: null, endlessMedia: false, rewrite: null };
  let endless = 0;
  const sandboxOrigin = new URL(sandbox.ready.base_url).origin;

  const endlessly = (res: ServerResponse, type: string, start: string, chunk: Buffer) => {
    res.writeHead(200, { 'content-type': type });
    res.write(start);
    const more = (): void => {
      for (let written = true; written && !res.destroyed;) {
        endless += chunk.length;
        written = res.write(chunk);
      }
      if (!res.destroyed) res.once('drain', more);
    };
    more();
  };

  const pass = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !DROPPED.has(name))) as Record<string, string>;
    const answer = await sandbox.dispatcher.request({
      origin: sandboxOrigin,
      path: req.url ?? '/',
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const out = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !DROPPED.has(name)));
    const rewrite = misbehave.rewrite;
    if (rewrite && rewrite.path.test(req.url ?? '') && String(answer.headers['content-type'] ?? '').includes('json')) {
      const text = rewrite.text(await answer.body.text());
      res.writeHead(answer.statusCode, { ...out, 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return;
    }
    res.writeHead(answer.statusCode, out);
    await pipeline(answer.body, res);
  };

  const server = createHttpsServer({ key, cert }, (req, res) => {
    const path = req.url ?? '/';
    if (misbehave.endlessJson && req.method === 'GET' && misbehave.endlessJson.test(path))
      return endlessly(res, 'application/json', '{"data":[', Buffer.from(RECORD));
    if (misbehave.endlessMedia && path.startsWith('/cdn/')) return endlessly(res, 'image/png', '', Buffer.alloc(256 * 1024, 1));
    pass(req, res).catch(() => res.destroy());
  });
  const port = await listen(server, '127.0.0.1');
  const sandboxCa = sandbox.ready.ca_cert.includes('-----BEGIN') ? sandbox.ready.ca_cert : readFileSync(sandbox.ready.ca_cert, 'utf8');
  return {
    ready: {
      ...sandbox.ready,
      base_url: sandbox.ready.base_url.replace(/:\d+/, `:${port}`),
      cdn_url: sandbox.ready.cdn_url.replace(/:\d+/, `:${port}`),
      ca_cert: `${sandboxCa.trim()}\n${cert.trim()}\n`,
    },
    misbehave,
    endlessBytes: () => endless,
    close: () => closeServer(server),
  };
}

/** A server that only counts who connects to it (over plain HTTP, or over TLS with a certificate nobody trusts). */
export async function startCanary(
  kind: 'http' | 'https',
  host: string,
): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const answer = (_req: IncomingMessage, res: ServerResponse) => res.end('canary');
  const server: Server = kind === 'https' ? createHttpsServer(selfSignedCert(), answer) : createHttpServer(answer);
  server.on('connection', () => (connections += 1));
  const port = await listen(server, host);
  return { url: `${kind}://${host}:${port}`, connections: () => connections, close: () => closeServer(server) };
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
