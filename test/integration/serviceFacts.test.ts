import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES } from '../../shared/api/index.ts';
import type { AppError, Job, LibraryItem, ServiceFacts } from '../../shared/ipc/index.ts';
import { describeError } from '../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../renderer/i18n/format.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger } from './support/ledger.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { toneWav } from '../support/wavFiles.ts';

/** A real PNG's signature and header: enough for the sandbox's sniffing, which is all an upload checks. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

function writeFile(name: string, bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cast-drop-')), name);
  writeFileSync(path, bytes);
  return path;
}

async function failureOf(h: Harness, command: string, input: unknown): Promise<AppError> {
  const reply = await h.core.router.handle(command, input);
  if (reply.ok) throw new Error(`${command} should have been refused`);
  return reply.error;
}

/** The words a person reads for an error, in English. */
const wordsOf = (error: AppError) => describeError(error, formatsFor('en'));

async function finish(h: Harness, job: Job): Promise<Job> {
  const done = await h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), 90_000);
  expect(done.error, `${job.title.subject}: ${JSON.stringify(done.error)}`).toBeNull();
  return done;
}

/** The facts once discovery has asked the service what it supports. */
async function discoveredFacts(h: Harness): Promise<ServiceFacts> {
  const facts = (await h.invoke('service.describe', {})) as ServiceFacts | null;
  expect(facts).not.toBeNull();
  return facts!;
}

describe('a service with no upload endpoint (sandbox --variant no-uploads)', () => {
  let h: Harness;
  let balance = 0;
  /** Every path core sent a request to, in order. */
  const sent: string[] = [];
  const balanceNow = async () => ((await h.invoke('account.get', {})) as { credits: { balance: number } }).credits.balance;

  beforeAll(async () => {
    h = await startCore({
      keychain: new MemoryKeychain(),
      variants: ['no-uploads'],
      env: { CAST_SANDBOX_RENDERER: 'placeholder' },
      deps: { tuning: { onAttempt: (request) => sent.push(`${request.method} ${request.path}`) } },
    });
    balance = await balanceNow();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('says a dropped reference image needs a CDN URL, and charges nothing', async () => {
    const error = await failureOf(h, 'uploads.fromPath', { path: writeFile('reference.png', PNG) });
    expect(error.code).toBe('uploads_not_offered');
    expect(wordsOf(error)).toMatch(/does not take uploads/);
    expect(wordsOf(error)).toMatch(/CDN/);
    const facts = await discoveredFacts(h);
    expect(facts.uploads).toBe('not_offered');
    expect(facts.uploadPath).toBe('/v1/uploads');
    expect(await ledger(h.sandbox())).toEqual([]);
    expect(await balanceNow()).toBe(balance);
    expect(sent.filter((request) => request === 'POST /v1/uploads')).toHaveLength(1);
  });

  it('says the same of a dropped audio sample, without asking the service again', async () => {
    const error = await failureOf(h, 'uploads.create', {
      fileName: 'sample.wav',
      contentType: 'audio/wav',
      dataBase64: toneWav(1).toString('base64'),
    });
    expect(error).toMatchObject({ code: 'uploads_not_offered' });
    expect(wordsOf(error)).toMatch(/CDN/);
    expect(sent.filter((request) => request === 'POST /v1/uploads')).toHaveLength(1);
  });

  it('“Use as reference” of an item already on the service’s CDN works: its CDN URL, no upload', async () => {
    const character = await finish(
      h,
      (await h.invoke('characters.create', {
        body: { name: 'Ada', parameters: { creationType: 'human', gender: 'female', age: '30s' } },
        quoteId: null,
      })) as Job,
    );
    const characterId = character.resourceId!;
    const first = await finish(
      h,
      (await h.invoke('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: 'Ada by a lighthouse' },
        quoteId: null,
      })) as Job,
    );
    const item = (await h.invoke('library.get', { id: first.resourceId })) as LibraryItem;
    expect(item.remoteUrl).toMatch(/^https:\/\//);
    const second = await finish(
      h,
      (await h.invoke('generations.create', {
        body: {
          character_id: characterId,
          type: 'image',
          prompt: 'Ada again, in this light',
          options: { image_mode: 'remix', reference_images: [item.remoteUrl!] },
        },
        quoteId: null,
      })) as Job,
    );
    const remixed = (await h.invoke('library.get', { id: second.resourceId })) as LibraryItem;
    expect(remixed.options.reference_images).toEqual([item.remoteUrl]);
    // Three paid operations, each charged once (their quotes charge nothing); no upload was made.
    expect((await ledger(h.sandbox())).filter((op) => op.charges > 0).map((op) => op.charges)).toEqual([1, 1, 1]);
    expect(sent.filter((request) => request === 'POST /v1/uploads')).toHaveLength(1);
    expect((await discoveredFacts(h)).uploads).toBe('not_offered');
  });
});

describe('a service with no capability catalog (sandbox --variant no-capabilities)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startCore({ keychain: new MemoryKeychain(), variants: ['no-capabilities'], env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('falls back to the built-in catalog and says so in the connection’s facts', async () => {
    expect(await h.invoke('capabilities.get', {})).toEqual(DEFAULT_CAPABILITIES);
    const facts = await discoveredFacts(h);
    expect(facts).toMatchObject({
      catalog: 'built_in',
      capabilityVersion: null,
      uploadPath: '/v1/uploads',
      uploadPathFrom: 'default',
      uploads: 'unknown',
    });
    expect(facts.models.map((m) => m.id)).toEqual(DEFAULT_CAPABILITIES.models.map((m) => m.id));
  });

  it('uploads to the default path and learns that the service takes them', async () => {
    const uploaded = (await h.invoke('uploads.fromPath', { path: writeFile('reference.png', PNG) })) as { url: string; size: number };
    expect(uploaded.url).toMatch(/^https:\/\//);
    expect(uploaded.size).toBe(PNG.length);
    expect((await discoveredFacts(h)).uploads).toBe('offered');
  });
});
