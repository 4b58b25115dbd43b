import { afterAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';
import { ledger } from './support/ledger.ts';

const keychain = testKeychain();
let h: Harness | null = null;
afterAll(async () => {
  await h?.stop();
  await keychain.delete('sandbox').catch(() => {});
});

describe.skipIf(!hasSecretService)('restarting the app', () => {
  it('reopens the same library, hands the sandbox its stored key, and resumes the queue from the database', async () => {
    const first = await startCore({ keychain });
    const key = first.sandbox().ready.api_key;
    const character = (await first.invoke('characters.create', { body: { name: 'Tess', parameters: {} }, quoteId: null })) as Job;
    const characterId = (await first.waitFor('job.updated', (j) => j.id === character.id && j.state === 'done')).resourceId!;
    await first.invoke('jobs.pause', {});
    const queued = (await first.invoke('generations.create', {
      body: { character_id: characterId, type: 'image', prompt: 'waiting over a restart' },
      quoteId: null,
    })) as Job;
    expect(queued.state).toBe('paused');
    await first.stop();

    h = await startCore({ keychain, userDataDir: first.userDataDir });
    expect(h.sandbox().ready.api_key).toBe(key);
    const jobs = (await h.invoke('jobs.list', {})) as { jobs: Job[]; paused: boolean; pendingCredits: number };
    expect(jobs.paused).toBe(true);
    expect(jobs.pendingCredits).toBe(queued.quotedCredits);
    expect(((await h.invoke('characters.list', {})) as { id: string }[]).map((c) => c.id)).toContain(characterId);
    await h.invoke('jobs.resume', {});
    const done = await h.waitFor('job.updated', (j) => j.id === queued.id && (j.state === 'done' || j.state === 'failed'));
    expect(done.state).toBe('done');
    const key2 = h.core.session()!.jobs.require(queued.id).idempotency_key;
    expect((await ledger(h.sandbox())).filter((o) => o.idempotency_key === key2).map((o) => o.charges)).toEqual([1]);
  });
});
