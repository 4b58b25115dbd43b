import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView, Job } from '../../shared/ipc/index.ts';
import { ApiClient } from '../../electron/core/api/apiClient.ts';
import { HttpClient } from '../../electron/core/api/httpClient.ts';
import { ServiceError } from '../../electron/core/api/serviceError.ts';
import { systemClock } from '../../electron/core/clock/clock.ts';
import { readRegenerateAnswer } from '../../electron/core/characters/versionAnswers.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { createUser } from '../contract/helpers.ts';
import { CaptureLog } from '../unit/electron/core/support/captureLog.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger } from './support/ledger.ts';

/**
 * The client against services that keep the spec but answer differently where it says "not shown"
 * (docs/service-decisions.md, service variants): one sandbox process per variant.
 */

/** Cast Studio's own API client for one key of a sandbox (the same classes a session builds). */
function clientFor(sb: SandboxHandle, key: string): ApiClient {
  const log = new CaptureLog();
  return new ApiClient(
    new HttpClient({
      baseUrl: sb.ready.base_url,
      dispatcher: sb.dispatcher,
      apiKey: () => key,
      clock: systemClock,
      random: Math.random,
      log,
    }),
    log,
  );
}

async function failureOf(work: Promise<unknown>): Promise<ServiceError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function created(sb: SandboxHandle, path: string, body: unknown): Promise<string> {
  const answer = await sb.request('POST', path, { headers: { 'idempotency-key': randomUUID() }, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: { id: string } }).data.id;
}

/** Every id of a paged walk, in order (duplicates kept, so a test can see them). */
async function walk<T extends { id: string }>(pages: AsyncGenerator<{ items: T[] }>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let count = 0;
  for await (const page of pages) {
    count += 1;
    ids.push(...page.items.map((i) => i.id));
  }
  return { ids, pages: count };
}

/** Asks again (every 100 ms, at most 30 s) until `probe` gives a value. */
async function until<T>(probe: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The expected state never came.');
}

async function readyOnService(sb: SandboxHandle, characterId: string): Promise<void> {
  await until(async () => {
    const answer = await sb.request('GET', `/v1/characters/${characterId}`);
    return (answer.body as { data: { status: string } }).data.status === 'ready' ? true : null;
  });
}

async function finish(h: Harness, job: Job): Promise<Job> {
  const done = await h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), 60_000);
  expect(done.error, `${job.title.subject}: ${JSON.stringify(done.error)}`).toBeNull();
  expect(done.state).toBe('done');
  return done;
}

describe('minimal-accept: regenerate and revert read from status and Location (spec 4.1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startCore({ keychain: new MemoryKeychain(), variants: ['minimal-accept'] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('regenerates into a new version and reverts to the previous one, each charged once', async () => {
    const create = (await h.invoke('characters.create', {
      body: { name: 'Mina', parameters: { creationType: 'human' } },
      quoteId: null,
    })) as Job;
    const characterId = (await finish(h, create)).resourceId!;
    const before = await h.waitFor(
      'character.updated',
      (c: CharacterView) => c.id === characterId && c.status === 'ready' && c.headshotMediaId !== null,
    );

    const regen = (await h.invoke('characters.regenerate', { id: characterId, customDetails: 'with a green coat', quoteId: null })) as Job;
    const regenerated = await finish(h, regen);
    expect(regenerated.resourceId).toBe(characterId);
    const after = await h.waitFor(
      'character.updated',
      (c: CharacterView) => c.id === characterId && c.version > before.version && c.status === 'ready',
    );
    expect(after.canRevert).toBe(true);

    const revert = (await h.invoke('characters.revert', { id: characterId })) as Job;
    await finish(h, revert);
    // The revert answered with no body: the session reads the character to learn the restored version.
    const reverted = await until(async () => {
      const view = (await h.invoke('characters.get', { id: characterId })) as CharacterView;
      return view.version === before.version ? view : null;
    });
    expect(reverted.status).toBe('ready');
    expect(reverted.headshotMediaId).toBe(before.headshotMediaId);

    const operations = await ledger(h.sandbox());
    const session = h.core.session()!;
    for (const job of [regen, revert]) {
      const key = session.jobs.require(job.id).idempotency_key;
      expect(
        operations.filter((o) => o.idempotency_key === key),
        job.title.subject,
      ).toHaveLength(1);
    }
    // The 201 named the generation only in its Location: the job keeps it as the charge's id.
    expect(session.jobs.require(regen.id).charge_ref).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads a terminal recovery (200) in an unfamiliar shape as the character to follow', async () => {
    const sb = h.sandbox();
    const characterId = await created(sb, '/v1/characters', { name: 'Recovered', parameters: {} });
    const ready = () => readyOnService(sb, characterId);
    await ready();
    const key = randomUUID();
    const send = () => sb.request('POST', `/v1/characters/${characterId}/regenerate`, { headers: { 'idempotency-key': key }, body: {} });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.bytes.length).toBe(0);
    await ready();
    const again = await send();
    expect(again.status).toBe(200);
    const path = `/v1/characters/${characterId}/regenerate`;
    expect(
      readRegenerateAnswer(again.body === '' ? null : again.body, { path, status: again.status, headers: again.headers }),
    ).toMatchObject({ resourceKind: 'character', resourceId: characterId, settled: false });
  });
});

describe('extra-fields: unknown fields and unknown error codes', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox({ variants: ['extra-fields'] });
  });
  afterAll(async () => {
    await sb?.stop();
  });

  it('shows an unknown 402 code as a payment problem in the service’s own words', async () => {
    const poor = await createUser(sb, { credits: 0 });
    const api = clientFor(sb, poor.key);
    const error = await failureOf(
      api.submit({
        method: 'POST',
        path: '/v1/characters',
        body: JSON.stringify({ name: 'Nobody', parameters: {} }),
        idempotencyKey: randomUUID(),
        quoteId: null,
      }),
    );
    expect(error.status).toBe(402);
    expect(error.code).toBe('balance_insufficient');
    expect(error.message).toMatch(/^The service refused this for lack of credits or payment\./);
    expect(error.serviceMessage).toBeTruthy();
    expect(error.message).toContain(error.serviceMessage!.trim().replace(/\.$/, ''));
    expect(error.meaning).toBe('insufficient_credits');
  });

  it('shows an unknown 400 code as an invalid request with the service’s message, and reads records with extra fields', async () => {
    const user = await createUser(sb);
    const api = clientFor(sb, user.key);
    const error = await failureOf(api.createQuote({ operation_id: 'generations.create.v1', input: { type: 'image' } }, randomUUID()));
    expect(error).toMatchObject({ status: 400, code: 'parameter_invalid', meaning: 'validation_error' });
    expect(error.message).toMatch(/^The service refused the request as invalid\. .+ Correct it and try again\.$/);
    const account = await api.account();
    expect(account.credits.balance).toBeGreaterThan(0);
    const own = await api.submit({
      method: 'POST',
      path: '/v1/characters',
      body: JSON.stringify({ name: 'Extra', parameters: {} }),
      idempotencyKey: randomUUID(),
      quoteId: null,
    });
    expect(own.status).toBe(201);
    const listed = await walk(api.characters({ limit: 10 }));
    expect(listed.ids).toHaveLength(1);
  });
});

describe('problem-errors: RFC 9457 documents and flat { code, message } bodies', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox({ variants: ['problem-errors'] });
  });
  afterAll(async () => {
    await sb?.stop();
  });

  it('reads plan_required from a problem document, not "belongs to someone else"', async () => {
    const free = await createUser(sb, { plan: 'free' });
    const error = await failureOf(clientFor(sb, free.key).characters({ limit: 5 }).next());
    expect(error).toMatchObject({ status: 403, code: 'plan_required' });
    expect(error.message).toMatch(/Creator or Studio plan/);
  });

  it('reads flat { code, message } errors and invalid_cursor with another status', async () => {
    const user = await createUser(sb);
    const api = clientFor(sb, user.key);
    const missing = await failureOf(api.generation(randomUUID()));
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    expect(missing.serviceMessage).toBeTruthy();
    const cursor = await failureOf(api.usage({ limit: 5 }, 'not-a-cursor').next());
    expect(cursor).toMatchObject({ status: 422, code: 'invalid_cursor' });
  });
});

/** Makes `count` characters, generations and speech tracks on the service, as another device would. */
async function fillService(sb: SandboxHandle, count: number): Promise<{ characters: string[]; generations: string[]; audio: string[] }> {
  const characters: string[] = [];
  const generations: string[] = [];
  const audio: string[] = [];
  const voices = await sb.request('GET', '/v1/voices');
  const preset = (voices.body as { data: { presets: { id: string }[] } }).data.presets[0]!.id;
  for (let i = 0; i < count; i += 1) characters.push(await created(sb, '/v1/characters', { name: `Walker ${i}`, parameters: {} }));
  await readyOnService(sb, characters[0]!);
  for (let i = 0; i < count; i += 1)
    generations.push(await created(sb, '/v1/generations', { character_id: characters[0], type: 'image', prompt: `frame ${i}` }));
  for (let i = 0; i < count; i += 1) audio.push(await created(sb, '/v1/audio', { voice_id: preset, text: `line ${i}` }));
  return { characters, generations, audio };
}

// Both together: Link URLs that carry long opaque cursors, on pages a third of the size asked.
for (const variants of [['other-envelope'], ['opaque-cursors'], ['opaque-cursors', 'other-envelope']]) {
  describe(`${variants.join(' + ')}: every item of every list exactly once`, () => {
    let h: Harness;
    let made: Awaited<ReturnType<typeof fillService>>;
    beforeAll(async () => {
      h = await startCore({ keychain: new MemoryKeychain(), variants });
      made = await fillService(h.sandbox(), 7);
    });
    afterAll(async () => {
      await h?.stop();
    });

    it('pages through characters, generations (character creations included), audio, usage and voices', async () => {
      const api = h.core.session()!.api;
      const characters = await walk(api.characters({ limit: 2 }));
      expect(new Set(characters.ids).size).toBe(characters.ids.length);
      expect(characters.ids).toEqual(expect.arrayContaining(made.characters));
      expect(characters.pages).toBeGreaterThan(1);
      const generations = await walk(api.generations({ limit: 3 }));
      expect(new Set(generations.ids).size).toBe(generations.ids.length);
      // Each character's own creation is a generation too (spec 2.3).
      expect(generations.ids).toHaveLength(made.generations.length + made.characters.length);
      expect(generations.ids).toEqual(expect.arrayContaining(made.generations));
      const audio = await walk(api.audioTracks({ limit: 2 }));
      expect([...audio.ids].sort()).toEqual([...made.audio].sort());
      const usage = await walk(api.usage({ limit: 2 }));
      expect(new Set(usage.ids).size).toBe(usage.ids.length);
      expect(usage.ids.length).toBeGreaterThanOrEqual(made.characters.length + made.generations.length + made.audio.length);
      let voicePages = 0;
      for await (const page of api.voices({ limit: 1 })) {
        voicePages += 1;
        expect(page.presets.length).toBeGreaterThan(0);
      }
      expect(voicePages).toBeGreaterThanOrEqual(1);
    });

    it('brings every item into the library in a full history sync', async () => {
      const session = h.core.session()!;
      await session.sync.run({ full: true });
      const count = (table: string, ids: string[]) =>
        ids.filter((id) => session.library.get(`SELECT id FROM ${table} WHERE id = ?`, id) !== undefined).length;
      expect(count('characters', made.characters)).toBe(made.characters.length);
      expect(count('generations', made.generations)).toBe(made.generations.length);
      expect(count('audio_tracks', made.audio)).toBe(made.audio.length);
      expect(session.library.meta('sync.full_at')).not.toBeNull();
    });
  });
}
