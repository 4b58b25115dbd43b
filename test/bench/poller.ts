/**
 * Benchmark (prints figures, asserts nothing): 500 image generations in flight against a real
 * sandbox. It reports the requests core sends per completed job, by purpose, and the delay from a
 * generation's completion (the sandbox's completed_at) to core's library.updated event for it.
 *
 *   node test/bench/poller.ts [--jobs 500]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Job, LibraryItem } from '../../shared/ipc/index.ts';
import { createCore } from '../../electron/core/createCore.ts';
import { silentLogger } from '../../electron/core/log/logger.ts';
import { ConfPreferences } from '../../electron/core/preferences/preferences.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '500' } } });
const JOBS = Number(values.jobs);

const counts = new Map<string, number>();
const purpose = (method: string, path: string): string => {
  const p = path.split('?')[0] ?? '';
  if (!p.startsWith('/v1/')) return 'cdn download';
  if (method === 'POST' && p === '/v1/quotes') return 'quote';
  if (method === 'POST') return 'create';
  if (p === '/v1/generations') return 'poll (batched list)';
  if (/^\/v1\/(generations|characters|voices|audio)\/[^/]+$/.test(p)) return 'poll (single)';
  return `other ${method} ${p}`;
};

let sandbox: SandboxHandle | null = null;
const userDataDir = mkdtempSync(join(tmpdir(), 'cast-bench-'));
const core = await createCore({
  userDataDir,
  keychain: new MemoryKeychain(),
  preferences: new ConfPreferences({ cwd: userDataDir }),
  log: silentLogger,
  host: 'browser',
  mediaBase: 'cast-media://',
  launchSandbox: async ({ dataDir, apiKey }) => {
    sandbox = await startSandbox({ dataDir, speed: 'fast', env: apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {} });
    const s = sandbox;
    return { ready: s.ready, stop: () => s.stop() };
  },
  tuning: {
    concurrency: { 'generation.create': 8 },
    onAttempt: (r) => counts.set(purpose(r.method, r.path), (counts.get(purpose(r.method, r.path)) ?? 0) + 1),
  },
});
const invoke = async <T>(command: string, input: unknown): Promise<T> => {
  const reply = await core.router.handle(command, input);
  if (!reply.ok) throw new Error(`${command}: ${reply.error.message}`);
  return reply.value as T;
};
if (!sandbox) throw new Error('no sandbox');
const sb: SandboxHandle = sandbox;

// Enough credits for the run.
const account = await sb.request('GET', '/v1/account');
const userId = (account.body as { data: { id: string } }).data.id;
await sb.request('POST', `/sandbox/users/${userId}/credits`, { body: { amount: JOBS * 20 } });

const events = new Map<string, number>();
core.router.subscribe((event, payload) => {
  if (event !== 'library.updated') return;
  for (const item of (payload as { items: LibraryItem[] }).items) if (item.status === 'completed' && !events.has(item.id)) events.set(item.id, Date.now());
});

const character = await invoke<Job>('characters.create', { body: { name: 'Bench', parameters: {} }, quoteId: null });
while (core.session()?.jobs.require(character.id).state !== 'done') await new Promise((r) => setTimeout(r, 100));
const characterId = core.session()!.jobs.require(character.id).resource_id!;

counts.clear();
const started = Date.now();
const jobs: Job[] = [];
for (let i = 0; i < JOBS; i += 1) jobs.push(await invoke<Job>('generations.create', { body: { character_id: characterId, type: 'image', prompt: `bench image ${i}` }, quoteId: null }));
const enqueued = Date.now();
const session = core.session()!;
for (;;) {
  const open = session.library.get<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE state NOT IN ('done', 'failed', 'cancelled')")!.n;
  if (open === 0) break;
  await new Promise((r) => setTimeout(r, 250));
}
const finished = Date.now();
const requestsDuringRun = new Map(counts);

// Quiet period: with nothing in flight the poller must send nothing.
await session.downloader.idle(120_000);
counts.clear();
await new Promise((r) => setTimeout(r, 3_000));
const idlePolls = [...counts.entries()].filter(([k]) => k.startsWith('poll')).reduce((n, [, v]) => n + v, 0);

const delays: number[] = [];
for (const job of jobs) {
  const id = session.jobs.require(job.id).resource_id;
  const row = id ? session.library.get<{ completed_at: string | null }>('SELECT completed_at FROM generations WHERE id = ?', id) : undefined;
  const at = id ? events.get(id) : undefined;
  if (row?.completed_at && at) delays.push(at - Date.parse(row.completed_at));
}
delays.sort((a, b) => a - b);
const pct = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN;
const done = session.library.get<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE state = 'done' AND kind = 'generation.create'")!.n;
const polls = [...requestsDuringRun.entries()].filter(([k]) => k.startsWith('poll')).reduce((n, [, v]) => n + v, 0);

console.log(`Poller benchmark: ${JOBS} image generations in flight against the sandbox (--speed fast)`);
console.log(`  enqueue: ${((enqueued - started) / 1000).toFixed(1)} s; all terminal after ${((finished - started) / 1000).toFixed(1)} s; completed: ${done}`);
console.log('  requests during the run, by purpose (per completed job):');
for (const [k, v] of [...requestsDuringRun.entries()].sort()) console.log(`    ${k.padEnd(22)} ${String(v).padStart(6)}  (${(v / Math.max(1, done)).toFixed(3)})`);
console.log(`  polling requests per completed job: ${(polls / Math.max(1, done)).toFixed(3)}`);
console.log(`  completion → library.updated delay (ms), n=${delays.length}: median ${pct(50)}, p90 ${pct(90)}, p99 ${pct(99)}, max ${delays.at(-1)}`);
console.log(`  polling requests in 3 s with nothing in flight: ${idlePolls}`);
await core.stop();
process.exit(0);
