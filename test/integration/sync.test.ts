import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, LibraryItem } from '../../shared/ipc/index.ts';
import type { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';

let h: Harness;
let keychain: KeytarKeychain;
let characterId = '';

/** Work done on the service by "another device": straight to the sandbox, not through core. */
async function elsewhere(path: string, body: unknown): Promise<string> {
  const answer = await h.sandbox().request('POST', path, { headers: { 'idempotency-key': randomUUID() }, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: { id: string } }).data.id;
}

async function items(): Promise<LibraryItem[]> {
  return ((await h.invoke('library.query', { filter: {}, offset: 0, limit: 500 })) as { items: LibraryItem[] }).items;
}

async function settledOnService(path: string, done: string[]): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const answer = await h.sandbox().request('GET', path);
    if (done.includes((answer.body as { data: { status: string } }).data.status)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasSecretService)('history sync against a real sandbox', () => {
  beforeAll(async () => {
    keychain = testKeychain();
    h = await startCore({ keychain });
    const job = (await h.invoke('characters.create', { body: { name: 'Sync', parameters: {} }, quoteId: null })) as Job;
    characterId = (await h.waitFor('job.updated', (j) => j.id === job.id && j.state === 'done')).resourceId!;
  });
  afterAll(async () => {
    await h?.stop();
    await keychain?.delete('sandbox').catch(() => {});
  });

  it('brings in work done elsewhere, downloads it, and reflects deletes', async () => {
    const generationId = await elsewhere('/v1/generations', { character_id: characterId, type: 'image', prompt: 'made on the web app' });
    const voices = await h.sandbox().request('GET', '/v1/voices');
    const preset = (voices.body as { data: { presets: { id: string }[] } }).data.presets[0]!.id;
    const audioId = await elsewhere('/v1/audio', { voice_id: preset, text: 'spoken on another device' });
    await settledOnService(`/v1/generations/${generationId}`, ['completed', 'failed']);
    await settledOnService(`/v1/audio/${audioId}`, ['ready', 'failed']);

    const session = h.core.session()!;
    await session.sync.run();
    const synced = await items();
    expect(synced.map((i) => i.id)).toEqual(expect.arrayContaining([generationId, audioId]));
    await h.waitFor('library.updated', (p) => p.items.some((i) => i.id === generationId && i.downloaded), 30_000);
    const usage = (await h.invoke('account.usage', { limit: 100 })) as { items: { resource_id?: string | null }[] };
    expect(usage.items.some((t) => t.resource_id === generationId)).toBe(true);

    // Deleted elsewhere: an incremental pass drops the track, a full pass the generation.
    expect((await h.sandbox().request('DELETE', `/v1/audio/${audioId}`)).status).toBe(200);
    expect((await h.sandbox().request('DELETE', `/v1/generations/${generationId}`)).status).toBe(200);
    await session.sync.run();
    expect((await items()).map((i) => i.id)).not.toContain(audioId);
    await session.sync.run({ full: true });
    expect((await items()).map((i) => i.id)).not.toContain(generationId);
    expect(
      h.events.some((e) => e.event === 'library.updated' && (e.payload as { removedIds: string[] }).removedIds.includes(generationId)),
    ).toBe(true);
  });
});
