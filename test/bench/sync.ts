import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createCore } from '../../electron/core/createCore.ts';
import { FilePreferences } from '../../electron/core/preferences/preferences.ts';
import { startFaultProxy } from '../chaos/faultProxy.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import { addGenerationCopies, startSandboxWithOneGeneration } from './support/seedSandbox.ts';
import { median, round, sleep, type BenchOptions, type Metric } from './support/stats.ts';
import { headlessCoreDeps } from '../support/coreDeps.ts';

const RTT_MS = 50;
const LIST = /^\/v1\/(characters|generations|voices|audio|account\/usage)$/;

/**
 * sync_full_ratio_to_floor_100k and sync_incremental_ms: a sandbox holding 100,000 generations
 * (10,000 with --quick), reached through a relay that adds RTT_MS to every request; core's full
 * history sync is timed from its first list request to its end, and divided by pages × RTT_MS, the
 * floor of serial cursor paging. Then an incremental sync with nothing changed, against its
 * reference: the same GETs from a plain request loop (`sync_incremental_ms_ratio`).
 */
export async function benchSync(options: BenchOptions): Promise<Metric[]> {
  const count = options.quick ? 10_000 : 100_000;
  const sandbox = await seedSandbox(count, options);
  const proxy = await startFaultProxy(Number(new URL(sandbox.ready.base_url).port), {
    random: Math.random,
    rates: { refuse: 0, reset_before: 0, lose_response: 0, spike: 1, spikeMs: [RTT_MS, RTT_MS] },
  });
  const via = (url: string) => url.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${proxy.port}`);
  // TLS 1.2 so the relay can tell each request's first record (see faultProxy.ts).
  const dispatcher = new Agent({
    connections: 8,
    keepAliveTimeout: 30_000,
    connect: { ca: readFileSync(sandbox.ready.ca_cert, 'utf8'), maxVersion: 'TLSv1.2' },
  });
  const fulls: number[] = [];
  const ratios: number[] = [];
  const incrementals: number[] = [];
  const plains: number[] = [];
  try {
    const runs = options.quick ? Math.max(2, options.runs) : 1;
    for (let run = 0; run < runs; run += 1) {
      const userDataDir = mkdtempSync(join(tmpdir(), 'cast-bench-sync-'));
      const prefs = new FilePreferences({ cwd: userDataDir });
      // Downloads would compete with the sync for the same connection pool: the figure is the sync's.
      prefs.set('settings', { autoDownload: false });
      const lists: number[] = [];
      // The GETs of the latest incremental sync, for the plain loop to send again.
      const gets: string[] = [];
      const ready = { ...sandbox.ready, base_url: via(sandbox.ready.base_url), cdn_url: via(sandbox.ready.cdn_url) };
      const core = await createCore(
        headlessCoreDeps(userDataDir, {
          preferences: prefs,
          launchSandbox: async () => ({ ready, stop: async () => {} }),
          fetchDispatcher: dispatcher,
          tuning: {
            syncPeriodMs: 3_600_000,
            onAttempt: (r) => {
              if (r.method === 'GET') gets.push(r.path);
              if (r.method === 'GET' && LIST.test(r.path.split('?')[0] ?? '')) lists.push(performance.now());
            },
          },
        }),
      );
      const session = core.session()!;
      await session.sync.run({ full: true });
      const first = lists[0] ?? performance.now();
      const seconds = (performance.now() - first) / 1000;
      const pages = lists.length;
      const items = session.library.get<{ n: number }>('SELECT count(*) AS n FROM generations')?.n ?? 0;
      fulls.push(seconds);
      ratios.push(seconds / ((pages * RTT_MS) / 1000));
      options.log(
        `  sync: full sync of ${items} generations in ${round(seconds, 1)} s, ${pages} list pages, floor ${round((pages * RTT_MS) / 1000, 1)} s`,
      );
      for (let i = 0; i < 3; i += 1) {
        gets.length = 0;
        const t0 = performance.now();
        await session.sync.run();
        incrementals.push(performance.now() - t0);
        await sleep(100);
        plains.push(await plainLoopMs(gets, ready, dispatcher));
        await sleep(100);
      }
      await core.stop();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  } finally {
    await dispatcher.close();
    await proxy.close();
    await sandbox.stop();
  }
  const suffix = options.quick ? '_10k' : '_100k';
  return [
    {
      name: `sync_full_ratio_to_floor${suffix}`,
      value: round(median(ratios)),
      unit: 'ratio',
      note: `full sync ${round(median(fulls), 1)} s with ${RTT_MS} ms added round trip`,
    },
    {
      name: 'sync_incremental_ms',
      value: round(median(incrementals), 0),
      unit: 'ms',
      note: `nothing changed, ${RTT_MS} ms added round trip`,
    },
    {
      name: 'sync_incremental_ms_reference',
      value: round(median(plains), 0),
      unit: 'ms',
      note: `the same GETs one after another from a plain undici loop through the same relay`,
    },
    { name: 'sync_incremental_ms_ratio', value: round(median(incrementals) / median(plains), 2), unit: 'ratio' },
  ];
}

/**
 * The reference for an incremental sync: the GETs it sent (`paths`), sent again one after another
 * by a plain undici loop with the same key, pool and relay, each answer read whole; in ms.
 */
async function plainLoopMs(paths: readonly string[], ready: { base_url: string; api_key: string }, dispatcher: Agent): Promise<number> {
  const t0 = performance.now();
  for (const path of paths) {
    const answer = await request(new URL(path, ready.base_url), { dispatcher, headers: { authorization: `Bearer ${ready.api_key}` } });
    await answer.body.arrayBuffer();
    if (answer.statusCode !== 200) throw new Error(`The plain loop's GET ${path} answered ${answer.statusCode}.`);
  }
  return performance.now() - t0;
}

/** A sandbox whose seeded user has `count` completed image generations (one real, the rest copies in SQL). */
async function seedSandbox(count: number, options: BenchOptions): Promise<SandboxHandle> {
  const { sandbox, generationId } = await startSandboxWithOneGeneration();
  const seeded = await addGenerationCopies(sandbox, generationId, count - 1);
  options.log(`  sync: sandbox seeded with ${count} generations`);
  return seeded;
}
