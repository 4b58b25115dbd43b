import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bridgeProtocols, CLOSE_SESSION_ENDED } from '../../../../shared/ipc/bridgeFrames.ts';
import { IPC_VERSION } from '../../../../shared/ipc/index.ts';
import { Router } from '../../../../electron/core/ipc/router.ts';
import { HostAuth, SESSION_IDLE_MS, SESSION_MAX_MS } from '../../../../electron/web/hostAuth.ts';
import { startHostServer, type HostServer } from '../../../../electron/web/hostServer.ts';
import { WebSocketBridge, type SocketLike } from '../../../../renderer/bridge/webSocketBridge.ts';

/**
 * The browser host's sessions: they expire when idle and at an absolute end, Settings lists them
 * and ends one, and an ended or expired session opens nothing, its open sockets closed with a code
 * the page turns into a sentence. The token travels only in the upgrade's subprotocols.
 */

type Outcome = { opened: boolean; status?: number; closeCode?: number; protocol?: string };

function connect(host: HostServer, url: string, protocols: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, protocols, { origin: host.auth.origin });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ opened: false, status: res.statusCode });
      ws.terminate();
    });
    ws.on('open', () => {
      const protocol = ws.protocol;
      ws.on('close', (code) => resolve({ opened: true, closeCode: code, protocol }));
      setTimeout(() => ws.close(), 100);
    });
    ws.on('error', () => resolve({ opened: false }));
  });
}

describe('the browser host’s sessions', () => {
  let dir: string;
  let host: HostServer;
  let clock = 1_000_000;
  const bridgeUrl = () => `ws://127.0.0.1:${host.port}/bridge`;
  const versionQuery = `v=${IPC_VERSION}`;
  const session = () => host.auth.redeem(host.auth.mintLaunchCode()) ?? '';
  const bridgeFor = (token: string) =>
    new WebSocketBridge({
      url: bridgeUrl(),
      token,
      createSocket: (url, protocols) => new WebSocket(url, protocols, { origin: host.auth.origin }) as unknown as SocketLike,
      fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, origin: host.auth.origin } }),
      maxDelayMs: 200,
    });
  const upload = (token: string) =>
    fetch(`${host.auth.origin}/uploads`, {
      method: 'PUT',
      body: new Uint8Array([1, 2, 3]),
      headers: { origin: host.auth.origin, 'x-cast-token': token, 'content-type': 'image/png' },
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cast-sessions-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
    // A host whose clock the test moves: its port first, then its gate on that port.
    const first = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming') });
    const { port } = first;
    await first.close();
    const auth = new HostAuth(port, { now: () => clock });
    host = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming'), port, auth });
    const router = new Router();
    router.register('jobs.pause', () => ({ ok: true as const }));
    host.attach({ router, resolveMedia: async () => null });
  });
  afterEach(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the token only from the subprotocols and answers with the bridge’s alone, never echoing it', async () => {
    const token = session();
    expect(await connect(host, `${bridgeUrl()}?${versionQuery}`, bridgeProtocols(token))).toMatchObject({
      opened: true,
      protocol: 'cast-bridge',
    });
    // The old way, the token in the query string, opens nothing.
    expect(await connect(host, `${bridgeUrl()}?token=${token}&${versionQuery}`, ['cast-bridge'])).toEqual({ opened: false, status: 403 });
  });

  it('lists this host’s sessions for Settings, marks the asking page’s, and ends one: its page is told and its token opens nothing', async () => {
    const mine = bridgeFor(session());
    const other = bridgeFor(session());
    const otherToken = (other as unknown as { options: { token: string } }).options.token;
    expect((await other.invoke('jobs.pause', {})).ok).toBe(true);
    const listed = await mine.invoke('shell.listSessions', {});
    if (!listed.ok) throw new Error(JSON.stringify(listed.error));
    expect(listed.value).toHaveLength(2);
    expect(listed.value.filter((s) => s.current)).toHaveLength(1);
    const theirs = listed.value.find((s) => !s.current);
    expect(theirs?.expiresAt).toBe(clock + SESSION_IDLE_MS);

    expect(await mine.invoke('shell.endSession', { id: theirs?.id ?? '' })).toEqual({ ok: true, value: { ok: true } });
    await expect.poll(() => other.status).toBe('ended');
    expect(await other.invoke('jobs.pause', {})).toMatchObject({ ok: false, error: { code: 'session_ended' } });
    expect(await connect(host, `${bridgeUrl()}?${versionQuery}`, bridgeProtocols(otherToken))).toMatchObject({
      opened: true,
      closeCode: CLOSE_SESSION_ENDED,
    });
    expect((await upload(otherToken)).status).toBe(403);
    // A page opened again with the ended token (a reload) is told so at once, not left waiting.
    const reloaded = bridgeFor(otherToken);
    expect(await reloaded.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'session_ended' } });
    expect(reloaded.status).toBe('ended');
    reloaded.close();
    // Ending it twice says it has ended already; the page that ended it carries on.
    expect(await mine.invoke('shell.endSession', { id: theirs?.id ?? '' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await mine.invoke('jobs.pause', {})).toEqual({ ok: true, value: { ok: true } });
    mine.close();
    other.close();
  });

  it('ends a session left idle, and one past its absolute lifetime however busy', async () => {
    const idle = session();
    const busy = session();
    expect(await connect(host, `${bridgeUrl()}?${versionQuery}`, bridgeProtocols(idle))).toMatchObject({ opened: true, closeCode: 1005 });
    const busyPage = bridgeFor(busy);
    expect((await busyPage.invoke('jobs.pause', {})).ok).toBe(true);

    // Just short of idle: the page used lately lives on, the other too (it was used at its start).
    clock += SESSION_IDLE_MS - 1;
    expect((await busyPage.invoke('jobs.pause', {})).ok).toBe(true);
    clock += 1;
    expect(await connect(host, `${bridgeUrl()}?${versionQuery}`, bridgeProtocols(idle))).toMatchObject({
      opened: true,
      closeCode: CLOSE_SESSION_ENDED,
    });
    expect((await upload(idle)).status).toBe(403);

    // Used every few hours, the busy one still ends at its absolute end, and its open page is told.
    while (clock + SESSION_IDLE_MS / 2 < 1_000_000 + SESSION_MAX_MS) {
      clock += SESSION_IDLE_MS / 2;
      expect((await busyPage.invoke('jobs.pause', {})).ok).toBe(true);
    }
    clock = 1_000_000 + SESSION_MAX_MS;
    expect(await busyPage.invoke('jobs.pause', {})).toMatchObject({ ok: false, error: { code: 'session_ended' } });
    await expect.poll(() => busyPage.status).toBe('ended');
    expect(host.auth.listSessions()).toEqual([]);
    busyPage.close();
  });
});
