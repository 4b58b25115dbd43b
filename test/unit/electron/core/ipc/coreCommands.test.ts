import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../../../../shared/ipc/index.ts';
import { createCore, type Core } from '../../../../../electron/core/createCore.ts';
import { FilePreferences } from '../../../../../electron/core/preferences/preferences.ts';
import { UPDATES_IN_DESKTOP_APP } from '../../../../../electron/core/updates/registerUpdateHandlers.ts';
import { startUpdates } from '../../../../../electron/core/updates/startUpdates.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { MemoryKeychain } from '../../../../support/memoryKeychain.ts';
import { selfSignedCert } from '../support/selfSignedCert.ts';
import { tempDir } from '../support/tempDir.ts';
import { ok } from '../support/remoteCore.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function core(): Promise<{ core: Core; prefs: FilePreferences; keychain: MemoryKeychain; log: CaptureLog; dir: string }> {
  const dir = tempDir();
  const prefs = new FilePreferences({ cwd: dir });
  const keychain = new MemoryKeychain();
  const log = new CaptureLog();
  const c = await createCore({ userDataDir: dir, keychain, preferences: prefs, log, host: 'browser', mediaBase: 'cast-media://' });
  cleanups.push(() => c.stop());
  return { core: c, prefs, keychain, log, dir };
}

describe('createCore', () => {
  it('registers, with the updates a shell starts, a handler for every command of shared/ipc (shell.* belong to the Electron shell)', async () => {
    const { core: c, log } = await core();
    // Updates are the shell's: each host starts them on core's router (the browser host's say they come with the desktop app).
    await startUpdates(c.router, UPDATES_IN_DESKTOP_APP, log);
    expect([...c.router.registered()].sort()).toEqual(COMMAND_NAMES.filter((name) => !name.startsWith('shell.')).sort());
  });

  it('starts with the sandbox profile and says why when no sandbox can be launched', async () => {
    const { core: c } = await core();
    const connection = await ok<{ profile: { kind: string } | null; problem: unknown }>(c, 'connection.get', {});
    expect(connection.profile?.kind).toBe('sandbox');
    expect(connection.problem).toEqual({ reason: 'sandbox_not_built', kind: 'sandbox' });
    const reply = await c.router.handle('library.query', { filter: {}, offset: 0, limit: 10 });
    expect(reply).toMatchObject({ ok: false, error: { code: 'no_connection' } });
  });

  it('answers invalid input with a readable error naming the field', async () => {
    const { core: c } = await core();
    const reply = await c.router.handle('profiles.setKey', { id: 'sandbox', apiKey: 'not-a-key' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'apiKey' } });
  });
});

/** An HTTPS stand-in that answers every read with an empty, valid page. */
async function emptyService(): Promise<{ base: string; cert: string }> {
  const { key, cert } = selfSignedCert();
  const server = createServer({ key, cert }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const body =
      path === '/v1/account'
        ? {
            data: {
              id: '00000000-0000-4000-8000-000000000001',
              email: 'a@b.c',
              name: 'Ada',
              avatar_url: '',
              credits: { balance: 5 },
              subscription: null,
              created_at: new Date().toISOString(),
            },
          }
        : path === '/v1/voices'
          ? { data: { voices: [], presets: [] }, meta: { has_more: false, next_cursor: null } }
          : { data: [], meta: { has_more: false, next_cursor: null } };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, cert };
}

describe('profiles', () => {
  it('switching profiles switches libraries', async () => {
    const { core: c } = await core();
    const a = await emptyService();
    const b = await emptyService();
    const key = `sk_live_${'5e'.repeat(32)}`;
    const first = await ok<{ id: string }>(c, 'profiles.add', { name: 'A', baseUrl: a.base, cdnUrl: a.base, caPem: a.cert, apiKey: key });
    const second = await ok<{ id: string }>(c, 'profiles.add', { name: 'B', baseUrl: b.base, cdnUrl: b.base, caPem: b.cert, apiKey: key });
    await ok(c, 'profiles.activate', { id: first.id });
    const collection = await ok<{ id: string }>(c, 'collections.create', { name: 'Only in A' });
    const statsA = await ok<{ path: string }>(c, 'library.stats', {});
    await ok(c, 'profiles.activate', { id: second.id });
    expect(await ok(c, 'collections.list', {})).toEqual([]);
    expect((await ok<{ path: string }>(c, 'library.stats', {})).path).not.toBe(statsA.path);
    await ok(c, 'profiles.activate', { id: first.id });
    expect((await ok<{ id: string }[]>(c, 'collections.list', {})).map((x) => x.id)).toEqual([collection.id]);
    const reply = await c.router.handle('profiles.remove', { id: first.id });
    expect(reply).toMatchObject({ ok: false, error: { code: 'cannot_remove' } });
  });
});

describe('a remote profile', () => {
  it('keeps the key in the keychain only, and stops retrying when the service refuses it', async () => {
    const { key, cert } = selfSignedCert();
    let accept = false;
    let requests = 0;
    const server = createServer({ key, cert }, (req, res) => {
      requests += 1;
      if (!accept) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'invalid_api_key', message: 'Unknown key' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            id: '00000000-0000-4000-8000-000000000001',
            email: 'a@b.c',
            name: 'Ada',
            avatar_url: '',
            credits: { balance: 42 },
            subscription: null,
            created_at: new Date().toISOString(),
          },
        }),
      );
      void req;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const { core: c, prefs, keychain, log, dir } = await core();
    const apiKey = `sk_live_${'9c'.repeat(32)}`;
    const profile = await ok<{ id: string; keyPrefix: string; keyState: string; hasCustomCa: boolean }>(c, 'profiles.add', {
      name: 'Studio',
      baseUrl: base,
      cdnUrl: `${base}/cdn`,
      caPem: cert,
      apiKey,
    });
    expect(profile.keyPrefix).toBe(`${apiKey.slice(0, 12)}…`);
    expect(profile.hasCustomCa).toBe(true);
    expect(keychain.entries.get(profile.id)).toBe(apiKey);
    await ok(c, 'profiles.activate', { id: profile.id });
    expect(await ok(c, 'account.get', {})).toBeNull();
    const connection = await ok<{ profile: { keyState: string }; problem: unknown }>(c, 'connection.get', {});
    expect(connection.profile.keyState).toBe('needs_new_key');
    expect(connection.problem).toEqual({ reason: 'key_refused', kind: 'remote' });
    // A refused key is not retried, and nothing else goes out while it is known to be bad.
    const sent = requests;
    expect(sent).toBeLessThanOrEqual(3); // the opening sync, the capabilities discovery and account.get may all have left before the first 401
    await ok(c, 'account.get', {});
    await new Promise((r) => setTimeout(r, 300));
    expect(requests).toBe(sent);

    accept = true;
    const newKey = `sk_live_${'7d'.repeat(32)}`;
    await ok(c, 'profiles.setKey', { id: profile.id, apiKey: newKey });
    const account = await ok<{ credits: { balance: number } }>(c, 'account.get', {});
    expect(account.credits.balance).toBe(42);
    const after = await ok<{ profile: { keyState: string; keyLastUsedAt: string | null } }>(c, 'connection.get', {});
    expect(after.profile.keyState).toBe('ok');
    expect(after.profile.keyLastUsedAt).not.toBeNull();

    for (const secret of [apiKey, newKey]) {
      expect(readFileSync(prefs.path, 'utf8')).not.toContain(secret);
      expect(readFileSync(`${dir}/logs/core.log`, 'utf8')).not.toContain(secret);
      expect(log.text()).not.toContain(secret);
      expect(JSON.stringify(await ok(c, 'profiles.list', {}))).not.toContain(secret);
    }
  });
});
