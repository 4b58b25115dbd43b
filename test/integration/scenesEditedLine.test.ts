import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import type { Scene, SceneLineInput, ScenePrice } from '../../shared/ipc/scenes.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger } from './support/ledger.ts';

let h: Harness;

async function jobOf(id: string): Promise<Job> {
  const { jobs } = (await h.invoke('jobs.list', {})) as { jobs: Job[] };
  const job = jobs.find((j) => j.id === id);
  if (!job) throw new Error(`job ${id} is not in the queue's list`);
  return job;
}

describe('a scene line edited while its talk clip is held', () => {
  beforeAll(async () => {
    h = await startCore({ keychain: new MemoryKeychain() });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('cancels the held clip of the old text, renders the new text, and charges nothing twice', async () => {
    const made = (await h.invoke('characters.create', {
      body: { name: 'Ada', parameters: { creationType: 'human' } },
      quoteId: null,
    })) as Job;
    const character = await h.waitFor('job.updated', (j) => j.id === made.id && (j.state === 'done' || j.state === 'failed'));
    expect(character.state).toBe('done');
    const characterId = character.resourceId!;
    const voices = (await h.invoke('voices.list', {})) as { presets: { id: string }[] };
    await h.invoke('cast.setVoice', { characterId, voiceId: voices.presets[0]!.id });
    const scene = (await h.invoke('scenes.create', { title: 'The lamp' })) as Scene;
    const line: SceneLineInput = {
      id: crypto.randomUUID(),
      kind: 'talk',
      characterId,
      voiceId: null,
      text: 'The light is out again.',
      emotion: null,
      talk: { duration: 1 },
      clipItemId: null,
    };
    await h.invoke('scenes.update', { id: scene.id, quality: 'standard', lines: [line] });

    const before = await ledger(h.sandbox());
    const first = (await h.invoke('scenes.render', { id: scene.id })) as { jobs: Job[] };
    // The queue is paused at once: the speech already on its way finishes, its clip is held unsent.
    await h.invoke('jobs.pause', {});
    const oldSpeech = first.jobs.find((j) => j.kind === 'audio.create')!;
    const oldTalk = first.jobs.find((j) => j.kind === 'generation.create')!;
    const spoken = await h.waitFor('job.updated', (j) => j.id === oldSpeech.id && (j.state === 'done' || j.state === 'failed'), 120_000);
    expect(spoken.state).toBe('done');
    expect(await jobOf(oldTalk.id)).toMatchObject({ state: 'paused', attempts: 0 });

    const edited = (await h.invoke('scenes.update', { id: scene.id, lines: [{ ...line, text: 'The light is out, again.' }] })) as Scene;
    const newKey = edited.lines[0]!.key;
    const price = (await h.invoke('scenes.price', { id: scene.id })) as ScenePrice;
    expect(price.toRender).toBe(1);
    const second = (await h.invoke('scenes.render', { id: scene.id })) as { jobs: Job[] };
    expect(second.jobs.map((j) => j.kind).sort()).toEqual(['audio.create', 'generation.create']);

    // The held clip of the old text is out of the queue: cancelled, never sent, nothing set aside for it.
    expect(await jobOf(oldTalk.id)).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(await jobOf(oldSpeech.id)).toMatchObject({ state: 'done' });
    const waiting = ((await h.invoke('jobs.list', {})) as { jobs: Job[] }).jobs.filter((j) => j.state === 'paused');
    expect(waiting.map((j) => j.id).sort()).toEqual(second.jobs.map((j) => j.id).sort());

    await h.invoke('jobs.resume', {});
    const done = await h.waitFor(
      'scene.updated',
      (s) => s.id === scene.id && s.lines[0]?.key === newKey && s.lines[0].state === 'done',
      480_000,
    );
    expect(done.lines[0]?.mediaType).toMatch(/^video\//);
    expect(await jobOf(oldTalk.id)).toMatchObject({ state: 'cancelled', attempts: 0 });

    // Charged: the old speech once, the new speech and clip once each, at the price shown; the held clip never.
    const known = new Set(before.map((o) => o.idempotency_key));
    const charged = (await ledger(h.sandbox())).filter((o) => !known.has(o.idempotency_key) && o.charges > 0);
    const newJobs = await Promise.all(second.jobs.map((j) => jobOf(j.id)));
    expect(charged.map((o) => o.resource_id).sort()).toEqual([spoken.resourceId, ...newJobs.map((j) => j.resourceId)].sort());
    expect(charged.every((o) => o.charges === 1)).toBe(true);
    const newResources = new Set(newJobs.map((j) => j.resourceId));
    expect(charged.filter((o) => newResources.has(o.resource_id)).reduce((n, o) => n + o.credits, 0)).toBe(price.totalCredits);
    expect(((await h.invoke('jobs.list', {})) as { pendingCredits: number }).pendingCredits).toBe(0);
  }, 600_000);
});
