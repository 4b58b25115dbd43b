import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CharacterView, Job, LibraryItem } from '../../shared/ipc/index.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { addGenerationCopies } from '../bench/support/seedSandbox.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { HoldingDispatcher } from './support/holdingDispatcher.ts';
import { SkipClock } from './support/skipClock.ts';

/**
 * Media behind addresses that expire (`signed-urls`) and a CDN that redirects to storage
 * (`cdn-redirect`), against a real sandbox over HTTPS and a real library: downloads held back past
 * the addresses' expiry (the sandbox's clock and core's moved forward together) still all land,
 * and a new install refreshing a long history's addresses reads list pages, not each record.
 */

const PLACEHOLDER = { CAST_SANDBOX_RENDERER: 'placeholder' };

let h: Harness | null = null;
let sandbox: SandboxHandle | null = null;
afterEach(async () => {
  await h?.stop();
  await sandbox?.stop();
  h = null;
  sandbox = null;
});

async function coreOn(variants: string[], sandboxDataDir?: string): Promise<{ h: Harness; wire: HoldingDispatcher; clock: SkipClock }> {
  const wire = new HoldingDispatcher();
  const clock = new SkipClock();
  h = await startCore({
    keychain: new MemoryKeychain(),
    deps: {
      clock,
      fetchDispatcher: wire,
      tuning: { downloadParallel: 6 },
      launchSandbox: async ({ dataDir, apiKey }) => {
        sandbox = await startSandbox({
          dataDir: sandboxDataDir ?? dataDir,
          speed: 'fast',
          variants,
          // A seeded folder's records name the CDN at the port it had then.
          rememberPort: true,
          env: { ...PLACEHOLDER, ...(apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {}) },
        });
        wire.trust(sandbox.ready.ca_cert);
        return { ready: sandbox.ready, stop: async () => {} };
      },
    },
  });
  return { h, wire, clock };
}

/** Moves the service's time and core's forward together, past every address handed out so far. */
async function timePasses(clock: SkipClock, seconds: number): Promise<void> {
  const moved = await sandbox!.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(moved.status).toBe(200);
  clock.skip(seconds * 1000);
}

async function finished(harness: Harness, job: Job): Promise<Job> {
  const done = await harness.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'));
  expect(done.error, `${job.title.subject}: ${JSON.stringify(done.error)}`).toBeNull();
  return done;
}

/** Asks again (every 50 ms, at most 60 s) until `done` says yes. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1_200 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(done()).toBe(true);
}

/** The sandbox's request log: lines `METHOD /path STATUS …ms`. */
function logged(pattern: RegExp): number {
  return sandbox!
    .logs()
    .split('\n')
    .filter((line) => pattern.test(line)).length;
}

describe('media whose addresses expire while downloads wait', () => {
  it(
    'a character, an image, a video, speech and a talk clip all land after downloads were held past their addresses’ expiry, through a redirecting CDN',
    { timeout: 120_000 },
    async () => {
      const { h: harness, wire, clock } = await coreOn(['signed-urls=60', 'cdn-redirect']);
      const character = await finished(
        harness,
        (await harness.invoke('characters.create', {
          body: { name: 'Ines', parameters: { creationType: 'human' } },
          quoteId: null,
        })) as Job,
      );
      const characterId = character.resourceId!;
      const image = harness.invoke('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: 'Ines by the harbour' },
        quoteId: null,
      });
      const video = harness.invoke('generations.create', {
        body: { character_id: characterId, type: 'video', prompt: 'Ines walks the quay', options: { duration: 2 } },
        quoteId: null,
      });
      const voices = (await harness.invoke('voices.list', {})) as { presets: { id: string }[] };
      const talk = (await harness.invoke('generations.create', {
        body: { character_id: characterId, type: 'talk', prompt: 'Ines says hello' },
        quoteId: null,
        speech: { voice_id: voices.presets[0]!.id, text: 'Hello from the harbour.' },
      })) as Job;
      const jobs = [(await image) as Job, (await video) as Job, { ...talk, id: talk.dependsOn! }, talk];
      const items = [];
      for (const job of jobs) items.push((await finished(harness, job)).resourceId!);

      // Nothing has left yet: every file waits, its address signed for a minute.
      expect(wire.waiting).toBeGreaterThan(0);
      expect(logged(/ GET \/(cdn|storage)\//)).toBe(0);
      await timePasses(clock, 61);
      wire.release();
      const session = harness.core.session()!;
      await session.downloader.idle(90_000);

      expect(session.downloader.notInPlace()).toEqual({ pending: 0, failed: 0 });
      // The requests held back met an expired address and were refused; nothing was fetched from the CDN itself.
      expect(logged(/ GET \/cdn\/\S+ 403 /)).toBeGreaterThan(0);
      expect(logged(/ GET \/cdn\/\S+ 200 /)).toBe(0);
      expect(logged(/ GET \/storage\/\S+ 200 /)).toBeGreaterThan(0);
      const view = (await harness.invoke('characters.get', { id: characterId })) as CharacterView;
      expect(view.headshotMediaId).not.toBeNull();
      expect(view.fullbodyMediaId).not.toBeNull();
      for (const id of items) {
        const item = (await harness.invoke('library.get', { id })) as LibraryItem;
        expect(item, item.kind).toMatchObject({ downloaded: true });
        expect(harness.core.resolveMedia(item.mediaId!), item.kind).not.toBeNull();
      }
    },
  );

  it(
    'a new install syncing 1,000 items whose addresses expired downloads every file, refreshing them with a request per 50 items at most',
    { timeout: 180_000 },
    async () => {
      const dataDir = await seededAccount(1_000);
      const { h: harness, wire, clock } = await coreOn(['signed-urls=300'], dataDir);
      const session = harness.core.session()!;
      await session.sync.run({ full: true });
      const { pending } = session.downloader.notInPlace();
      const owners = session.library.get<{ n: number }>(
        "SELECT count(DISTINCT owner_kind || owner_id) AS n FROM downloads WHERE state = 'pending'",
      )!.n;
      expect(owners).toBeGreaterThanOrEqual(1_000);
      expect(pending).toBeGreaterThanOrEqual(2_000);

      await timePasses(clock, 301);
      const before = wire.sent.length;
      wire.release();
      await session.downloader.idle(150_000);

      expect(session.downloader.notInPlace()).toEqual({ pending: 0, failed: 0 });
      const reads = wire.sent
        .slice(before)
        .filter((r) => r.method === 'GET' && /^\/v1\/(characters|generations|voices|audio)\b/.test(r.path));
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.length).toBeLessThanOrEqual(Math.ceil(owners / 50));
    },
  );

  it(
    'a backlog behind many finished items walks the whole list rather than reading each waiting record',
    { timeout: 180_000 },
    async () => {
      const dataDir = await seededAccount(1_000);
      const { h: harness, wire, clock } = await coreOn(['signed-urls=300'], dataDir);
      const session = harness.core.session()!;
      await session.sync.run({ full: true });
      // The newest items' files land (thumbnails come first, so every thumbnail and the newest outputs), then the rest wait.
      wire.release(1_500);
      await until(() => session.downloader.notInPlace().pending <= wire.waiting + 520);
      const waiting = session.library.get<{ n: number }>(
        "SELECT count(DISTINCT owner_id) AS n FROM downloads WHERE owner_kind = 'generation' AND state = 'pending'",
      )!.n;
      expect(waiting).toBeGreaterThan(300);

      await timePasses(clock, 301);
      const before = wire.sent.length;
      wire.release();
      await session.downloader.idle(150_000);

      expect(session.downloader.notInPlace()).toEqual({ pending: 0, failed: 0 });
      const lists = wire.sent.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/v1/generations?'));
      const records = wire.sent.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/v1/generations/'));
      // At most the whole list (1,000 records, 100 a page) and a few records alone: far fewer than a read per waiting item.
      expect(lists.length).toBeGreaterThan(0);
      expect(lists.length + records.length).toBeLessThanOrEqual(13);
    },
  );
});

/**
 * A sandbox data folder whose seeded account has `count` completed generations (a character's
 * portrait, an image, and copies of the image made in SQL), for a new install to sync.
 */
async function seededAccount(count: number): Promise<string> {
  const seed = await startSandbox({ env: PLACEHOLDER, rememberPort: true });
  const until = async (path: string, done: (status: string) => boolean): Promise<void> => {
    for (let i = 0; i < 300; i += 1) {
      if (done(((await seed.request('GET', path)).body as { data: { status: string } }).data.status)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${path} did not finish.`);
  };
  const character = await seed.request('POST', '/v1/characters', {
    headers: { 'idempotency-key': randomUUID() },
    body: { name: 'Backlog', parameters: {} },
  });
  const characterId = (character.body as { data: { id: string } }).data.id;
  await until(`/v1/characters/${characterId}`, (s) => s === 'ready');
  const made = await seed.request('POST', '/v1/generations', {
    headers: { 'idempotency-key': randomUUID() },
    body: { character_id: characterId, type: 'image', prompt: 'the first of many' },
  });
  const generationId = (made.body as { data: { id: string } }).data.id;
  await until(`/v1/generations/${generationId}`, (s) => s === 'completed');
  const copied = await addGenerationCopies(seed, generationId, count - 2);
  await copied.stop();
  return seed.dataDir;
}
