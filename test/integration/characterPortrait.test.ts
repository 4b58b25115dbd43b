import { afterAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';

const running: Harness[] = [];
afterAll(async () => {
  for (const h of running.splice(0)) await h.stop().catch(() => {});
});

describe('a new character against the real sandbox', () => {
  it('puts its portrait in the gallery once it is ready, without waiting for the next pass of history sync', async () => {
    const h = await startCore({ keychain: new MemoryKeychain() });
    running.push(h);
    const session = h.core.session()!;
    // A pass that has listed everything: the next periodic one is minutes away.
    await session.sync.run();
    const lastPass = session.sync.lastPassAt;
    const ready = (item: { kind: string; status: string }) => item.kind === 'character_create' && item.status === 'completed';
    const portrait = h.waitFor('library.updated', (e) => e.items.some(ready));
    const job = (await h.invoke('characters.create', { body: { name: 'Ines', parameters: {} }, quoteId: null })) as Job;
    const done = await h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'));
    expect(done.state).toBe('done');
    const item = (await portrait).items.find(ready)!;
    expect(item.characterId).toBe(done.resourceId);
    const page = (await h.invoke('library.query', { filter: { kinds: ['character_create'] }, offset: 0, limit: 10 })) as {
      items: { id: string }[];
    };
    expect(page.items.map((each) => each.id)).toEqual([item.id]);
    // It came from following the character's own generation, not from a pass of history.
    expect(session.sync.lastPassAt).toBe(lastPass);
  });
});
