import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import { JSON_ANSWER_BYTE_LIMIT, MEDIA_BYTE_LIMITS } from '../../shared/api/limits.ts';
import type { ServiceError } from '../../electron/core/api/serviceError.ts';
import { readStoredDownloadError } from '../../electron/core/downloads/storedDownloadError.ts';
import type { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { characterMade } from './support/downloadedImage.ts';
import { startCanary, startHostileFront, type HostileFront } from './support/hostileFront.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';

const MB = 1024 * 1024;
let h: Harness;
let keychain: KeytarKeychain;
let sandbox: SandboxHandle;
let front: HostileFront;
let characterId = '';
const closers: (() => Promise<void>)[] = [];

/** What core holds in memory: its heap, and the buffers outside it. */
function held(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

// Collected before each sample, so a sample counts what is held, not the garbage of bytes already
// passed on (at loopback speed, encrypting and decrypting in this one process, that garbage alone
// reaches 150 MB between two collections whatever the code does with the bytes).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Runs `work` while sampling memory: how far what is held grew above where it started, at most. */
async function growthDuring(work: () => Promise<void>): Promise<number> {
  collect();
  const start = held();
  let most = start;
  const sampler = setInterval(() => {
    collect();
    most = Math.max(most, held());
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return most - start;
}

async function imageMade(prompt: string): Promise<string> {
  const made = (await h.invoke('generations.create', { body: { character_id: characterId, type: 'image', prompt }, quoteId: null })) as Job;
  return (await h.waitFor('job.updated', (j) => j.id === made.id && j.state === 'done')).resourceId!;
}

function downloadsOf(generationId: string): Record<string, { state: string; attempts: number; error_message: string | null }> {
  const rows = h.core
    .session()!
    .library.all<{ role: string; state: string; attempts: number; error_message: string | null }>(
      'SELECT role, state, attempts, error_message FROM downloads WHERE owner_id = ?',
      generationId,
    );
  return Object.fromEntries(rows.map(({ role, ...rest }) => [role, rest]));
}

/** The error a download's row keeps, as the page is told it. */
function said(row: { error_message: string | null }): ReturnType<typeof readStoredDownloadError> {
  return readStoredDownloadError({ failure: 'error', error_message: row.error_message });
}

/** The app still answers: a command that asks the service, answered. */
async function stillAnswers(): Promise<void> {
  const account = (await h.invoke('account.get', {})) as { credits_balance?: number };
  expect(account).toBeTruthy();
  expect(((await h.invoke('characters.list', {})) as { id: string }[]).map((c) => c.id)).toContain(characterId);
}

describe.skipIf(!hasSecretService)('a hostile service and CDN on loopback', () => {
  beforeAll(async () => {
    keychain = testKeychain();
    // Core reaches the sandbox through a front that can turn hostile: endless answers, records naming other hosts.
    h = await startCore({
      keychain,
      deps: {
        launchSandbox: async ({ dataDir, apiKey }) => {
          sandbox = await startSandbox({ dataDir, speed: 'fast', env: apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {} });
          front = await startHostileFront(sandbox);
          return { ready: front.ready, stop: () => sandbox.stop() };
        },
      },
    });
    characterId = await characterMade(h, 'Rhea');
    await h.core.session()!.downloader.idle(60_000);
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await front?.close();
    for (const close of closers) await close();
    await keychain?.delete('sandbox').catch(() => {});
  });

  it('cuts off an endless image body and an endless thumbnail at their bounds, for good, with memory bounded', async () => {
    front.misbehave.endlessMedia = true;
    let generationId = '';
    const grown = await growthDuring(async () => {
      generationId = await imageMade('a lantern that never ends');
      await h.core.session()!.downloader.idle(180_000);
    });
    front.misbehave.endlessMedia = false;
    const rows = downloadsOf(generationId);
    expect(rows.output).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(rows.output!)).toMatchObject({
      code: 'download_too_large',
      params: { why: 'past_limit', kind: 'image', limit: MEDIA_BYTE_LIMITS.image },
    });
    expect(rows.thumbnail).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(rows.thumbnail!)).toMatchObject({
      code: 'download_too_large',
      params: { why: 'past_limit', kind: 'thumbnail', limit: MEDIA_BYTE_LIMITS.thumbnail },
    });
    // What was sent in all: about the two bounds (and what sat in socket buffers), not more.
    expect(front.endlessBytes()).toBeGreaterThan(MEDIA_BYTE_LIMITS.image + MEDIA_BYTE_LIMITS.thumbnail);
    expect(front.endlessBytes()).toBeLessThan(MEDIA_BYTE_LIMITS.image + MEDIA_BYTE_LIMITS.thumbnail + 32 * MB);
    expect(grown).toBeLessThan(100 * MB);
    await stillAnswers();
  }, 240_000);

  it('cuts off an endless JSON list page at its bound, with memory bounded, and keeps answering', async () => {
    const sent = front.endlessBytes();
    front.misbehave.endlessJson = /^\/v1\/generations(\?|$)/;
    let error: unknown = null;
    const grown = await growthDuring(async () => {
      error = await h.core
        .session()!
        .sync.run({ full: true })
        .then(
          () => null,
          (e: unknown) => e,
        );
    });
    front.misbehave.endlessJson = null;
    expect((error as ServiceError | null)?.code).toBe('answer_too_large');
    expect((error as ServiceError).message).toMatch(/larger than Cast Studio reads \(8 MB\), so it was cut off/);
    expect(front.endlessBytes() - sent).toBeGreaterThan(JSON_ANSWER_BYTE_LIMIT);
    expect(front.endlessBytes() - sent).toBeLessThan(JSON_ANSWER_BYTE_LIMIT + 32 * MB);
    expect(grown).toBeLessThan(100 * MB);
    await stillAnswers();
    // Once the service answers sensibly again, so does the sync.
    await h.core.session()!.sync.run({ full: true });
  }, 240_000);

  it('sends no request to an origin other than the CDN, nor over plain HTTP, that a record names', async () => {
    const https = await startCanary('https', '127.0.0.2');
    const http = await startCanary('http', '127.0.0.2');
    closers.push(https.close, http.close);
    const cdn = front.ready.cdn_url.replace(/\/+$/, '');
    const sandboxCdn = sandbox.ready.cdn_url.replace(/\/+$/, '');
    // The service names other hosts for a generation's files: its thumbnail over plain HTTP, its output elsewhere.
    front.misbehave.rewrite = {
      path: /^\/v1\/generations/,
      text: (json) =>
        [cdn, sandboxCdn].reduce(
          (text, base) =>
            text.replaceAll(`"thumbnail_url":"${base}/`, `"thumbnail_url":"${http.url}/cdn/`).replaceAll(`"${base}/`, `"${https.url}/cdn/`),
          json,
        ),
    };
    const generationId = await imageMade('a lamp somewhere else');
    await h.core.session()!.downloader.idle(60_000);
    front.misbehave.rewrite = null;
    const rows = downloadsOf(generationId);
    expect(rows.output).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(rows.output!)).toEqual({
      code: 'download_source_refused',
      params: { why: 'not_cdn', host: new URL(https.url).host, cdnHost: new URL(cdn).host },
    });
    expect(rows.thumbnail).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(rows.thumbnail!)).toEqual({
      code: 'download_source_refused',
      params: { why: 'plain_http', host: new URL(http.url).host },
    });
    expect(https.connections()).toBe(0);
    expect(http.connections()).toBe(0);
    await stillAnswers();
  }, 120_000);
});
