import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job, LibraryItem } from '../../shared/ipc/index.ts';
import { createCore } from '../../electron/core/createCore.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { percentile, round, sleep, type BenchOptions, type Metric } from './support/stats.ts';
import { headlessCoreDeps } from '../support/coreDeps.ts';

/** What a request is for, from its method and path. */
function purpose(method: string, path: string): string {
  const p = path.split('?')[0] ?? '';
  if (!p.startsWith('/v1/')) return 'download';
  if (method === 'POST' && p === '/v1/quotes') return 'quote';
  if (method === 'POST') return 'create';
  if (/^\/v1\/(generations|characters|voices|audio)$/.test(p)) return 'poll';
  if (/^\/v1\/(generations|characters|voices|audio)\/[^/]+$/.test(p)) return 'poll';
  return 'other';
}

type PollerRun = { jobs: number; done: number; polls: number; idle: number; idleSeconds: number; delays: number[] };

/**
 * The poller with 500 image generations in flight (100 with --quick) against a real sandbox, whose
 * four processing slots per account spread the completions over minutes:
 * poller_requests_per_job_500 (polling requests per completed job), poller_detect_p95_ms (the
 * sandbox's completed_at to core's library.updated for that item) and poller_idle_requests (every
 * request in the 30 s after the last job and its downloads end; 10 s with --quick). Then the same
 * against a sandbox that ignores `updated_after` (`--variant no-updated-after`, spec 4.2 does not
 * name the filter): poller_requests_per_job_500_no_updated_after and poller_idle_requests_no_updated_after.
 */
export async function benchPoller(options: BenchOptions): Promise<Metric[]> {
  const suffix = options.quick ? '_100' : '_500';
  const plain = await runPoller(options, []);
  const perJob = (run: PollerRun) => round(run.polls / Math.max(1, run.done));
  const metrics: Metric[] = [
    {
      name: `poller_requests_per_job${suffix}`,
      value: perJob(plain),
      unit: 'requests',
      note: `${plain.polls} polling requests for ${plain.done} jobs`,
    },
    {
      name: 'poller_detect_p95_ms',
      value: round(percentile(plain.delays, 95), 0),
      unit: 'ms',
      note: `median ${round(percentile(plain.delays, 50), 0)} ms, n=${plain.delays.length}`,
    },
    {
      name: 'poller_idle_requests',
      value: plain.idle,
      unit: 'requests',
      note: `in the ${plain.idleSeconds} s after the last job and its downloads`,
    },
  ];
  const ignoring = await runPoller(options, ['no-updated-after']);
  return [
    ...metrics,
    {
      name: `poller_requests_per_job${suffix}_no_updated_after`,
      value: perJob(ignoring),
      unit: 'requests',
      note: `${ignoring.polls} polling requests for ${ignoring.done} jobs; the service ignores updated_after`,
    },
    {
      name: 'poller_idle_requests_no_updated_after',
      value: ignoring.idle,
      unit: 'requests',
      note: `in the ${ignoring.idleSeconds} s after the last job and its downloads`,
    },
  ];
}

async function runPoller(options: BenchOptions, variants: string[]): Promise<PollerRun> {
  const jobs = options.quick ? 100 : 500;
  const idleSeconds = options.quick ? 10 : 30;
  const userDataDir = mkdtempSync(join(tmpdir(), 'cast-bench-poller-'));
  let sandbox: SandboxHandle | null = null;
  const counts = new Map<string, number>();
  const core = await createCore(
    headlessCoreDeps(userDataDir, {
      launchSandbox: async ({ dataDir, apiKey }) => {
        sandbox = await startSandbox({
          dataDir,
          speed: 'fast',
          variants,
          env: { CAST_SANDBOX_RENDERER: 'placeholder', ...(apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {}) },
        });
        const s = sandbox;
        return { ready: s.ready, stop: () => s.stop() };
      },
      tuning: {
        concurrency: { 'generation.create': 8 },
        onAttempt: (r) => counts.set(purpose(r.method, r.path), (counts.get(purpose(r.method, r.path)) ?? 0) + 1),
      },
    }),
  );
  try {
    const sb = sandbox as SandboxHandle | null;
    if (!sb) throw new Error('core launched no sandbox');
    const session = core.session()!;
    const invoke = async <T>(command: string, input: unknown): Promise<T> => {
      const reply = await core.router.handle(command, input);
      if (!reply.ok) throw new Error(`${command}: ${JSON.stringify(reply.error)}`);
      return reply.value as T;
    };
    const userId = ((await sb.request('GET', '/v1/account')).body as { data: { id: string } }).data.id;
    await sb.request('POST', `/sandbox/users/${userId}/credits`, { body: { amount: jobs * 10 } });
    const events = new Map<string, number>();
    core.router.subscribe((event, payload) => {
      if (event !== 'library.updated') return;
      for (const item of (payload as { items: LibraryItem[] }).items)
        if (item.status === 'completed' && !events.has(item.id)) events.set(item.id, Date.now());
    });
    const character = await invoke<Job>('characters.create', { body: { name: 'Bench', parameters: {} }, quoteId: null });
    while (session.jobs.require(character.id).state !== 'done') await sleep(100);
    const characterId = session.jobs.require(character.id).resource_id!;

    counts.clear();
    const started = Date.now();
    const submitted: Job[] = [];
    for (let i = 0; i < jobs; i += 1)
      submitted.push(
        await invoke<Job>('generations.create', {
          body: { character_id: characterId, type: 'image', prompt: `bench image ${i}` },
          quoteId: null,
        }),
      );
    const open = () =>
      session.library.get<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE state NOT IN ('done', 'failed', 'cancelled')")!.n;
    while (open() > 0 && Date.now() - started < 1_800_000) await sleep(250);
    const during = new Map(counts);
    await session.downloader.idle(300_000);
    await sleep(500);
    counts.clear();
    await sleep(idleSeconds * 1000);
    const idle = [...counts.values()].reduce((a, b) => a + b, 0);

    const delays: number[] = [];
    for (const job of submitted) {
      const id = session.jobs.require(job.id).resource_id;
      const row = id
        ? session.library.get<{ completed_at: string | null }>('SELECT completed_at FROM generations WHERE id = ?', id)
        : undefined;
      const at = id ? events.get(id) : undefined;
      if (row?.completed_at && at) delays.push(at - Date.parse(row.completed_at));
    }
    const done = session.library.get<{ n: number }>(
      "SELECT count(*) AS n FROM jobs WHERE state = 'done' AND kind = 'generation.create'",
    )!.n;
    const polls = during.get('poll') ?? 0;
    options.log(
      `  poller${variants.length ? ` (--variant ${variants.join(',')})` : ''}: ${done} of ${jobs} done in ${round((Date.now() - started) / 1000, 1)} s; requests by purpose ${JSON.stringify(Object.fromEntries(during))}; ${idle} requests in ${idleSeconds} s idle`,
    );
    return { jobs, done, polls, idle, idleSeconds, delays };
  } finally {
    await core.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
