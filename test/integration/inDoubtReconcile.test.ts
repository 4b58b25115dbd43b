import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger } from './support/ledger.ts';
import { isGenerationPost, LosingDispatcher } from './support/losingDispatcher.ts';

let h: Harness | null = null;
let sandbox: SandboxHandle | null = null;
afterEach(async () => {
  await h?.stop();
  await sandbox?.stop();
  h = null;
  sandbox = null;
});

async function coreOn(variants: string[]): Promise<{ h: Harness; sandbox: SandboxHandle; wire: LosingDispatcher }> {
  const wire = new LosingDispatcher();
  const harness = await startCore({
    keychain: new MemoryKeychain(),
    deps: {
      fetchDispatcher: wire,
      tuning: { reconcileSettleMs: 0 },
      launchSandbox: async ({ dataDir, apiKey }) => {
        sandbox = await startSandbox({ dataDir, speed: 'fast', variants, env: apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {} });
        wire.trust(sandbox.ready.ca_cert);
        return { ready: sandbox.ready, stop: async () => {} };
      },
    },
  });
  h = harness;
  return { h: harness, sandbox: sandbox!, wire };
}

async function readyCharacter(harness: Harness): Promise<string> {
  const made = (await harness.invoke('characters.create', {
    body: { name: 'Mara', parameters: { creationType: 'human' } },
    quoteId: null,
  })) as Job;
  const done = await harness.waitFor('job.updated', (j) => j.id === made.id && (j.state === 'done' || j.state === 'failed'));
  expect(done.state).toBe('done');
  return done.resourceId!;
}

/** Waits until the job is linked to a record (processing or done) or asks the creator; fails on anything else final. */
async function settledInDoubt(harness: Harness, id: string): Promise<Job> {
  return harness.waitFor(
    'job.updated',
    (j) => j.id === id && (j.state === 'processing' || j.state === 'done' || j.state === 'failed' || j.error?.code === 'outcome_unknown'),
    90_000,
  );
}

async function chargesFor(
  s: SandboxHandle,
  harness: Harness,
  jobId: string,
): Promise<{ charges: number; resource: string | null; all: number }> {
  const key = harness.core.session()!.jobs.require(jobId).idempotency_key;
  const operations = await ledger(s);
  const mine = operations.filter((o) => o.idempotency_key === key);
  return {
    charges: mine.reduce((n, o) => n + o.charges, 0),
    resource: mine[0]?.resource_id ?? null,
    all: operations.filter((o) => o.charges > 0).length,
  };
}

describe('a charged request whose answer was lost, against a real sandbox', () => {
  it.each([401, 402, 403])(
    'the resend refused with %i is reconciled against history: linked to what ran, charged once',
    { timeout: 120_000 },
    async (status) => {
      const { h: harness, sandbox: s, wire } = await coreOn([]);
      const characterId = await readyCharacter(harness);
      const before = (await ledger(s)).filter((o) => o.charges > 0).length;
      await s.request('PUT', '/sandbox/faults', { body: { refuse_replay_rate: 1, refuse_replay_with: [status] } });
      let once = true;
      wire.losing = (opts) => isGenerationPost(opts) && once && !(once = false);
      const job = (await harness.invoke('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: `lost then ${status}` },
        quoteId: null,
      })) as Job;
      const settled = await settledInDoubt(harness, job.id);
      expect(wire.lost).toBe(1);
      const { charges, resource, all } = await chargesFor(s, harness, job.id);
      expect(charges).toBe(1);
      expect(all - before).toBe(1); // never a second charge, under this key or another
      expect(settled.state === 'failed' ? settled.error?.code : 'not failed').not.toBe('did_not_run');
      if (settled.error?.code === 'outcome_unknown') expect(settled.state).toBe('waiting_connection');
      else expect(settled.resourceId).toBe(resource);
    },
  );

  it(
    'short key retention: the lost request is not resent past the connection’s window, but found in history and linked, charged once',
    { timeout: 120_000 },
    async () => {
      const { h: harness, sandbox: s, wire } = await coreOn(['short-idempotency=4']);
      const characterId = await readyCharacter(harness);
      const profileId = harness.core.session()!.profile.id;
      await harness.invoke('profiles.setKeyRetention', { id: profileId, seconds: 3 });
      const before = (await ledger(s)).filter((o) => o.charges > 0).length;
      // Every answer to a generation request is lost: only the window stops the resends.
      wire.losing = isGenerationPost;
      const job = (await harness.invoke('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: 'kept a few seconds' },
        quoteId: null,
      })) as Job;
      const settled = await settledInDoubt(harness, job.id);
      wire.losing = () => false;
      const { charges, resource, all } = await chargesFor(s, harness, job.id);
      expect(charges).toBe(1);
      expect(all - before).toBe(1);
      expect(settled.state).toBe('processing');
      expect(settled.resourceId).toBe(resource);
    },
  );

  it(
    'strict-scopes: a free plan refuses reads too; the job in doubt is never said not to have run, the connection says plan required, and once the plan is back it is linked, charged once',
    { timeout: 120_000 },
    async () => {
      const { h: harness, sandbox: s, wire } = await coreOn(['strict-scopes']);
      const characterId = await readyCharacter(harness);
      const before = (await ledger(s)).filter((o) => o.charges > 0).length;
      // The sandbox's admin API directly: Settings → Sandbox reads the account first, which a free plan is refused here.
      const userId = ((await s.request('GET', '/v1/account')).body as { data: { id: string } }).data.id;
      const plan = (name: string) => s.request('POST', `/sandbox/users/${userId}/plan`, { body: { plan: name } });
      // The first answer is lost; the plan lapses before the request is asked again.
      let planGone: Promise<unknown> | null = null;
      wire.losing = (opts) => {
        if (!isGenerationPost(opts) || planGone) return false;
        planGone = plan('free');
        return true;
      };
      const job = (await harness.invoke('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: 'then the plan lapsed' },
        quoteId: null,
      })) as Job;
      const refused = await harness.waitFor(
        'job.updated',
        (j) => j.id === job.id && (j.state === 'failed' || j.error?.code === 'refused_in_doubt' || j.error?.code === 'outcome_unknown'),
        90_000,
      );
      expect(refused.state).toBe('waiting_connection');
      const connection = (await harness.invoke('connection.get', {})) as { status: string };
      expect(connection.status).toBe('plan_required');
      expect((await plan('creator')).status).toBeLessThan(300);
      const linked = await harness.waitFor(
        'job.updated',
        (j) => j.id === job.id && (j.state === 'processing' || j.state === 'done' || j.state === 'failed'),
        90_000,
      );
      expect(linked.state).not.toBe('failed');
      expect(
        harness.events.some((e) => e.event === 'job.updated' && (e.payload as Job).id === job.id && (e.payload as Job).state === 'failed'),
      ).toBe(false);
      const { charges, resource, all } = await chargesFor(s, harness, job.id);
      expect(charges).toBe(1);
      expect(all - before).toBe(1);
      expect(linked.resourceId).toBe(resource);
    },
  );
});
