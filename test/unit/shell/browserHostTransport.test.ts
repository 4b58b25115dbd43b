import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IPC_VERSION, type CommandOutput } from '../../../shared/ipc/index.ts';
import { Router } from '../../../electron/core/ipc/router.ts';
import { startHostServer, type HostServer } from '../../../electron/web/hostServer.ts';
import { WebSocketBridge, type SocketLike } from '../../../renderer/bridge/webSocketBridge.ts';

/**
 * The browser host's network side with a real core Router behind it (no library, no sandbox), and
 * the renderer's own WebSocket client in front: what the e2e test proves in Chromium, here in
 * milliseconds, plus the refusals a browser cannot be made to send.
 */

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function raw(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a socket and says how it ended: open, or the HTTP status that refused the upgrade. */
function tryConnect(url: string, options: { origin?: string; headers?: Record<string, string> } = {}): Promise<{ opened: boolean; status?: number; closeCode?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { ...(options.origin ? { origin: options.origin } : {}), headers: options.headers ?? {} });
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
  const media = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
  const resolveMedia = (id: string) => (id === 'clip01' ? { path: join(dir, 'clip.mp4'), contentType: 'video/mp4', size: media.length } : null);
  /** Closes the host (every socket drops) and starts it again on the same port, with `token`. */
  const restart = async (token: string) => {
    await host.close();
    host = await startHostServer({ rendererDir: join(dir, 'renderer'), port: host.port, token });
    host.attach({ router, resolveMedia });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cast-host-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'clip.mp4'), media);
    router = new Router();
    router.register('app.info', () => ({ version: '0.1.0', ipcVersion: IPC_VERSION, platform: process.platform, mediaBase: '/media/', host: 'browser' as const }));
    router.register('jobs.pause', () => ({ ok: true as const }));
    host = await startHostServer({ rendererDir: join(dir, 'renderer') });
    host.attach({ router, resolveMedia });
  });
  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const socketUrl = (token: string | null, version: number = IPC_VERSION) =>
    `ws://127.0.0.1:${host.port}/bridge?${new URLSearchParams({ ...(token === null ? {} : { token }), v: String(version) })}`;
  const origin = () => host.auth.origin;

  describe('the renderer’s WebSocket client', () => {
    const bridgeFor = (token: string) =>
      new WebSocketBridge({
        url: `ws://127.0.0.1:${host.port}/bridge`,
        token,
        createSocket: (url) => new WebSocket(url, { origin: origin() }) as unknown as SocketLike,
        maxDelayMs: 200,
      });

    it('invokes commands and gets typed replies', async () => {
      const bridge = bridgeFor(host.auth.token);
      const reply = await bridge.invoke('app.info', {});
      expect(reply).toEqual({ ok: true, value: expect.objectContaining({ ipcVersion: IPC_VERSION, host: 'browser' }) });
      expect(bridge.status).toBe('open');
      expect(await bridge.invoke('jobs.pause', {})).toEqual({ ok: true, value: { ok: true } });
      bridge.close();
    });

    it('refuses file paths from a browser page before the router', async () => {
      const bridge = bridgeFor(host.auth.token);
      const reply = await bridge.invoke('uploads.fromPath', { path: '/etc/passwd' });
      expect(reply).toMatchObject({ ok: false, error: { code: 'not_available' } });
      bridge.close();
    });

    it('passes the router’s validation errors through as replies', async () => {
      const bridge = bridgeFor(host.auth.token);
      const reply = await bridge.invoke('jobs.pause', { extra: 1 } as unknown as Record<string, never>);
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const unknown = await bridge.invoke('no.such' as 'jobs.pause', {});
      expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
      bridge.close();
    });

    it('fans each event out to every handler until it unsubscribes', async () => {
      const bridge = bridgeFor(host.auth.token);
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
      const bridge = bridgeFor(host.auth.token);
      await bridge.invoke('app.info', {});
      const statuses: string[] = [];
      bridge.onStatus((status) => statuses.push(status));
      await restart(host.auth.token);
      const waited = await bridge.invoke('jobs.pause', {});
      expect(waited).toEqual({ ok: true, value: { ok: true } });
      expect(statuses).toEqual(['open', 'reconnecting', 'open']);
      bridge.close();
    });

    it('stops, saying so, when the host speaks another IPC version', async () => {
      const newer = new Router();
      newer.register('app.info', () => ({ version: '9.0.0', ipcVersion: IPC_VERSION + 1, platform: process.platform, mediaBase: '/media/', host: 'browser' as const }));
      const other = await startHostServer({ rendererDir: join(dir, 'renderer') });
      other.attach({ router: newer, resolveMedia: () => null });
      try {
        const bridge = new WebSocketBridge({
          url: `ws://127.0.0.1:${other.port}/bridge`,
          token: other.auth.token,
          createSocket: (url) => new WebSocket(url, { origin: other.auth.origin }) as unknown as SocketLike,
        });
        expect(await bridge.invoke('jobs.pause', {})).toMatchObject({ ok: false, error: { code: 'ipc_version_mismatch' } });
        expect(bridge.status).toBe('incompatible');
      } finally {
        await other.close();
      }
    });

    it('stays refused after the host restarts with a new token, until the page closes', async () => {
      const bridge = bridgeFor(host.auth.token);
      await bridge.invoke('app.info', {});
      await restart('a-new-start-has-a-new-token');
      const waiting = bridge.invoke('jobs.pause', {});
      const outcome = await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 800))]);
      expect(outcome).toBe('still waiting');
      expect(bridge.status).toBe('reconnecting');
      bridge.close();
      expect(await waiting).toMatchObject({ ok: false, error: { code: 'connection_closed' } });
    });
  });

  describe('refusals', () => {
    it('refuses an upgrade without the token, with a wrong one, or from another Origin, with 403', async () => {
      expect(await tryConnect(socketUrl(host.auth.token), { origin: origin() })).toMatchObject({ opened: true });
      expect(await tryConnect(socketUrl(null), { origin: origin() })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl('not-the-token'), { origin: origin() })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl(host.auth.token), { origin: 'http://evil.example' })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl(host.auth.token), { origin: `http://127.0.0.1:${host.port + 1}` })).toEqual({ opened: false, status: 403 });
      expect(await tryConnect(socketUrl(host.auth.token))).toEqual({ opened: false, status: 403 });
    });

    it('refuses a DNS-rebound Host', async () => {
      expect(await tryConnect(socketUrl(host.auth.token), { origin: origin(), headers: { host: `evil.example:${host.port}` } })).toEqual({ opened: false, status: 403 });
      expect((await raw(host.port, '/', { host: `evil.example:${host.port}` })).status).toBe(403);
    });

    it('closes a page of another IPC version with its own code', async () => {
      expect(await tryConnect(socketUrl(host.auth.token, IPC_VERSION + 1), { origin: origin() })).toEqual({ opened: true, closeCode: 4409 });
    });

    it('trades the token for a cookie only with the right Origin', async () => {
      const ok = await raw(host.port, '/session', { origin: origin(), 'x-cast-token': host.auth.token }, 'POST');
      expect(ok.status).toBe(204);
      expect(String(ok.headers['set-cookie'])).toContain(`${host.auth.cookieName}=${host.auth.token}; Path=/; HttpOnly; SameSite=Strict`);
      expect((await raw(host.port, '/session', { origin: 'http://evil.example', 'x-cast-token': host.auth.token }, 'POST')).status).toBe(403);
      expect((await raw(host.port, '/session', { origin: origin(), 'x-cast-token': 'nope' }, 'POST')).status).toBe(403);
      expect((await raw(host.port, '/session', { origin: origin(), 'x-cast-token': host.auth.token })).status).toBe(405);
    });
  });

  describe('media by content id', () => {
    const cookie = () => ({ cookie: `${host.auth.cookieName}=${host.auth.token}` });

    it('serves a known id with ranges to a page holding the cookie or the token', async () => {
      const whole = await raw(host.port, '/media/clip01', cookie());
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.body).toEqual(media);
      const part = await raw(host.port, '/media/clip01', { ...cookie(), range: 'bytes=1000-1999' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 1000-1999/4096');
      expect(part.body).toEqual(media.subarray(1000, 2000));
      expect((await raw(host.port, `/media/clip01?token=${host.auth.token}`)).status).toBe(200);
      expect((await raw(host.port, '/media/clip01', { ...cookie(), range: 'bytes=5000-' })).status).toBe(416);
    });

    it('answers 404 for an unknown id', async () => {
      expect((await raw(host.port, '/media/unknown', cookie())).status).toBe(404);
    });

    it('refuses media without the token, or asked for by another site', async () => {
      expect((await raw(host.port, '/media/clip01')).status).toBe(403);
      expect((await raw(host.port, '/media/clip01', { cookie: `${host.auth.cookieName}=wrong` })).status).toBe(403);
      expect((await raw(host.port, '/media/clip01', { ...cookie(), origin: 'http://evil.example' })).status).toBe(403);
      expect((await raw(host.port, '/media/clip01', { ...cookie(), 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    });

    it('never serves a path: traversal, encoded traversal and absolute paths are refused', async () => {
      for (const path of [
        '/media/../etc/passwd',
        '/media/..%2f..%2fetc%2fpasswd',
        '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/media//etc/passwd',
        '/media/%2Fetc%2Fpasswd',
        '/media/C:%5CWindows%5Cwin.ini',
        '/../../etc/passwd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/etc/passwd',
      ]) {
        const response = await raw(host.port, path, cookie());
        expect([400, 404], `${path} → ${response.status}`).toContain(response.status);
        expect(response.body.toString()).not.toContain('root:');
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
