import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditsBook } from '../../electron/core/account/creditsBook.ts';
import { ApiClient } from '../../electron/core/api/apiClient.ts';
import { HttpClient } from '../../electron/core/api/httpClient.ts';
import { systemClock } from '../../electron/core/clock/clock.ts';
import { LibraryDatabase } from '../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../electron/core/library/resourceStore.ts';
import { Poller } from '../../electron/core/poller/poller.ts';
import { HistorySync } from '../../electron/core/sync/historySync.ts';
import { UpdatedAfterSupport } from '../../electron/core/sync/updatedAfterSupport.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { CaptureLog } from '../unit/electron/core/support/captureLog.ts';

const HISTORY = 1_000;
const JOBS = 40;

let sandbox: SandboxHandle;
let characterId = '';
const folders: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(test: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(100);
  }
}

/** A sandbox whose user has a character and `HISTORY` generations finished an hour and more ago. */
async function seededSandbox(): Promise<SandboxHandle> {
  const first = await startSandbox({ env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
  const key = first.ready.api_key;
  const character = await first.request('POST', '/v1/characters', {
    headers: { 'idempotency-key': randomUUID() },
    body: { name: 'History', parameters: {} },
  });
  characterId = (character.body as { data: { id: string } }).data.id;
  await until(
    async () =>
      ((await first.request('GET', `/v1/characters/${characterId}`)).body as { data: { status: string } }).data.status === 'ready',
    'the character',
  );
  const made = await first.request('POST', '/v1/generations', {
    headers: { 'idempotency-key': randomUUID() },
    body: { character_id: characterId, type: 'image', prompt: 'history' },
  });
  const generationId = (made.body as { data: { id: string } }).data.id;
  await until(
    async () =>
      ((await first.request('GET', `/v1/generations/${generationId}`)).body as { data: { status: string } }).data.status === 'completed',
    'the first image',
  );
  await first.stop();
  const db = new DatabaseSync(join(first.dataDir, 'sandbox.db'));
  const template = db.prepare('SELECT * FROM generations WHERE id = ?').get(generationId) as Record<string, string | number | null>;
  const columns = Object.keys(template).filter((c) => c !== 'seq');
  const insert = db.prepare(`INSERT INTO generations (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const base = Date.now() - 2 * 3_600_000;
  db.exec('BEGIN');
  for (let i = 0; i < HISTORY; i += 1) {
    const at = new Date(base + i * 1_000).toISOString();
    insert.run(
      ...columns.map((c) =>
        c === 'id'
          ? randomUUID()
          : c === 'prompt'
            ? `old ${i}`
            : c === 'created_at' || c === 'updated_at' || c === 'completed_at'
              ? at
              : template[c]!,
      ),
    );
  }
  db.exec('COMMIT');
  db.close();
  // The same data, now served by a service that ignores `updated_after` (not in spec 4.2).
  return startSandbox({
    dataDir: first.dataDir,
    env: { CAST_SANDBOX_RENDERER: 'placeholder', CAST_SANDBOX_API_KEY: key },
    variants: ['no-updated-after'],
  });
}

/** An API client of the sandbox's seeded key that counts every request it sends. */
function countingApi(requests: string[], log: CaptureLog): ApiClient {
  const http = new HttpClient({
    baseUrl: sandbox.ready.base_url,
    dispatcher: sandbox.dispatcher,
    apiKey: () => sandbox.ready.api_key,
    clock: systemClock,
    random: Math.random,
    log,
    observer: { answered: () => {}, unreachable: () => {}, keyRejected: () => {}, attempt: (r) => requests.push(r.path) },
  });
  return new ApiClient(http, log);
}

/** A poller on its own client, counting every request it sends. */
function pollerOn(library: LibraryDatabase) {
  const requests: string[] = [];
  const log = new CaptureLog();
  const api = countingApi(requests, log);
  const finished = new Set<string>();
  const poller = new Poller({
    api,
    canPoll: () => true,
    observe: (o) => {
      if ('record' in o && o.record.status === 'completed') finished.add(o.record.id);
    },
    clock: systemClock,
    random: Math.random,
    log,
    updatedAfter: new UpdatedAfterSupport(library),
  });
  return { poller, requests, finished };
}

/** `count` images made straight on the sandbox, all followed by the poller; resolves when all are finished. */
async function follow(p: ReturnType<typeof pollerOn>, count: number): Promise<{ busy: number; idle: number }> {
  for (let i = 0; i < count; i += 1) {
    const made = await sandbox.request('POST', '/v1/generations', {
      headers: { 'idempotency-key': randomUUID() },
      body: { character_id: characterId, type: 'image', prompt: `new ${i}` },
    });
    expect(made.status).toBe(201);
    p.poller.track('generation', (made.body as { data: { id: string } }).data.id);
  }
  await until(() => p.poller.size === 0, 'every image to be seen finished', 120_000);
  const busy = p.requests.length;
  // Idle: nothing in flight means no timer and no request.
  await sleep(3_000);
  return { busy, idle: p.requests.length - busy };
}

describe('the poller against a service that ignores updated_after (sandbox --variant no-updated-after)', () => {
  let library: LibraryDatabase;
  beforeAll(async () => {
    sandbox = await seededSandbox();
    const folder = mkdtempSync(join(tmpdir(), 'cast-poller-'));
    folders.push(folder);
    library = LibraryDatabase.open(join(folder, 'library.db'));
  }, 120_000);
  afterAll(async () => {
    library?.close();
    await sandbox?.stop();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it('learns that the filter is ignored, never pages the history, and spends at most 1.5 requests per finished job and none while idle', async () => {
    const p = pollerOn(library);
    const { busy, idle } = await follow(p, JOBS);
    p.poller.stop();
    expect(p.finished.size).toBe(JOBS);
    expect(new UpdatedAfterSupport(library).mode).toBe('ignored');
    // One request asked with updated_after (the probe); none read a second page of 1,000 old records.
    expect(p.requests.filter((r) => r.includes('updated_after'))).toHaveLength(1);
    expect(p.requests.filter((r) => r.includes('status=completed'))).toHaveLength(1);
    expect(busy / JOBS, p.requests.join('\n')).toBeLessThanOrEqual(1.5);
    expect(idle).toBe(0);
  }, 180_000);

  it('remembers it for the connection: a new poller on the same library never asks for updated_after', async () => {
    const p = pollerOn(library);
    const { busy, idle } = await follow(p, JOBS);
    p.poller.stop();
    expect(p.finished.size).toBe(JOBS);
    expect(p.requests.some((r) => r.includes('updated_after'))).toBe(false);
    expect(busy / JOBS).toBeLessThanOrEqual(1.5);
    expect(idle).toBe(0);
  }, 180_000);

  it('learns it in an incremental history sync too, and then keeps those syncs to the newest pages', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cast-sync-'));
    folders.push(folder);
    const fresh = LibraryDatabase.open(join(folder, 'library.db'));
    try {
      const requests: string[] = [];
      const log = new CaptureLog();
      const api = countingApi(requests, log);
      const resources = new ResourceStore(fresh, () => new Date().toISOString());
      const credits = new CreditsBook({
        library: fresh,
        resources,
        api,
        canFetch: () => true,
        clock: systemClock,
        log,
        changed: () => {},
      });
      const sync = new HistorySync({
        library: fresh,
        resources,
        credits,
        api,
        clock: systemClock,
        log,
        pageSynced: () => {},
        protectedIds: () => new Set(),
        updatedAfter: new UpdatedAfterSupport(fresh),
      });
      const generationPages = () => requests.filter((r) => r.startsWith('/v1/generations?'));
      await sync.run({ full: true });
      const full = generationPages().length;
      // 1,081 generations in pages of up to 100: a full pass reads them all, once.
      expect(full).toBeGreaterThanOrEqual(11);
      await sync.run();
      expect(new UpdatedAfterSupport(fresh).mode).toBe('ignored');
      expect(generationPages().length - full).toBeLessThanOrEqual(2);
      const before = generationPages().length;
      await sync.run();
      const next = generationPages().slice(before);
      expect(next.length).toBeLessThanOrEqual(2);
      expect(next.some((r) => r.includes('updated_after'))).toBe(false);
    } finally {
      fresh.close();
    }
  }, 120_000);
});
