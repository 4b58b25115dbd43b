import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import type { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';
import { ledger } from './support/ledger.ts';
import { startTcpProxy } from './support/tcpProxy.ts';

let h: Harness;
let keychain: KeytarKeychain;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let sandbox: SandboxHandle;
let characterId = '';
const attempts: { path: string; at: number }[] = [];

async function faults(body: Record<string, unknown>): Promise<void> {
  const answer = await sandbox.request('PUT', '/sandbox/faults', { body });
  expect(answer.status).toBe(200);
}

async function settle(job: Job, timeoutMs = 60_000): Promise<Job> {
  return h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), timeoutMs);
}

async function image(prompt: string, quoteId: string | null = null): Promise<Job> {
  return (await h.invoke('generations.create', { body: { character_id: characterId, type: 'image', prompt }, quoteId })) as Job;
}

async function chargedOnce(jobs: Job[]): Promise<void> {
  const operations = await ledger(sandbox);
  const session = h.core.session()!;
  for (const job of jobs) {
    const key = session.jobs.require(job.id).idempotency_key;
    const entries = operations.filter((o) => o.idempotency_key === key);
    expect(entries, job.title.subject).toHaveLength(1);
    expect(entries[0]!.charges, job.title.subject).toBe(1);
  }
}

describe.skipIf(!hasSecretService)('retries, rate limits, ambiguity and going offline, against a real sandbox', () => {
  beforeAll(async () => {
    keychain = testKeychain();
    // The sandbox runs on its own, and core reaches it through a relay the test can cut.
    h = await startCore({
      keychain,
      deps: {
        tuning: { onAttempt: (r) => attempts.push({ path: r.path, at: Date.now() }) },
        launchSandbox: async ({ dataDir, apiKey }) => {
          sandbox = await startSandbox({ dataDir, speed: 'fast', env: apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {} });
          proxy = await startTcpProxy(Number(new URL(sandbox.ready.base_url).port));
          const via = (url: string) => url.replace(/:\d+/, `:${proxy.port}`);
          return {
            ready: { ...sandbox.ready, base_url: via(sandbox.ready.base_url), cdn_url: via(sandbox.ready.cdn_url) },
            stop: () => sandbox.stop(),
          };
        },
      },
    });
    const job = (await h.invoke('characters.create', {
      body: { name: 'Rhea', parameters: { creationType: 'human' } },
      quoteId: null,
    })) as Job;
    characterId = (await settle(job)).resourceId!;
  });
  afterAll(async () => {
    await h?.stop();
    await proxy?.close();
    await keychain?.delete('sandbox').catch(() => {});
  });

  it('retries a 202 (ambiguous outcome) with the same key and bytes until the result', async () => {
    await faults({ ambiguous_202_rate: 1 });
    const jobs = await Promise.all([image('ambiguous one'), image('ambiguous two')]);
    const done = await Promise.all(jobs.map((j) => settle(j)));
    await faults({});
    for (const job of done) expect(job.state, JSON.stringify(job.error)).not.toBe('failed');
    // Had a retry carried other bytes, the sandbox would have answered 409 idempotency_key_reused.
    const retried = h.log.lines.filter((l) => l.message.startsWith('Retrying') && l.fields?.reason === 202);
    expect(retried.length).toBeGreaterThanOrEqual(2);
    await chargedOnce(jobs);
  });

  it('honours 429 Retry-After before trying again', async () => {
    const price = (await h.invoke('quotes.price', {
      operationId: 'generations.create.v1',
      input: { character_id: characterId, type: 'image', prompt: 'patience' },
    })) as { quoteId: string };
    await faults({ rate_429: 1, retry_after_seconds: 1 });
    const from = attempts.length;
    const job = await image('patience', price.quoteId);
    setTimeout(() => void faults({}), 2_500);
    const done = await settle(job);
    expect(done.state, JSON.stringify(done.error)).not.toBe('failed');
    const posts = attempts.slice(from).filter((a) => a.path === '/v1/generations');
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < posts.length; i += 1) expect(posts[i]!.at - posts[i - 1]!.at).toBeGreaterThanOrEqual(1_000);
    await chargedOnce([job]);
  });

  it('rides out injected 5xx answers, charging each operation once', async () => {
    await faults({ rate_5xx: 0.5, retry_after_seconds: 0 });
    const jobs = await Promise.all([image('storm a'), image('storm b'), image('storm c')]);
    const done = await Promise.all(jobs.map((j) => settle(j, 90_000)));
    await faults({});
    for (const job of done) expect(job.state, JSON.stringify(job.error)).not.toBe('failed');
    await chargedOnce(jobs);
  });

  it('shows what the service refunded of jobs it failed: an image, and a regeneration charged to its operation', async () => {
    // A character of its own: a failed regeneration leaves it failed (decision 7) until reverted.
    const made = await settle(
      (await h.invoke('characters.create', { body: { name: 'Iris', parameters: { creationType: 'human' } }, quoteId: null })) as Job,
    );
    await faults({ failure_rate: { image: 1, character: 1 } });
    const failingImage = await image('a portrait the service fails');
    const regeneration = (await h.invoke('characters.regenerate', {
      id: made.resourceId!,
      customDetails: 'with a red scarf',
      quoteId: null,
    })) as Job;
    const failed = await Promise.all([settle(failingImage), settle(regeneration)]);
    await faults({});
    for (const job of failed) {
      expect(job.state).toBe('failed');
      expect(job.creditsUsed).toBeGreaterThan(0);
      // The refund arrives with the credits refresh that follows the failure, and the job is told again.
      const refunded = await h.waitFor('job.updated', (j) => j.id === job.id && j.creditsRefunded !== null, 30_000);
      expect(refunded.creditsRefunded, job.title.subject).toBe(job.creditsUsed);
    }
    const listed = new Map(((await h.invoke('jobs.list', {})) as { jobs: Job[] }).jobs.map((j) => [j.id, j]));
    for (const job of failed) expect(listed.get(job.id)?.creditsRefunded, job.title.subject).toBe(job.creditsUsed);
  });

  it('keeps intents waiting while offline and sends them by itself when the network is back', async () => {
    await proxy.cut();
    const job = await image('sent from a train');
    const waiting = await h.waitFor('job.updated', (j) => j.id === job.id && j.state === 'waiting_connection', 30_000);
    expect(waiting.attempts).toBe(0);
    const offline = (await h.invoke('connection.get', {})) as { online: boolean; status: string; problem: unknown };
    expect(offline.online).toBe(false);
    // A cut line to a service on its address is "not answering", told apart from having no network.
    expect(offline.status).toBe('unreachable');
    expect(offline.problem).toEqual({ reason: 'unreachable', kind: 'sandbox' });
    // The library still answers with no network.
    expect(((await h.invoke('library.query', { filter: {}, offset: 0, limit: 5 })) as { total: number }).total).toBeGreaterThan(0);
    await proxy.restore();
    const done = await settle(job, 90_000);
    expect(done.state, JSON.stringify(done.error)).toBe('done');
    expect(((await h.invoke('connection.get', {})) as { online: boolean }).online).toBe(true);
    await chargedOnce([job]);
  });
});
