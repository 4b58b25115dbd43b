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

const BODY = { character_id: '11111111-1111-4111-8111-111111111111', type: 'video', prompt: 'a long walk on the pier', options: { duration: 15, quality: 'pro' } };
type State = 'pending' | 'approved' | 'rejected' | 'revoked';

/**
 * A service whose quotes all cost 80 credits and need approval (decision 9), with the approval state
 * set by the test, and which refuses every paid request with 409 quote_not_approved, as a service
 * does when the approval was withdrawn between the quote and the send.
 */
async function approvalService(): Promise<{ base: string; cert: string; states: Map<string, State>; posts: () => number }> {
  const { key, cert } = selfSignedCert();
  const states = new Map<string, State>();
  let posts = 0;
  const quoteJson = (id: string) => ({
    id, operation_id: 'generations.create.v1', credits: 80, capability_version: 'c', pricing_version: 'p', input_hash: 'h', asset_hash: 'a', retry_budget: 2,
    approval: { required: true, state: states.get(id) ?? 'pending' }, expires_at: new Date(Date.now() + 900_000).toISOString(), expired: false, created_at: new Date().toISOString(),
  });
  const server = createServer({ key, cert }, (req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      let status = 200;
      let body: unknown;
      if (req.method === 'POST' && path === '/v1/quotes') {
        const id = `00000000-0000-4000-8000-${(states.size + 1).toString(16).padStart(12, '0')}`;
        states.set(id, 'pending');
        status = 201;
        body = { data: quoteJson(id) };
      } else if (req.method === 'GET' && path.startsWith('/v1/quotes/')) {
        const id = path.slice('/v1/quotes/'.length);
        if (states.has(id)) body = { data: quoteJson(id) };
        else [status, body] = [404, { error: { code: 'not_found', message: 'No such quote.' } }];
      } else if (req.method === 'POST') {
        posts += 1;
        status = 409;
        body = { error: { code: 'quote_not_approved', message: 'The quote is not approved.', field: 'Quote-Id' } };
      } else if (path === '/v1/account') {
        body = { data: { id: '00000000-0000-4000-8000-000000000001', email: 'a@b.c', name: 'Ada', avatar_url: '', credits: { balance: 500 }, subscription: null, created_at: new Date().toISOString() } };
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
  return { base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, cert, states, posts: () => posts };
}

async function ok<T>(c: Core, command: string, input: unknown): Promise<T> {
  const reply = await c.router.handle(command, input);
  if (!reply.ok) throw new Error(`${command}: ${reply.error.code} ${reply.error.message}`);
  return reply.value as T;
}

async function coreOn(service: { base: string; cert: string }): Promise<Core> {
  const dir = tempDir();
  const c = await createCore({ userDataDir: dir, keychain: new MemoryKeychain(), preferences: new ConfPreferences({ cwd: dir }), log: new CaptureLog(), host: 'browser', mediaBase: 'cast-media://' });
  cleanups.push(() => c.stop());
  const profile = await ok<{ id: string }>(c, 'profiles.add', { name: 'Remote', baseUrl: service.base, cdnUrl: service.base, caPem: service.cert, apiKey: `sk_live_${'4b'.repeat(32)}` });
  await ok(c, 'profiles.activate', { id: profile.id });
  await ok(c, 'account.get', {});
  return c;
}

/** Resolves with the job once `job.updated` says it failed. */
function failed(c: Core, id: string): Promise<Job> {
  return new Promise((resolve) => {
    const stop = c.router.subscribe((event, payload) => {
      const job = payload as Job;
      if (event === 'job.updated' && job.id === id && job.state === 'failed') {
        stop();
        resolve(job);
      }
    });
  });
}

describe('quotes that need approval', () => {
  it('quotes.get reads the approval state again, as it moves on the service', async () => {
    const service = await approvalService();
    const c = await coreOn(service);
    const price = await ok<Price>(c, 'quotes.price', { operationId: 'generations.create.v1', input: BODY });
    expect(price).toMatchObject({ credits: 80, approvalRequired: true, approvalState: 'pending', covered: true });

    service.states.set(price.quoteId, 'approved');
    expect(await ok<Price>(c, 'quotes.get', { id: price.quoteId })).toMatchObject({ quoteId: price.quoteId, approvalState: 'approved' });
    service.states.set(price.quoteId, 'revoked');
    expect(await ok<Price>(c, 'quotes.get', { id: price.quoteId })).toMatchObject({ approvalState: 'revoked' });
    expect(await c.router.handle('quotes.get', { id: '00000000-0000-4000-8000-0000000000ff' })).toMatchObject({ ok: false, error: { code: 'quote_not_found', message: expect.stringMatching(/new price/) } });
  });

  it('refuses to queue a job on a pending or rejected quote, in a sentence, and takes it once approved (the stored state is not trusted)', async () => {
    const service = await approvalService();
    const c = await coreOn(service);
    await ok(c, 'jobs.pause', {});
    const price = await ok<Price>(c, 'quotes.price', { operationId: 'generations.create.v1', input: BODY });

    const pending = await c.router.handle('generations.create', { body: BODY, quoteId: price.quoteId });
    expect(pending).toMatchObject({ ok: false, error: { code: 'quote_not_approved', message: expect.stringMatching(/needs the account owner’s approval.*Ask for approval/) } });

    // Approved on the service after core stored the quote as pending: core reads it again.
    service.states.set(price.quoteId, 'approved');
    const job = await ok<Job>(c, 'generations.create', { body: BODY, quoteId: price.quoteId });
    expect(job).toMatchObject({ state: 'paused', quotedCredits: 80 });

    const other = await ok<Price>(c, 'quotes.price', { operationId: 'generations.create.v1', input: { ...BODY, prompt: 'another walk' } });
    service.states.set(other.quoteId, 'rejected');
    const rejected = await c.router.handle('generations.create', { body: { ...BODY, prompt: 'another walk' }, quoteId: other.quoteId });
    expect(rejected).toMatchObject({ ok: false, error: { code: 'quote_not_approved', message: expect.stringMatching(/rejected this price/) } });
    expect(service.posts()).toBe(0);
  });

  it('fails a job the service refuses with quote_not_approved once, with a sentence, and never sends it again', async () => {
    const service = await approvalService();
    const c = await coreOn(service);
    await ok(c, 'jobs.pause', {});
    const price = await ok<Price>(c, 'quotes.price', { operationId: 'generations.create.v1', input: BODY });
    service.states.set(price.quoteId, 'approved');
    const job = await ok<Job>(c, 'generations.create', { body: BODY, quoteId: price.quoteId });
    const done = failed(c, job.id);
    await ok(c, 'jobs.resume', {});

    const end = await done;
    expect(end.error).toEqual({ code: 'quote_not_approved', message: expect.stringMatching(/needs approval.*Ask for approval/) });
    expect(end.error?.message).not.toMatch(/[{}]/);
    expect(end.attempts).toBe(1);
    expect(service.posts()).toBe(1);
    const { jobs } = await ok<{ jobs: Job[] }>(c, 'jobs.list', {});
    expect(jobs.find((each) => each.id === job.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });
});
