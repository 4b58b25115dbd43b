import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job, Price } from '../../../../shared/ipc/index.ts';
import { createCore, type Core } from '../../../../electron/core/createCore.ts';
import { ConfPreferences } from '../../../../electron/core/preferences/preferences.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { MemoryKeychain } from '../../../support/memoryKeychain.ts';
import { selfSignedCert } from '../support/selfSignedCert.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const BODY = { character_id: '11111111-1111-4111-8111-111111111111', type: 'image', prompt: 'a lighthouse at dusk', options: { aspect_ratio: '16:9' } };

/** A service that prices every quote at 7 credits, remembers what it was asked to price, and refuses every generation. */
async function refusingService(): Promise<{ base: string; cert: string; quoted: unknown[] }> {
  const { key, cert } = selfSignedCert();
  const quoted: unknown[] = [];
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const now = new Date().toISOString();
      let status = 200;
      let body: unknown;
      if (req.method === 'POST' && path === '/v1/quotes') {
        const asked = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { operation_id: string; input: unknown };
        quoted.push(asked.input);
        status = 201;
        body = {
          data: {
            id: `00000000-0000-4000-8000-${quoted.length.toString(16).padStart(12, '0')}`, operation_id: asked.operation_id, credits: 7, capability_version: 'c', pricing_version: 'p',
            input_hash: 'h', asset_hash: 'a', retry_budget: 1, approval: { required: false, state: null }, expires_at: new Date(Date.now() + 900_000).toISOString(), expired: false, created_at: now,
          },
        };
      } else if (req.method === 'POST') {
        status = 422;
        body = { error: { code: 'invalid_request', message: 'That character is not ready.' } };
      } else if (path === '/v1/account') {
        body = { data: { id: '00000000-0000-4000-8000-000000000001', email: 'a@b.c', name: 'Ada', avatar_url: '', credits: { balance: 50 }, subscription: null, created_at: now } };
      } else if (path === '/v1/voices') {
        body = { data: { voices: [], presets: [] }, meta: { has_more: false, next_cursor: null } };
      } else {
        body = { data: [], meta: { has_more: false, next_cursor: null } };
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, cert, quoted };
}

async function ok<T>(c: Core, command: string, input: unknown): Promise<T> {
  const reply = await c.router.handle(command, input);
  if (!reply.ok) throw new Error(`${command}: ${reply.error.code} ${reply.error.message}`);
  return reply.value as T;
}

async function failedJob(c: Core, id: string): Promise<Job> {
  const end = Date.now() + 10_000;
  for (;;) {
    const { jobs } = await ok<{ jobs: Job[] }>(c, 'jobs.list', {});
    const job = jobs.find((each) => each.id === id);
    if (job?.state === 'failed') return job;
    if (Date.now() > end) throw new Error(`job ${id} did not fail: ${job?.state ?? 'gone'}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A core with one active profile on a fresh refusingService(); the core stops with the test's cleanups. */
async function coreOnRefusingService(): Promise<{ service: Awaited<ReturnType<typeof refusingService>>; c: Core }> {
  const service = await refusingService();
  const dir = tempDir();
  const c = await createCore({ userDataDir: dir, keychain: new MemoryKeychain(), preferences: new ConfPreferences({ cwd: dir }), log: new CaptureLog(), host: 'browser', mediaBase: 'cast-media://' });
  cleanups.push(() => c.stop());
  const profile = await ok<{ id: string }>(c, 'profiles.add', { name: 'Remote', baseUrl: service.base, cdnUrl: service.base, caPem: service.cert, apiKey: `sk_live_${'4b'.repeat(32)}` });
  await ok(c, 'profiles.activate', { id: profile.id });
  return { service, c };
}

describe('jobs.price', () => {
  it('quotes the failed job’s own stored body again, with the balance left', async () => {
    const { service, c } = await coreOnRefusingService();
    await ok(c, 'account.get', {});

    const job = await ok<Job>(c, 'generations.create', { body: BODY, quoteId: null });
    const failed = await failedJob(c, job.id);
    expect(failed.error?.message).toMatch(/not ready/);
    const before = service.quoted.length;

    const price = await ok<Price>(c, 'jobs.price', { id: job.id });
    expect(price).toMatchObject({ credits: 7, approvalRequired: false, balance: 50, covered: true });
    expect(service.quoted).toHaveLength(before + 1);
    expect(service.quoted.at(-1)).toEqual(BODY);

    // The quote it returned pays for the retry.
    const retried = await ok<Job>(c, 'jobs.retry', { id: job.id, quoteId: price.quoteId });
    expect(retried.quotedCredits).toBe(7);
  });

  it('refuses an unknown job and a job that has not failed, in sentences', async () => {
    const { c } = await coreOnRefusingService();
    expect(await c.router.handle('jobs.price', { id: 'no-such-job' })).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringMatching(/no longer exists/) } });
    await ok(c, 'jobs.pause', {});
    const waiting = await ok<Job>(c, 'generations.create', { body: BODY, quoteId: null });
    expect(await c.router.handle('jobs.price', { id: waiting.id })).toMatchObject({ ok: false, error: { code: 'cannot_retry' } });
  });
});
