import { afterEach, describe, expect, it } from 'vitest';
import type { Job, Price } from '../../../../../shared/ipc/index.ts';
import type { Core } from '../../../../../electron/core/createCore.ts';
import { coreOnService, ok, startRemoteService, type Cleanups, type RemoteService } from '../support/remoteCore.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const BODY = {
  character_id: '11111111-1111-4111-8111-111111111111',
  type: 'video',
  prompt: 'a long walk on the pier',
  options: { duration: 15, quality: 'pro' },
};
type State = 'pending' | 'approved' | 'rejected' | 'revoked';

/**
 * A service whose quotes all cost 80 credits and need approval (decision 9), with the approval state
 * set by the test, and which refuses every paid request with 409 quote_not_approved, as a service
 * does when the approval was withdrawn between the quote and the send.
 */
async function approvalService(): Promise<RemoteService & { states: Map<string, State>; posts: () => number }> {
  const states = new Map<string, State>();
  let posts = 0;
  const quoteJson = (id: string) => ({
    id,
    operation_id: 'generations.create.v1',
    credits: 80,
    capability_version: 'c',
    pricing_version: 'p',
    input_hash: 'h',
    asset_hash: 'a',
    retry_budget: 2,
    approval: { required: true, state: states.get(id) ?? 'pending' },
    expires_at: new Date(Date.now() + 900_000).toISOString(),
    expired: false,
    created_at: new Date().toISOString(),
  });
  const service = await startRemoteService(
    ({ method, path }) => {
      if (method === 'POST' && path === '/v1/quotes') {
        const id = `00000000-0000-4000-8000-${(states.size + 1).toString(16).padStart(12, '0')}`;
        states.set(id, 'pending');
        return { status: 201, body: { data: quoteJson(id) } };
      }
      if (method === 'GET' && path.startsWith('/v1/quotes/')) {
        const id = path.slice('/v1/quotes/'.length);
        return states.has(id)
          ? { status: 200, body: { data: quoteJson(id) } }
          : { status: 404, body: { error: { code: 'not_found', message: 'No such quote.' } } };
      }
      if (method === 'POST') {
        posts += 1;
        return { status: 409, body: { error: { code: 'quote_not_approved', message: 'The quote is not approved.', field: 'Quote-Id' } } };
      }
      return undefined;
    },
    { balance: 500, cleanups },
  );
  return { ...service, states, posts: () => posts };
}

async function coreOn(service: RemoteService): Promise<Core> {
  const c = await coreOnService(service, cleanups);
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
    expect(await c.router.handle('quotes.get', { id: '00000000-0000-4000-8000-0000000000ff' })).toMatchObject({
      ok: false,
      error: { code: 'quote_not_found', params: { then: 'change_option' } },
    });
  });

  it('refuses to queue a job on a pending or rejected quote, in a sentence, and takes it once approved (the stored state is not trusted)', async () => {
    const service = await approvalService();
    const c = await coreOn(service);
    await ok(c, 'jobs.pause', {});
    const price = await ok<Price>(c, 'quotes.price', { operationId: 'generations.create.v1', input: BODY });

    const pending = await c.router.handle('generations.create', { body: BODY, quoteId: price.quoteId });
    expect(pending).toMatchObject({
      ok: false,
      error: { code: 'quote_not_approved', params: { state: 'pending' } },
    });

    // Approved on the service after core stored the quote as pending: core reads it again.
    service.states.set(price.quoteId, 'approved');
    const job = await ok<Job>(c, 'generations.create', { body: BODY, quoteId: price.quoteId });
    expect(job).toMatchObject({ state: 'paused', quotedCredits: 80 });

    const other = await ok<Price>(c, 'quotes.price', { operationId: 'generations.create.v1', input: { ...BODY, prompt: 'another walk' } });
    service.states.set(other.quoteId, 'rejected');
    const rejected = await c.router.handle('generations.create', { body: { ...BODY, prompt: 'another walk' }, quoteId: other.quoteId });
    expect(rejected).toMatchObject({
      ok: false,
      error: { code: 'quote_not_approved', params: { state: 'rejected' } },
    });
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
    expect(end.error).toEqual({ code: 'quote_not_approved', params: { state: 'pending' }, field: 'Quote-Id' });
    expect(end.attempts).toBe(1);
    expect(service.posts()).toBe(1);
    const { jobs } = await ok<{ jobs: Job[] }>(c, 'jobs.list', {});
    expect(jobs.find((each) => each.id === job.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });
});
