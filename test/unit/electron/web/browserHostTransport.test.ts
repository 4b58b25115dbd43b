import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IPC_VERSION, type CommandOutput } from '../../../../shared/ipc/index.ts';
import { bridgeProtocols } from '../../../../shared/ipc/bridgeFrames.ts';
import { Router } from '../../../../electron/core/ipc/router.ts';
import { MAX_FRAME_BYTES, MAX_IN_FLIGHT } from '../../../../electron/web/bridgeServer.ts';
import { startHostServer, type HostServer } from '../../../../electron/web/hostServer.ts';
import { MAX_UPLOADS_AT_ONCE } from '../../../../electron/web/uploadRoute.ts';
import { WebSocketBridge, type SocketLike } from '../../../../renderer/bridge/webSocketBridge.ts';
import { clientFrame, sendRawFrames } from '../../../support/rawWebSocket.ts';

/**
 * The browser host's network side with a real core Router behind it (no library, no sandbox), and
 * the renderer's own WebSocket client in front: what the e2e test proves in Chromium, here in
 * milliseconds, plus the refusals a browser cannot be made to send.
 */

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function raw(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', body?: Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends one hand-made frame after a real upgrade and says how the host closed the socket. */
async function rawFrame(
  port: number,
  token: string,
  origin: string,
  frame: Buffer,
): Promise<{ upgraded: boolean; closeCode: number | null }> {
  const query = new URLSearchParams({ v: String(IPC_VERSION) }).toString();
  const { upgraded, closeCode } = await sendRawFrames(port, query, origin, [frame], { protocols: bridgeProtocols(token) });
  return { upgraded, closeCode };
}

/** Where a page opens its socket: the URL (the IPC version only) and the subprotocols that carry its token. */
type SocketTarget = { url: string; protocols: string[] };

/** Opens a socket and says how it ended: open, or the HTTP status that refused the upgrade. */
function tryConnect(
  target: SocketTarget,
  options: { origin?: string; headers?: Record<string, string> } = {},
): Promise<{ opened: boolean; status?: number; closeCode?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(target.url, target.protocols, {
      ...(options.origin ? { origin: options.origin } : {}),
      headers: options.headers ?? {},
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ opened: false, status: res.statusCode });
      ws.terminate();
    });
    ws.on('open', () => {
      ws.on('close', (code) => resolve({ opened: true, closeCode: code }));
      setTimeout(() => ws.close(), 200);
    });
    ws.on('error', () => resolve({ opened: false }));
  });
}

describe('the browser host transport', () => {
  let dir: string;
  let host: HostServer;
  let router: Router;
  // An MP4 head (a box size, then `ftyp`), then filler: the served type comes from these bytes.
  const media = Buffer.concat([Buffer.from('\0\0\0\x18ftypisom', 'latin1'), Buffer.from(Array.from({ length: 4084 }, (_, i) => i % 251))]);
  const page = Buffer.from('<!doctype html><script>alert(document.domain)</script>');
  const resolveMedia = async (id: string) =>
    id === 'clip01'
      ? { path: join(dir, 'clip.mp4'), contentType: 'video/mp4', size: media.length }
      : id === 'page01'
        ? { path: join(dir, 'page.png'), contentType: 'image/png', size: page.length }
        : null;
  /** What `uploads.fromPath` saw: each path, and the bytes in it while core had it. */
  const uploaded: Array<{ path: string; bytes: Buffer }> = [];
  let gate: Promise<void> = Promise.resolve();
  /** How many times the host was asked `app.info`. */
  let infoAsked = 0;
  /**
   * Closes the host (every socket drops) and starts it again on the same port: with the same gate
   * (the page's session still holds) or a new one (a new start: every session is void).
   */
  const restart = async (keep: 'same sessions' | 'new start') => {
    const auth = host.auth;
    await host.close();
    host = await startHostServer({
      rendererDir: join(dir, 'renderer'),
      port: host.port,
      uploadDir: join(dir, 'incoming'),
      ...(keep === 'same sessions' ? { auth } : {}),
    });
    host.attach({ router, resolveMedia });
  };
  /** A session token, as a page gets one by trading a launch code. */
  const session = () => host.auth.redeem(host.auth.mintLaunchCode()) ?? '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cast-host-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'clip.mp4'), media);
    writeFileSync(join(dir, 'page.png'), page);
    router = new Router();
    router.register('app.info', () => {
      infoAsked += 1;
      return {
        version: '0.1.0',
        ipcVersion: IPC_VERSION,
        platform: process.platform,
        mediaBase: '/media/',
        host: 'browser' as const,
        startScreen: null,
        preferencesReset: null,
      };
    });
    router.register('jobs.pause', () => ({ ok: true as const }));
    // Held until the test opens the gate: requests pile up in flight.
    router.register('jobs.resume', async () => {
      await gate;
      return { ok: true as const };
    });
    router.register('uploads.fromPath', async ({ path }) => {
      uploaded.push({ path, bytes: readFileSync(path) });
      await gate;
      return { url: 'https://cdn.example/u/1', contentType: 'audio/wav', size: readFileSync(path).length };
    });
    host = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming') });
    host.attach({ router, resolveMedia });
  });
  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const bridgeOf = (token: string) =>
    new WebSocketBridge({
      url: `ws://127.0.0.1:${host.port}/bridge`,
      token,
      createSocket: (url, protocols) => new WebSocket(url, protocols, { origin: origin() }) as unknown as SocketLike,
      fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, origin: origin() } }),
      maxDelayMs: 200,
    });
  const socketUrl = (token: string | null, version: number = IPC_VERSION): SocketTarget => ({
    url: `ws://127.0.0.1:${host.port}/bridge?${new URLSearchParams({ v: String(version) })}`,
    protocols: token === null ? ['cast-bridge'] : bridgeProtocols(token),
  });
  const origin = () => host.auth.origin;

  describe('the renderer’s WebSocket client', () => {
    const bridgeFor = (token: string | (() => Promise<string | null>)) =>
      new WebSocketBridge({
        url: `ws://127.0.0.1:${host.port}/bridge`,
        token,
        createSocket: (url, protocols) => new WebSocket(url, protocols, { origin: origin() }) as unknown as SocketLike,
        // A browser sends its Origin with every PUT; Node's fetch is told to.
        fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, origin: origin() } }),
        maxDelayMs: 200,
      });

    it('invokes commands and gets typed replies', async () => {
      const bridge = bridgeFor(session());
      const reply = await bridge.invoke('app.info', {});
      expect(reply).toEqual({ ok: true, value: expect.objectContaining({ ipcVersion: IPC_VERSION, host: 'browser' }) });
      expect(bridge.status).toBe('open');
      expect(await bridge.invoke('jobs.pause', {})).toEqual({ ok: true, value: { ok: true } });
      bridge.close();
    });

    it('trades the launch code once over POST /session and connects with the session it got', async () => {
      const code = host.auth.mintLaunchCode();
      let trades = 0;
      const redeem = async () => {
        trades += 1;
        const response = await fetch(`${origin()}/session`, { method: 'POST', headers: { origin: origin(), 'x-cast-launch': code } });
        return response.ok ? ((await response.json()) as { token: string }).token : null;
      };
      const bridge = bridgeFor(redeem);
      expect(await bridge.invoke('jobs.pause', {})).toEqual({ ok: true, value: { ok: true } });
      await restart('same sessions');
      expect(await bridge.invoke('jobs.pause', {})).toEqual({ ok: true, value: { ok: true } });
      expect(trades).toBe(1);
      bridge.close();
    });

    it('says so, and stops, when the launch code was spent and the tab holds no session', async () => {
      const bridge = bridgeFor(async () => null);
      expect(await bridge.invoke('jobs.pause', {})).toMatchObject({
        ok: false,
        error: { code: 'session_refused', params: {} },
      });
      expect(bridge.status).toBe('refused');
      expect(await bridge.upload(new Blob(['x']), 'audio/wav')).toMatchObject({ ok: false, error: { code: 'session_refused' } });
      bridge.close();
    });

    it('refuses file paths from a browser page before the router', async () => {
      const bridge = bridgeFor(session());
      const reply = await bridge.invoke('uploads.fromPath', { path: '/etc/passwd' });
      expect(reply).toMatchObject({ ok: false, error: { code: 'not_available' } });
      bridge.close();
    });

    it('passes the router’s validation errors through as replies', async () => {
      const bridge = bridgeFor(session());
      const reply = await bridge.invoke('jobs.pause', { extra: 1 } as unknown as Record<string, never>);
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const unknown = await bridge.invoke('no.such' as 'jobs.pause', {});
      expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
      bridge.close();
    });

    it('fans each event out to every handler until it unsubscribes', async () => {
      const bridge = bridgeFor(session());
      await bridge.invoke('app.info', {});
      const first: number[] = [];
      const second: number[] = [];
      const off = bridge.on('credits.changed', (payload) => first.push(payload.balance));
      bridge.on('credits.changed', (payload) => second.push(payload.balance));
      router.emit('credits.changed', { balance: 10 });
      await expect.poll(() => second).toEqual([10]);
      off();
      router.emit('credits.changed', { balance: 20 });
      await expect.poll(() => second).toEqual([10, 20]);
      expect(first).toEqual([10]);
      bridge.close();
    });

    it('reconnects after the connection drops and sends what waited', async () => {
      const bridge = bridgeFor(session());
      await bridge.invoke('app.info', {});
      const statuses: string[] = [];
      bridge.onStatus((status) => statuses.push(status));
      await restart('same sessions');
      const waited = await bridge.invoke('jobs.pause', {});
      expect(waited).toEqual({ ok: true, value: { ok: true } });
      expect(statuses).toEqual(['open', 'reconnecting', 'open']);
      bridge.close();
    });

    it('asks the host app.info once a connection, for its version check and the page alike', async () => {
      const before = infoAsked;
      const bridge = bridgeFor(session());
      // Asked while the socket opens, and again once it is open: the version check's answer serves both.
      const first = bridge.invoke('app.info', {});
      const reply = await first;
      expect(await bridge.invoke('app.info', {})).toEqual(reply);
      expect(reply).toEqual({ ok: true, value: expect.objectContaining({ ipcVersion: IPC_VERSION }) });
      expect(infoAsked - before).toBe(1);
      // A new connection checks the version again, and that answer is the one given after it.
      await restart('same sessions');
      await bridge.invoke('jobs.pause', {});
      expect(await bridge.invoke('app.info', {})).toEqual(reply);
      expect(infoAsked - before).toBe(2);
      bridge.close();
    });

    it('stops, saying so, when the host speaks another IPC version', async () => {
      const newer = new Router();
      newer.register('app.info', () => ({
        version: '9.0.0',
        ipcVersion: IPC_VERSION + 1,
        platform: process.platform,
        mediaBase: '/media/',
        host: 'browser' as const,
        startScreen: null,
        preferencesReset: null,
      }));
      const other = await startHostServer({ rendererDir: join(dir, 'renderer') });
      other.attach({ router: newer, resolveMedia: async () => null });
      try {
        const bridge = new WebSocketBridge({
          url: `ws://127.0.0.1:${other.port}/bridge`,
          token: other.auth.redeem(other.auth.mintLaunchCode()) ?? '',
          createSocket: (url, protocols) => new WebSocket(url, protocols, { origin: other.auth.origin }) as unknown as SocketLike,
        });
        expect(await bridge.invoke('jobs.pause', {})).toMatchObject({ ok: false, error: { code: 'ipc_version_mismatch' } });
        expect(bridge.status).toBe('incompatible');
      } finally {
        await other.close();
      }
    });

    it('stays refused after the host restarts with a new token, until the page closes', async () => {
      const bridge = bridgeFor(session());
      await bridge.invoke('app.info', {});
      await restart('new start');
      const waiting = bridge.invoke('jobs.pause', {});
      const outcome = await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 800))]);
      expect(outcome).toBe('still waiting');
      expect(bridge.status).toBe('reconnecting');
      bridge.close();
      expect(await waiting).toMatchObject({ ok: false, error: { code: 'connection_closed' } });
    });
  });

  describe('refusals', () => {
    it('refuses an upgrade without a session token, with a wrong one, or from another Origin, with 403', async () => {
      const token = session();
      expect(await tryConnect(socketUrl(token), { origin: origin() })).toMatchObject({ opened: true });
      expect(await tryConnect(socketUrl(null), { origin: origin() })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl('not-the-token'), { origin: origin() })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl(token), { origin: 'http://evil.example' })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl(token), { origin: `http://127.0.0.1:${host.port + 1}` })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl(token))).toEqual({ opened: false, status: 403 });
      // A launch code is not a session: it opens nothing but the exchange.
      expect(await tryConnect(socketUrl(host.auth.mintLaunchCode()), { origin: origin() })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl(host.auth.mediaKey), { origin: origin() })).toEqual({ opened: false, status: 403 });
    });

    it('refuses a DNS-rebound Host', async () => {
      expect(await tryConnect(socketUrl(session()), { origin: origin(), headers: { host: `evil.example:${host.port}` } })).toEqual({
        opened: false,
        status: 403,
      });
      expect((await raw(host.port, '/', { host: `evil.example:${host.port}` })).status).toBe(403);
    });

    it('closes a page of another IPC version with its own code', async () => {
      expect(await tryConnect(socketUrl(session(), IPC_VERSION + 1), { origin: origin() })).toEqual({ opened: true, closeCode: 4409 });
    });

    it('trades a launch code once, only with the right Origin, for a session token and no cookie', async () => {
      const code = host.auth.mintLaunchCode();
      expect((await raw(host.port, '/session', { origin: 'http://evil.example', 'x-cast-launch': code }, 'POST')).status).toBe(403);
      expect((await raw(host.port, '/session', { 'x-cast-launch': code }, 'POST')).status).toBe(403);
      expect((await raw(host.port, '/session', { origin: origin(), 'x-cast-launch': code })).status).toBe(405);
      const ok = await raw(host.port, '/session', { origin: origin(), 'x-cast-launch': code }, 'POST');
      expect(ok.status).toBe(200);
      expect(ok.headers['set-cookie']).toBeUndefined();
      expect(ok.headers['cache-control']).toBe('no-store');
      const { token } = JSON.parse(ok.body.toString()) as { token: string };
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await tryConnect(socketUrl(token), { origin: origin() })).toMatchObject({ opened: true });
      const again = await raw(host.port, '/session', { origin: origin(), 'x-cast-launch': code }, 'POST');
      expect(again.status).toBe(403);
      expect(again.body.toString()).toContain('used already');
      expect((await raw(host.port, '/session', { origin: origin(), 'x-cast-launch': 'nope' }, 'POST')).status).toBe(403);
    });
  });

  describe('what one connection may cost', () => {
    it('closes a socket that sends a malformed frame, that socket only, and answers the next one', async () => {
      const bystander = bridgeOf(session());
      expect((await bystander.invoke('app.info', {})).ok).toBe(true);
      const invalidUtf8 = clientFrame(0x1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
      expect(await rawFrame(host.port, session(), origin(), invalidUtf8)).toEqual({ upgraded: true, closeCode: 1007 });
      const oversize = clientFrame(0x1, Buffer.alloc(MAX_FRAME_BYTES + 1, 0x20));
      expect(await rawFrame(host.port, session(), origin(), oversize)).toEqual({ upgraded: true, closeCode: 1009 });
      expect(await rawFrame(host.port, session(), origin(), clientFrame(0x3, Buffer.from('{}')))).toEqual({
        upgraded: true,
        closeCode: 1002,
      });
      expect(await rawFrame(host.port, session(), origin(), clientFrame(0x1, Buffer.from('{}'), { rsv: 2 }))).toEqual({
        upgraded: true,
        closeCode: 1002,
      });
      expect(await rawFrame(host.port, session(), origin(), clientFrame(0x2, Buffer.from('{}')))).toEqual({
        upgraded: true,
        closeCode: 1008,
      });
      // The page already connected never noticed, and a new one is served.
      expect(await bystander.invoke('jobs.pause', {})).toEqual({ ok: true, value: { ok: true } });
      expect(bystander.status).toBe('open');
      bystander.close();
      expect(await tryConnect(socketUrl(session()), { origin: origin() })).toMatchObject({ opened: true, closeCode: 1005 });
    });

    it(`answers busy past ${MAX_IN_FLIGHT} requests in flight, and serves again once they finish`, async () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      const target = socketUrl(session());
      const ws = new WebSocket(target.url, target.protocols, { origin: origin() });
      await new Promise((resolve) => ws.once('open', resolve));
      const replies = new Map<number, { ok: boolean; error?: { code: string; message: string } }>();
      ws.on('message', (data) => {
        const message = JSON.parse((data as Buffer).toString('utf8')) as {
          id: number;
          reply: { ok: boolean; error?: { code: string; message: string } };
        };
        replies.set(message.id, message.reply);
      });
      const total = MAX_IN_FLIGHT + 8;
      for (let id = 1; id <= total; id += 1) ws.send(JSON.stringify({ type: 'invoke', id, command: 'jobs.resume', input: {} }));
      await expect.poll(() => replies.size).toBe(8);
      expect([...replies.keys()]).toEqual([33, 34, 35, 36, 37, 38, 39, 40]);
      for (const reply of replies.values())
        expect(reply).toMatchObject({ ok: false, error: { code: 'busy', params: { what: 'requests', most: expect.any(Number) } } });
      open();
      await expect.poll(() => replies.size).toBe(total);
      expect([...replies.entries()].filter(([, reply]) => reply.ok).length).toBe(MAX_IN_FLIGHT);
      ws.send(JSON.stringify({ type: 'invoke', id: total + 1, command: 'jobs.resume', input: {} }));
      await expect.poll(() => replies.get(total + 1)).toEqual({ ok: true, value: { ok: true } });
      ws.close();
    });
  });

  describe('uploads, streamed to disk', () => {
    const wav = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(200_000, 7)]);

    it('streams a file to a temporary file, hands core its path, and removes it', async () => {
      uploaded.length = 0;
      const bridge = bridgeOf(session());
      const reply = await bridge.upload(new Blob([wav]), 'audio/wav');
      expect(reply).toEqual({ ok: true, value: { url: 'https://cdn.example/u/1', contentType: 'audio/wav', size: wav.length } });
      expect(uploaded).toHaveLength(1);
      expect(uploaded[0]?.path.startsWith(join(dir, 'incoming'))).toBe(true);
      expect(uploaded[0]?.path.endsWith('.wav')).toBe(true);
      expect(uploaded[0]?.bytes).toEqual(wav);
      expect(existsSync(uploaded[0]?.path ?? '')).toBe(false);
      bridge.close();
    });

    it('refuses uploads without a session, from another Origin, of another type, or over the limit', async () => {
      const put = (headers: Record<string, string>, body: Buffer = wav) =>
        raw(host.port, '/uploads', { 'content-type': 'audio/wav', ...headers }, 'PUT', body);
      expect((await put({ origin: origin() })).status).toBe(403);
      expect((await put({ origin: origin(), 'x-cast-token': 'nope' })).status).toBe(403);
      expect((await put({ origin: 'http://evil.example', 'x-cast-token': session() })).status).toBe(403);
      expect((await put({ 'x-cast-token': session() })).status).toBe(403);
      const html = await put({ origin: origin(), 'x-cast-token': session(), 'content-type': 'text/html' });
      expect(html.status).toBe(415);
      expect(JSON.parse(html.body.toString())).toMatchObject({ ok: false, error: { code: 'unsupported_media_type' } });
      // Not declared (chunked): cut off as soon as it passes the limit, and said why.
      const big = await put(
        { origin: origin(), 'x-cast-token': session(), 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
        Buffer.alloc(10 * 1024 * 1024 + 1),
      );
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body.toString())).toMatchObject({
        ok: false,
        error: { code: 'file_too_large', params: { size: null, limit: 10 * 1024 * 1024 } },
      });
      expect(readdirSync(join(dir, 'incoming'))).toEqual([]);
    });

    it('refuses an upload declared too large before reading a byte of it', async () => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: host.port,
            path: '/uploads',
            method: 'PUT',
            headers: {
              host: `127.0.0.1:${host.port}`,
              origin: origin(),
              'x-cast-token': session(),
              'content-type': 'image/png',
              'content-length': String(11 * 1024 * 1024),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.flushHeaders(); // the headers only: the 11 MB never follow
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        ok: false,
        error: { code: 'file_too_large', params: { size: 11 * 1024 * 1024, limit: 10 * 1024 * 1024 } },
      });
    });

    it(`answers busy past ${MAX_UPLOADS_AT_ONCE} uploads at once`, async () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      uploaded.length = 0;
      const bridge = bridgeOf(session());
      const first = Array.from({ length: MAX_UPLOADS_AT_ONCE }, () => bridge.upload(new Blob([wav]), 'audio/wav'));
      // All four are in core (held at the gate) before the fifth is sent.
      await expect.poll(() => uploaded.length, { timeout: 10_000 }).toBe(MAX_UPLOADS_AT_ONCE);
      expect(await bridge.upload(new Blob([wav]), 'audio/wav')).toMatchObject({ ok: false, error: { code: 'busy' } });
      open();
      for (const reply of await Promise.all(first)) expect(reply.ok).toBe(true);
      bridge.close();
    });
  });

  describe('media by content id', () => {
    const mediaPath = (id: string, key: string = host.auth.mediaKey) => `/media/${key}/${id}`;

    it('serves a known id with ranges to a request holding the media key, typed by its bytes', async () => {
      const whole = await raw(host.port, mediaPath('clip01'));
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      expect(whole.headers['content-security-policy']).toBe('sandbox');
      expect(whole.body).toEqual(media);
      const part = await raw(host.port, mediaPath('clip01'), { range: 'bytes=1000-1999' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 1000-1999/4096');
      expect(part.body).toEqual(media.subarray(1000, 2000));
      expect((await raw(host.port, mediaPath('clip01'), { range: 'bytes=5000-' })).status).toBe(416);
      expect(host.mediaBase).toBe(`${origin()}/media/${host.auth.mediaKey}/`);
    });

    it('serves a file that is no allowed media type as octet-stream, sandboxed, whatever the library says', async () => {
      const response = await raw(host.port, mediaPath('page01'));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe('sandbox');
    });

    it('answers 404 for an unknown id', async () => {
      expect((await raw(host.port, mediaPath('unknown'))).status).toBe(404);
    });

    it('refuses media without the key, with a session token or launch code instead, or asked for by another site', async () => {
      expect((await raw(host.port, '/media/clip01')).status).toBe(403);
      expect((await raw(host.port, mediaPath('clip01', 'wrong'))).status).toBe(403);
      expect((await raw(host.port, mediaPath('clip01', session()))).status).toBe(403);
      expect((await raw(host.port, mediaPath('clip01', host.auth.mintLaunchCode()))).status).toBe(403);
      expect((await raw(host.port, mediaPath('clip01'), { origin: 'http://evil.example' })).status).toBe(403);
      expect((await raw(host.port, mediaPath('clip01'), { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await raw(host.port, mediaPath('clip01'), { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    });

    it('never serves a path: traversal, encoded traversal and absolute paths are refused', async () => {
      const key = host.auth.mediaKey;
      for (const path of [
        `/media/${key}/../etc/passwd`,
        `/media/${key}/..%2f..%2fetc%2fpasswd`,
        `/media/${key}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
        `/media/${key}//etc/passwd`,
        `/media/${key}/%2Fetc%2Fpasswd`,
        `/media/${key}/C:%5CWindows%5Cwin.ini`,
        '/media/../etc/passwd',
        '/../../etc/passwd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/etc/passwd',
      ]) {
        const response = await raw(host.port, path);
        expect([400, 403, 404], `${path} → ${response.status}`).toContain(response.status);
        if (path.startsWith(`/media/${key}/`)) expect(response.status, path).toBe(400);
        expect(response.body.toString()).not.toContain('root:');
      }
    });
  });

  describe('a page that opens while core is still starting', () => {
    it('waits on its socket and is answered once core is attached, without a refusal or a retry', async () => {
      const starting = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming-starting') });
      try {
        const token = starting.auth.redeem(starting.auth.mintLaunchCode()) ?? '';
        const statuses: string[] = [];
        const bridge = new WebSocketBridge({
          url: `ws://127.0.0.1:${starting.port}/bridge`,
          token,
          createSocket: (url, protocols) => new WebSocket(url, protocols, { origin: starting.auth.origin }) as unknown as SocketLike,
          fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, origin: starting.auth.origin } }),
          maxDelayMs: 200,
        });
        bridge.onStatus((status) => statuses.push(status));
        let settled = false;
        const reply = bridge.invoke('app.info', {}).finally(() => (settled = true));
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(settled).toBe(false);
        expect(bridge.status).toBe('connecting');
        starting.attach({ router, resolveMedia });
        expect(await reply).toEqual({ ok: true, value: expect.objectContaining({ host: 'browser' }) });
        expect(bridge.status).toBe('open');
        expect(statuses).not.toContain('reconnecting');
        bridge.close();
      } finally {
        await starting.close();
      }
    });

    it('drops a waiting socket when the host closes before core started, and the close does not hang', async () => {
      const starting = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming-closed') });
      const token = starting.auth.redeem(starting.auth.mintLaunchCode()) ?? '';
      const ended = new Promise<string>((resolve) => {
        const ws = new WebSocket(
          `ws://127.0.0.1:${starting.port}/bridge?${new URLSearchParams({ v: String(IPC_VERSION) })}`,
          bridgeProtocols(token),
          {
            origin: starting.auth.origin,
          },
        );
        ws.on('open', () => resolve('opened'));
        ws.on('error', () => resolve('dropped'));
        ws.on('close', () => resolve('dropped'));
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await starting.close();
      expect(await ended).toBe('dropped');
    });

    it('still refuses a socket without a session at once, core or no core', async () => {
      const starting = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming-refused') });
      try {
        const url = `ws://127.0.0.1:${starting.port}/bridge?${new URLSearchParams({ v: String(IPC_VERSION) })}`;
        expect(await tryConnect({ url, protocols: bridgeProtocols('nope') }, { origin: starting.auth.origin })).toEqual({
          opened: false,
          status: 403,
        });
      } finally {
        await starting.close();
      }
    });
  });

  it('serves the renderer with a strict CSP', async () => {
    const page = await raw(host.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

// Keeps the contract's app.info shape and this test's stand-in in step.
export type AppInfo = CommandOutput<'app.info'>;
