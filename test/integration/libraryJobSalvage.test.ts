import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job, LibraryHealth, LibraryItem } from '../../shared/ipc/index.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';
import { ledger } from './support/ledger.ts';
import { startTcpProxy } from './support/tcpProxy.ts';

const keychain = testKeychain();
type Proxy = Awaited<ReturnType<typeof startTcpProxy>>;
type Run = { h: Harness; sandbox: () => SandboxHandle; proxy: () => Proxy };
const running: Run[] = [];
afterEach(async () => {
  for (const run of running.splice(0)) await stop(run);
});

/** A core whose sandbox (kept in the data folder, so its ledger and keys outlive a restart) is reached through a relay the test can cut. */
async function start(userDataDir?: string): Promise<Run> {
  let sandbox: SandboxHandle | null = null;
  let proxy: Proxy | null = null;
  const h = await startCore({
    keychain,
    ...(userDataDir ? { userDataDir } : {}),
    deps: {
      launchSandbox: async ({ dataDir, apiKey }) => {
        const started = await startSandbox({ dataDir, speed: 'fast', env: apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {} });
        sandbox = started;
        const relay = await startTcpProxy(Number(new URL(started.ready.base_url).port));
        proxy = relay;
        const via = (url: string) => url.replace(/:\d+/, `:${relay.port}`);
        return {
          ready: { ...started.ready, base_url: via(started.ready.base_url), cdn_url: via(started.ready.cdn_url) },
          stop: () => started.stop(),
        };
      },
    },
  });
  const run: Run = { h, sandbox: () => sandbox!, proxy: () => proxy! };
  running.push(run);
  return run;
}

async function stop(run: Run): Promise<void> {
  if (running.includes(run)) running.splice(running.indexOf(run), 1);
  await run.h.stop().catch(() => {});
  await run
    .proxy()
    .close()
    .catch(() => {});
}

function settled(h: Harness, id: string, timeoutMs = 90_000): Promise<Job> {
  return h.waitFor('job.updated', (j) => j.id === id && (j.state === 'done' || j.state === 'failed'), timeoutMs);
}

type Queued = { id: string; key: string; state: string; attempts: number };

/**
 * A character made, then one image sent whose answer is lost (in doubt: the service charged it
 * once), then two more made with the network cut (never sent). Returns the three jobs
 * as stored when the app stops.
 */
async function queueWork(run: Run): Promise<Queued[]> {
  const { h } = run;
  const character = await settled(
    h,
    ((await h.invoke('characters.create', { body: { name: 'Ione', parameters: {} }, quoteId: null })) as Job).id,
  );
  expect(character.state).toBe('done');
  const image = async (prompt: string) =>
    ((await h.invoke('generations.create', { body: { character_id: character.resourceId!, type: 'image', prompt }, quoteId: null })) as Job)
      .id;

  // The service commits (and charges) the image, and its answer never comes back: the link is cut while it is held.
  const sandbox = run.sandbox();
  expect((await sandbox.request('PUT', '/sandbox/faults', { body: { latency_ms: { image: 120_000 } } })).status).toBe(200);
  const inDoubt = await image('the answer was lost');
  const key = h.core.session()!.jobs.require(inDoubt).idempotency_key;
  while (!(await ledger(sandbox)).some((o) => o.idempotency_key === key && o.charges === 1)) await new Promise((r) => setTimeout(r, 100));
  await run.proxy().cut();
  // The faults are kept in the sandbox's data: the next start answers at once.
  expect((await sandbox.request('PUT', '/sandbox/faults', { body: {} })).status).toBe(200);
  await h.waitFor('job.updated', (j) => j.id === inDoubt && j.state === 'waiting_connection' && j.attempts >= 1);
  const offline = [await image('made offline one'), await image('made offline two')];
  for (const id of offline) await h.waitFor('job.updated', (j) => j.id === id && j.state === 'waiting_connection' && j.attempts === 0);

  const session = h.core.session()!;
  const queued = [inDoubt, ...offline].map((id) => {
    const job = session.jobs.require(id);
    return { id, key: job.idempotency_key, state: job.state, attempts: job.attempts };
  });
  expect(queued[0]!.attempts).toBeGreaterThanOrEqual(1);
  return queued;
}

/** Pages of the library file by the b-tree they hold (dbstat), read while it is closed. */
function pagesOf(file: string): Map<string, number[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  const pages = new Map<string, number[]>();
  for (const row of db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]) {
    pages.set(row.name, [...(pages.get(row.name) ?? []), row.pageno]);
  }
  db.close();
  return pages;
}

/** Garbage over the header and over the given pages. */
function damage(file: string, pages: number[]): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(100, 0xab), 0, 100, 0);
  for (const page of pages) writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (page - 1) * 4096);
  closeSync(fd);
}

function libraryFile(h: Harness): string {
  return join(h.userDataDir, 'profiles', 'sandbox', 'library.db');
}

describe.skipIf(!hasSecretService)('the job queue of a damaged library', () => {
  it('comes back with the same keys and states, and each job is charged exactly once', async () => {
    const first = await start();
    const queued = await queueWork(first);
    await stop(first);
    const file = libraryFile(first.h);
    const pages = pagesOf(file);
    // A page of another table: the jobs table and its indexes are intact, the header is not.
    const jobPages = new Set(
      [...pages]
        .filter(([name]) => name === 'jobs' || name.startsWith('jobs_') || name.startsWith('sqlite_autoindex_jobs'))
        .flatMap(([, p]) => p),
    );
    const other = [...(pages.get('characters') ?? []), ...(pages.get('library_items') ?? [])].find((p) => p !== 1 && !jobPages.has(p));
    expect(other).toBeDefined();
    damage(file, [other!]);

    const second = await start(first.h.userDataDir);
    const { h } = second;
    // At once, while the rebuild still waits on the service (the start emitted it before anyone listened).
    const rebuilding = (await h.invoke('library.health', {})) as LibraryHealth;
    expect(rebuilding.state).toBe('rebuilding');
    expect(rebuilding.salvage).toEqual({ recovered: 3, unreadable: 0 });
    // Every job is back as it was stored: the one in doubt still counts its attempts, none was made anew.
    const session = h.core.session()!;
    for (const before of queued) {
      const after = session.jobs.get(before.id);
      expect(after, before.id).not.toBeNull();
      expect(after!.idempotency_key).toBe(before.key);
      expect(after!.attempts).toBeGreaterThanOrEqual(before.attempts);
    }
    expect(((await h.invoke('jobs.list', {})) as { jobs: Job[] }).jobs.map((j) => j.id)).toEqual(
      expect.arrayContaining(queued.map((q) => q.id)),
    );

    for (const { id } of queued) expect((await settled(h, id)).state).toBe('done');
    const rebuilt = await h.waitFor('health.changed', (p) => p.state === 'ok' && p.notice === 'rebuilt');
    expect(rebuilt.salvage).toEqual({ recovered: 3, unreadable: 0 });
    // The service's own ledger: one operation and one charge per key, the job in doubt included.
    const operations = await ledger(second.sandbox());
    for (const { key } of queued) {
      const entries = operations.filter((o) => o.idempotency_key === key);
      expect(entries, key).toHaveLength(1);
      expect(entries[0]!.charges, key).toBe(1);
    }
  }, 240_000);

  it('whose pages are the damaged ones is reported as unreadable, and nothing is charged twice', async () => {
    const first = await start();
    const queued = await queueWork(first);
    await stop(first);
    const file = libraryFile(first.h);
    const jobsTable = pagesOf(file).get('jobs') ?? [];
    expect(jobsTable.length).toBeGreaterThan(0);
    damage(file, jobsTable);

    const second = await start(first.h.userDataDir);
    const { h } = second;
    // At once, while the rebuild still waits on the service (the start emitted it before anyone listened).
    const rebuilding = (await h.invoke('library.health', {})) as LibraryHealth;
    expect(rebuilding.state).toBe('rebuilding');
    expect(rebuilding.salvage).toEqual({ recovered: 0, unreadable: 3 });
    const rebuilt = await h.waitFor('health.changed', (p) => p.state === 'ok' && p.notice === 'rebuilt');
    expect(rebuilt.salvage).toEqual({ recovered: 0, unreadable: 3 });
    for (const { id } of queued) expect(h.core.session()!.jobs.get(id)).toBeNull();

    // What the service made for the job in doubt came back with the rebuild; nothing was sent again.
    const items = ((await h.invoke('library.query', { filter: {}, offset: 0, limit: 500 })) as { items: LibraryItem[] }).items;
    expect(items.filter((i) => i.prompt === 'the answer was lost')).toHaveLength(1);
    const operations = await ledger(second.sandbox());
    const [inDoubt, ...offline] = queued;
    expect(operations.filter((o) => o.idempotency_key === inDoubt!.key).map((o) => o.charges)).toEqual([1]);
    for (const { key } of offline) expect(operations.filter((o) => o.idempotency_key === key)).toEqual([]);
  }, 240_000);
});
