import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import { RESEND_WINDOW_MS } from '../../electron/core/jobs/resendRule.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger } from './support/ledger.ts';
import { isGenerationPost, LosingDispatcher } from './support/losingDispatcher.ts';

/**
 * A service that forgets Idempotency-Keys after ten seconds, or keeps none: the answer of a
 * charged request is lost and the service forgets its key before any resend. Whatever follows (an
 * outage longer than the retention, a resend refused with any status), the job is charged once,
 * linked to what ran (or asks the creator), and never called failed.
 */
describe.each([10, 0])('a service that keeps Idempotency-Keys %i s (sandbox short-idempotency)', (seconds) => {
  let h: Harness;
  let sandbox: SandboxHandle;
  let wire: LosingDispatcher;
  let characterId = '';

  beforeAll(async () => {
    wire = new LosingDispatcher();
    h = await startCore({
      keychain: new MemoryKeychain(),
      deps: {
        fetchDispatcher: wire,
        tuning: { reconcileSettleMs: 0 },
        launchSandbox: async ({ dataDir, apiKey }) => {
          sandbox = await startSandbox({
            dataDir,
            speed: 'fast',
            variants: [`short-idempotency=${seconds}`],
            env: apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {},
          });
          wire.trust(sandbox.ready.ca_cert);
          return { ready: sandbox.ready, stop: async () => {} };
        },
      },
    });
    const made = (await h.invoke('characters.create', {
      body: { name: 'Ines', parameters: { creationType: 'human' } },
      quoteId: null,
    })) as Job;
    const ready = await h.waitFor('job.updated', (j) => j.id === made.id && (j.state === 'done' || j.state === 'failed'));
    expect(ready.state).toBe('done');
    characterId = ready.resourceId!;
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await sandbox?.stop();
  });

  /** Sends one image whose first answer is lost; the job once it is linked, asks the creator, or fails. */
  async function lostImage(prompt: string, onLost = () => {}): Promise<{ job: Job; chargedBefore: number }> {
    const chargedBefore = (await ledger(sandbox)).filter((o) => o.charges > 0).length;
    let once = true;
    wire.losing = (opts) => {
      if (!isGenerationPost(opts) || !once) return false;
      once = false;
      onLost();
      return true;
    };
    const sent = (await h.invoke('generations.create', {
      body: { character_id: characterId, type: 'image', prompt },
      quoteId: null,
    })) as Job;
    const job = await h.waitFor(
      'job.updated',
      (j) =>
        j.id === sent.id && (j.state === 'processing' || j.state === 'done' || j.state === 'failed' || j.error?.code === 'outcome_unknown'),
      90_000,
    );
    return { job, chargedBefore };
  }

  /** The job is charged exactly once, nothing else is charged, and it never showed as failed. */
  async function chargedOnce(job: Job, chargedBefore: number): Promise<void> {
    const key = h.core.session()!.jobs.require(job.id).idempotency_key;
    const operations = await ledger(sandbox);
    // A key the service forgot is listed by its charge alone (`<api key id>:<key>`, no resource).
    const mine = operations.filter((o) => o.idempotency_key === key || o.idempotency_key.endsWith(`:${key}`));
    expect(mine.reduce((n, o) => n + o.charges, 0)).toBe(1);
    expect(operations.filter((o) => o.charges > 0).length - chargedBefore).toBe(1);
    expect(
      h.events.some((e) => e.event === 'job.updated' && (e.payload as Job).id === job.id && (e.payload as Job).state === 'failed'),
    ).toBe(false);
    if (job.error?.code === 'outcome_unknown') expect(job.state).toBe('waiting_connection');
    else {
      // Linked to the record that was charged: the one charge of the account that names it.
      const usage = await sandbox.request('GET', '/v1/account/usage?type=usage&limit=100');
      const charges = (usage.body as { data: { resource_id?: string | null }[] }).data.filter((t) => t.resource_id === job.resourceId);
      expect(charges).toHaveLength(1);
      if (mine[0]!.resource_id !== null) expect(job.resourceId).toBe(mine[0]!.resource_id);
      const done = await h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), 60_000);
      expect(done.state).toBe('done');
    }
  }

  it(
    'the answer lost, then an outage that outlasts the key: never sent again, found in history and linked, charged once',
    { timeout: 120_000 },
    async () => {
      // The outage begins as the answer is lost and ends after the service forgot the key and the resend window closed.
      const outageMs = Math.max(seconds * 1_000, RESEND_WINDOW_MS) + 1_000;
      let outageEnds = 0;
      wire.down = (opts) => isGenerationPost(opts) && Date.now() < outageEnds;
      const pending = lostImage(`lost, then an outage past ${seconds} s`, () => (outageEnds = Date.now() + outageMs));
      const { job, chargedBefore } = await pending;
      expect(job.state).not.toBe('failed');
      await chargedOnce(job, chargedBefore);
      // Nothing reached the service after the outage either: only the lost request ran.
      while (Date.now() < outageEnds) await new Promise((r) => setTimeout(r, 100));
      await chargedOnce(job, chargedBefore);
      wire.down = () => false;
    },
  );

  it.each([402, 403, 409, 422])(
    'the answer lost, the resend refused %i: linked to what ran or asking the creator, charged once, never failed',
    { timeout: 120_000 },
    async (status) => {
      await sandbox.request('PUT', '/sandbox/faults', { body: { refuse_replay_rate: 1, refuse_replay_with: [status] } });
      try {
        const { job, chargedBefore } = await lostImage(`lost, then refused ${status}`);
        expect(job.state).not.toBe('failed');
        await chargedOnce(job, chargedBefore);
      } finally {
        await sandbox.request('PUT', '/sandbox/faults', { body: {} });
      }
    },
  );
});
