import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../../../shared/ipc/index.ts';
import { createCore } from '../../../../../electron/core/createCore.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { selfSignedCert } from '../support/selfSignedCert.ts';
import { tempDir } from '../support/tempDir.ts';
import { ok } from '../support/remoteCore.ts';
import { headlessCoreDeps } from '../../../../support/coreDeps.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CHARACTER = '11111111-1111-4111-8111-111111111111';
const generation = (n: number) => ({
  id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
  type: 'image',
  status: 'completed',
  prompt: `picture ${n}`,
  character_id: CHARACTER,
  credits_used: 2,
  completed_at: '2026-01-01T00:00:00.000Z',
  error_message: null,
  created_at: `2026-01-01T00:00:0${n}.000Z`,
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** A service holding a few generations (a test may delete some "elsewhere"), counting the listings of them. */
async function service() {
  const { key, cert } = selfSignedCert();
  const state = { generations: [generation(1), generation(2), generation(3)], listings: 0 };
  const server = createServer({ key, cert }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const now = new Date().toISOString();
    let body: unknown = { data: [], meta: { has_more: false, next_cursor: null } };
    if (path === '/v1/account')
      body = {
        data: {
          id: '00000000-0000-4000-8000-000000000001',
          email: 'a@b.c',
          name: 'Ada',
          avatar_url: '',
          credits: { balance: 5 },
          subscription: null,
          created_at: now,
        },
      };
    else if (path === '/v1/voices') body = { data: { voices: [], presets: [] }, meta: { has_more: false, next_cursor: null } };
    else if (path === '/v1/generations') {
      state.listings += 1;
      body = { data: state.generations, meta: { has_more: false, next_cursor: null } };
    }
    res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
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
  return { base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, cert, state };
}

async function until(test: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('history sync on a timer', () => {
  it('runs again by itself while online, so a generation deleted elsewhere leaves the library; stops with core', async () => {
    const remote = await service();
    const dir = tempDir();
    const c = await createCore(headlessCoreDeps(dir, { log: new CaptureLog(), tuning: { syncPeriodMs: 150, fullSyncPeriodMs: 100 } }));
    const profile = await ok<{ id: string }>(c, 'profiles.add', {
      name: 'Remote',
      baseUrl: remote.base,
      cdnUrl: remote.base,
      caPem: remote.cert,
      apiKey: `sk_live_${'6f'.repeat(32)}`,
    });
    await ok(c, 'profiles.activate', { id: profile.id });
    const ids = async () =>
      (await ok<{ items: LibraryItem[] }>(c, 'library.query', { filter: {}, offset: 0, limit: 50 })).items.map((item) => item.id).sort();
    await until(async () => (await ids()).length === 3, 'the first sync');

    remote.state.generations = [generation(1), generation(3)];
    await until(async () => (await ids()).join() === [generation(1).id, generation(3).id].join(), 'the deleted generation to leave');

    await c.stop();
    const after = remote.state.listings;
    await new Promise((r) => setTimeout(r, 500));
    expect(remote.state.listings).toBe(after);
  });

  it('leaves an idle app quiet between passes with the product period', async () => {
    const remote = await service();
    const dir = tempDir();
    const c = await createCore(headlessCoreDeps(dir, { log: new CaptureLog() }));
    cleanups.push(() => c.stop());
    const profile = await ok<{ id: string }>(c, 'profiles.add', {
      name: 'Remote',
      baseUrl: remote.base,
      cdnUrl: remote.base,
      caPem: remote.cert,
      apiKey: `sk_live_${'6f'.repeat(32)}`,
    });
    await ok(c, 'profiles.activate', { id: profile.id });
    await until(async () => remote.state.listings >= 1, 'the first sync');
    const after = remote.state.listings;
    await new Promise((r) => setTimeout(r, 800));
    expect(remote.state.listings).toBe(after);
  });
});
