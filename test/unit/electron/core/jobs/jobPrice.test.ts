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
  type: 'image',
  prompt: 'a lighthouse at dusk',
  options: { aspect_ratio: '16:9' },
};

/** A service that prices every quote at 7 credits, remembers what it was asked to price, and refuses every generation. */
async function refusingService(): Promise<RemoteService & { quoted: unknown[] }> {
  const quoted: unknown[] = [];
  const service = await startRemoteService(
    ({ method, path, body }) => {
      if (method === 'POST' && path === '/v1/quotes') {
        const asked = JSON.parse(body.toString('utf8')) as { operation_id: string; input: unknown };
        quoted.push(asked.input);
        const quote = {
          id: `00000000-0000-4000-8000-${quoted.length.toString(16).padStart(12, '0')}`,
          operation_id: asked.operation_id,
          credits: 7,
          capability_version: 'c',
          pricing_version: 'p',
          input_hash: 'h',
          asset_hash: 'a',
          retry_budget: 1,
          approval: { required: false, state: null },
          expires_at: new Date(Date.now() + 900_000).toISOString(),
          expired: false,
          created_at: new Date().toISOString(),
        };
        return { status: 201, body: { data: quote } };
      }
      if (method === 'POST') return { status: 422, body: { error: { code: 'invalid_request', message: 'That character is not ready.' } } };
      return undefined;
    },
    { balance: 50, cleanups },
  );
  return { ...service, quoted };
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
  return { service, c: await coreOnService(service, cleanups) };
}

describe('jobs.price', () => {
  it('quotes the failed job’s own stored body again, with the balance left', async () => {
    const { service, c } = await coreOnRefusingService();
    await ok(c, 'account.get', {});

    const job = await ok<Job>(c, 'generations.create', { body: BODY, quoteId: null });
    const failed = await failedJob(c, job.id);
    expect(failed.error).toMatchObject({ code: 'validation_error', serviceMessage: 'That character is not ready.' });
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
    expect(await c.router.handle('jobs.price', { id: 'no-such-job' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', params: { what: 'job' } },
    });
    await ok(c, 'jobs.pause', {});
    const waiting = await ok<Job>(c, 'generations.create', { body: BODY, quoteId: null });
    expect(await c.router.handle('jobs.price', { id: waiting.id })).toMatchObject({ ok: false, error: { code: 'cannot_retry' } });
  });
});
