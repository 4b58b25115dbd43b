import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import type { Scene, SceneLineInput, ScenePrice } from '../../shared/ipc/scenes.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger, type LedgerOperation } from './support/ledger.ts';

let h: Harness;

async function character(name: string): Promise<string> {
  const job = (await h.invoke('characters.create', { body: { name, parameters: { creationType: 'human' } }, quoteId: null })) as Job;
  const done = await h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'));
  expect(done.state).toBe('done');
  return done.resourceId!;
}

/** The scene as an event after `since` (an index into the harness's events) shows it, once `test` holds. */
function sceneWhen(id: string, test: (scene: Scene) => boolean, since: number, timeoutMs = 480_000): Promise<Scene> {
  const seen = h.events.slice(since).find((e) => e.event === 'scene.updated' && (e.payload as Scene).id === id && test(e.payload as Scene));
  if (seen) return Promise.resolve(seen.payload as Scene);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      const last = h.events.filter((e) => e.event === 'scene.updated' && (e.payload as Scene).id === id).at(-1)?.payload as
        Scene | undefined;
      const jobs = h.events.filter((e) => e.event === 'job.updated').map((e) => e.payload as Job);
      const latest = [...new Map(jobs.map((j) => [j.id, `${j.kind} ${j.state} ${j.error?.code ?? ''}`])).values()];
      reject(
        new Error(
          `Timed out waiting for the scene: lines ${JSON.stringify(last?.lines.map((l) => [l.state, l.error]))}; jobs ${latest.join(', ')}`,
        ),
      );
    }, timeoutMs);
    const off = h.core.router.subscribe((event, payload) => {
      if (event !== 'scene.updated' || (payload as Scene).id !== id || !test(payload as Scene)) return;
      clearTimeout(timer);
      off();
      resolve(payload as Scene);
    });
  });
}

/** The charged operations the ledger holds that were not there before. */
async function chargedSince(before: readonly LedgerOperation[]): Promise<LedgerOperation[]> {
  const known = new Set(before.map((o) => o.idempotency_key));
  return (await ledger(h.sandbox())).filter((o) => !known.has(o.idempotency_key) && o.charges > 0);
}

const sum = (ops: readonly LedgerOperation[]) => ops.reduce((n, o) => n + o.credits, 0);

describe('scenes against the sandbox over HTTPS', () => {
  let sceneId = '';
  let lines: SceneLineInput[] = [];

  beforeAll(async () => {
    h = await startCore({ keychain: new MemoryKeychain() });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('gives two characters voices, prices a six-line scene with a narrator line, and charges exactly that price when it renders', async () => {
    const [ada, ben] = [await character('Ada'), await character('Ben')];
    const voices = (await h.invoke('voices.list', {})) as { presets: { id: string }[] };
    const [first, second] = [voices.presets[0]!.id, (voices.presets[1] ?? voices.presets[0])!.id];
    await h.invoke('cast.setVoice', { characterId: ada, voiceId: first, settings: { emotion: 'happy' } });
    await h.invoke('cast.setVoice', { characterId: ben, voiceId: second });
    expect(((await h.invoke('cast.voices', {})) as unknown[]).length).toBe(2);

    const scene = (await h.invoke('scenes.create', { title: 'The pier' })) as Scene;
    sceneId = scene.id;
    const talk = (characterId: string, text: string): SceneLineInput => ({
      id: crypto.randomUUID(),
      kind: 'talk',
      characterId,
      voiceId: null,
      text,
      emotion: null,
      talk: { duration: 2 },
      clipItemId: null,
    });
    lines = [
      talk(ada, 'The light is out again.'),
      talk(ben, 'Then we climb.'),
      { ...talk(ada, ''), kind: 'speech', characterId: null, voiceId: first, text: 'They climbed the hundred steps.', talk: null },
      talk(ada, 'Hold the lamp.'),
      talk(ben, 'It is lit.'),
      talk(ada, 'Good. Now we wait for the ship.'),
    ];
    await h.invoke('scenes.update', { id: sceneId, quality: 'standard', lines });

    const price = (await h.invoke('scenes.price', { id: sceneId })) as ScenePrice;
    expect(price.lines.map((l) => l.problem)).toEqual([null, null, null, null, null, null]);
    expect(price.toRender).toBe(6);
    expect(price.totalCredits).toBe(price.lines.reduce((n, l) => n + (l.credits ?? 0), 0));
    expect(price.estimateMs).toBeGreaterThan(0);

    const before = await ledger(h.sandbox());
    const since = h.events.length;
    const rendered = (await h.invoke('scenes.render', { id: sceneId })) as { scene: Scene; jobs: Job[] };
    expect(rendered.jobs).toHaveLength(11);
    expect(new Set(rendered.jobs.map((j) => j.batchId))).toEqual(new Set([sceneId]));
    const started = Date.now();
    const done = await sceneWhen(sceneId, (s) => s.lines.every((l) => l.state === 'done' && l.durationMs !== null), since);
    console.log(`scene of 6 lines rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const charged = await chargedSince(before);
    expect(charged).toHaveLength(11);
    expect(sum(charged)).toBe(price.totalCredits);
    expect(charged.every((o) => o.charges === 1)).toBe(true);
    expect(done.lines[2]?.mediaType).toMatch(/^audio\//);
    expect(done.lines[0]?.mediaType).toMatch(/^video\//);
    expect(done.collectionId).not.toBeNull();
    const inCollection = (await h.invoke('library.query', { filter: { collectionId: done.collectionId }, offset: 0, limit: 50 })) as {
      total: number;
    };
    expect(inCollection.total).toBe(6);
    // Nothing is left to render: the same scene prices at zero and queues nothing.
    expect(((await h.invoke('scenes.price', { id: sceneId })) as ScenePrice).totalCredits).toBe(0);
    expect(((await h.invoke('scenes.render', { id: sceneId })) as { jobs: Job[] }).jobs).toEqual([]);
  }, 600_000);

  it('re-renders only an edited line: one more speech and talk charge pair', async () => {
    lines[1] = { ...lines[1]!, text: 'Then we climb, slowly.' };
    const edited = (await h.invoke('scenes.update', { id: sceneId, lines })) as Scene;
    expect(edited.lines.map((l) => l.state)).toEqual(['done', 'draft', 'done', 'done', 'done', 'done']);
    const price = (await h.invoke('scenes.price', { id: sceneId })) as ScenePrice;
    expect(price.toRender).toBe(1);
    const before = await ledger(h.sandbox());
    const since = h.events.length;
    const rendered = (await h.invoke('scenes.render', { id: sceneId })) as { jobs: Job[] };
    expect(rendered.jobs.map((j) => j.kind).sort()).toEqual(['audio.create', 'generation.create']);
    await sceneWhen(sceneId, (s) => s.lines.every((l) => l.state === 'done'), since);
    const charged = await chargedSince(before);
    expect(charged).toHaveLength(2);
    expect(sum(charged)).toBe(price.totalCredits);
  }, 600_000);

  it('retries a failed line alone, keeping the speech it already paid for', async () => {
    await h.sandbox().request('PUT', '/sandbox/faults', { body: { failure_rate: { talk: 1 } } });
    lines[4] = { ...lines[4]!, text: 'It is lit, and it turns.' };
    await h.invoke('scenes.update', { id: sceneId, lines });
    const since = h.events.length;
    await h.invoke('scenes.render', { id: sceneId });
    const failed = await sceneWhen(sceneId, (s) => s.lines[4]?.state === 'failed', since);
    expect(failed.lines[4]?.error).toBeTruthy();
    expect(failed.lines.filter((l) => l.state !== 'done').map((l) => l.id)).toEqual([lines[4].id]);
    await h.sandbox().request('PUT', '/sandbox/faults', { body: {} });

    const retryPrice = (await h.invoke('scenes.price', { id: sceneId, lineIds: [lines[4].id] })) as ScenePrice;
    const afterFailure = await ledger(h.sandbox());
    expect(retryPrice.toRender).toBe(1);
    expect(retryPrice.lines[0]?.credits).toBe(retryPrice.totalCredits);
    const retrySince = h.events.length;
    const retried = (await h.invoke('scenes.render', { id: sceneId, lineIds: [lines[4].id] })) as { jobs: Job[] };
    expect(retried.jobs.map((j) => j.kind)).toEqual(['generation.create']);
    const done = await sceneWhen(sceneId, (s) => s.lines.every((l) => l.state === 'done'), retrySince);
    expect(done.lines[4]?.error).toBeNull();
    // Only the clip was paid again, at the price shown; the speech kept its one charge.
    const charged = await chargedSince(afterFailure);
    expect(charged).toHaveLength(1);
    expect(sum(charged)).toBe(retryPrice.totalCredits);
    const ops = await ledger(h.sandbox());
    expect(ops.every((o) => o.charges <= 1)).toBe(true);
  }, 600_000);
});
