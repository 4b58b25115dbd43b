import { fork, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { benchChromiumPath, launchChromium } from '../e2e/support/chromium.ts';
import { ensureRendererBuilt } from '../e2e/support/studioHost.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import { scrollFor } from './gallery.ts';
import type { HostOp, HostProcessConfig, HostRequest, LoopFigures } from './support/hostProcess.ts';
import { addGenerationCopies, startSandboxWithOneGeneration } from './support/seedSandbox.ts';
import { median, round, sleep, type BenchOptions, type Metric } from './support/stats.ts';

const HOST_SCRIPT = fileURLToPath(new URL('./support/hostProcess.ts', import.meta.url));
const RESOLUTION_MS = 2;
const VIEWPORT = { width: 1360, height: 880 };
const SPEED_PX_S = 3_000;
const SANDBOX_NICE = Number(process.env.CAST_BENCH_SANDBOX_NICE ?? 19);

type FullSync = { seconds: number; generations: number; downloads: { state: string; n: number }[] };
type HostChild = { call<T>(op: HostOp, extra?: Partial<HostRequest>): Promise<T>; exited: Promise<void>; child: ChildProcess };

/**
 * host_event_loop_p99_ms_busy and host_event_loop_max_ms_busy: the event-loop delay of the process
 * that runs core (the browser host, in a process of its own: test/bench/support/hostProcess.ts),
 * read from its own `monitorEventLoopDelay` histogram (2 ms resolution) reset when the busy window
 * begins. The window is a full history sync of 100,000 generations (10,000 with --quick) from a
 * sandbox on loopback into an empty library, downloads on (every item's output and thumbnail is
 * queued as its page lands), while the built renderer in headless Chromium scrolls the gallery at
 * about 3,000 px/s, up and down, as the library fills. Each run starts from a copy of the same
 * onboarded data folder. `CAST_BENCH_PROFILE=DIR` writes a CPU profile of each busy window there.
 * The reference (`_reference`, `_ratio`): a bare Node process's own delay over the same window.
 */
export async function benchHostEventLoop(options: BenchOptions): Promise<Metric[]> {
  ensureRendererBuilt();
  const count = options.quick ? 10_000 : 100_000;
  const work = mkdtempSync(join(tmpdir(), 'cast-bench-loop-'));
  const template = join(work, 'template');
  const seeded = await startSandboxWithOneGeneration();
  const { generationId } = seeded;
  let { sandbox } = seeded;
  const browser = await launchChromium(benchChromiumPath());
  const runs: (LoopFigures & { sync: FullSync; idle: LoopFigures; bare: BareFigures })[] = [];
  const bareLoop = startBareLoop();
  try {
    // An onboarded data folder whose library holds the one real generation (its sync done).
    const first = await startHost(template, sandbox);
    await first.call('onboard');
    await first.call('sync');
    await first.call('stop');
    await first.exited;
    sandbox = await addGenerationCopies(sandbox, generationId, count - 1);
    options.log(`  host loop: sandbox seeded with ${count} generations`);
    // The sandbox stands for the remote service, whose work a creator's machine never does: it
    // yields the processor here (nice 19 unless CAST_BENCH_SANDBOX_NICE says otherwise).
    yieldProcessor(sandbox.pid, SANDBOX_NICE);

    for (let run = 0; run < Math.max(1, options.runs); run += 1) {
      const dir = join(work, `run-${run}`);
      cpSync(template, dir, { recursive: true });
      const host = await startHost(dir, sandbox);
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        await page.goto(await host.call<string>('launchUrl'));
        await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
        await page.locator('[data-nav="gallery"]').click();
        await page.locator('.gallery-scroller').waitFor({ timeout: 60_000 });
        await sleep(1_000);

        const scrolling = keepScrolling(page);
        await host.call('reset');
        await sleep(3_000);
        const idle = await host.call<LoopFigures>('read');
        const profileDir = process.env.CAST_BENCH_PROFILE;
        if (profileDir) await host.call('profileStart');
        await host.call('reset');
        await bareLoop.ask('reset');
        const sync = await host.call<FullSync>('fullSync');
        const figures = await host.call<LoopFigures>('read');
        const bare = await bareLoop.ask('read');
        if (profileDir) await host.call('profileStop', { path: join(profileDir, `host-loop-${run}.cpuprofile`) });
        const frames = await scrolling.stop();
        runs.push({ ...figures, sync, idle, bare });
        options.log(
          `  host loop run ${run + 1}: p99 ${round(figures.p99, 1)} ms, max ${round(figures.max, 1)} ms, p50 ${round(figures.p50, 1)} ms, loop busy ${round(figures.utilization * 100, 0)} % over ${round(figures.seconds, 1)} s, ` +
            `its garbage collections: the longest ${round(figures.gcMax, 1)} ms (${figures.gcMaxKind}), ${figures.gcOver10} of 10 ms or more ` +
            `(full sync of ${sync.generations} generations in ${round(sync.seconds, 1)} s; downloads ${sync.downloads.map((d) => `${d.state} ${d.n}`).join(', ')}; ` +
            `${frames} scroll frames; before the sync, scrolling only: p99 ${round(idle.p99, 1)} ms, max ${round(idle.max, 1)} ms, busy ${round(idle.utilization * 100, 0)} %; ` +
            `a bare Node process in the same window: p99 ${round(bare.p99, 1)} ms, max ${round(bare.max, 1)} ms)`,
        );
      } finally {
        await context.close().catch(() => undefined);
        await host.call('stop').catch(() => undefined);
        await host.exited;
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    bareLoop.stop();
    await browser.close();
    await sandbox.stop();
    rmSync(sandbox.dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  const spread = (values: number[]) =>
    `min ${round(Math.min(...values), 1)}, max ${round(Math.max(...values), 1)} over ${values.length} runs`;
  const p99s = runs.map((r) => r.p99);
  const maxes = runs.map((r) => r.max);
  const note =
    `full sync of ${count} with downloads while the gallery scrolls; ${round(median(runs.map((r) => r.sync.seconds)), 1)} s; ` +
    `sandbox at nice ${SANDBOX_NICE}`;
  const bareNote = 'a bare Node process with nothing to do, its own delay over the same window';
  return [
    { name: 'host_event_loop_p99_ms_busy', value: round(median(p99s), 1), unit: 'ms', note: `${note}; ${spread(p99s)}` },
    ...withReference('host_event_loop_p99_ms_busy', median(p99s), median(runs.map((r) => r.bare.p99)), bareNote),
    { name: 'host_event_loop_max_ms_busy', value: round(median(maxes), 1), unit: 'ms', note: `${note}; ${spread(maxes)}` },
    ...withReference('host_event_loop_max_ms_busy', median(maxes), median(runs.map((r) => r.bare.max)), bareNote),
  ];
}

function withReference(name: string, ours: number, reference: number, note: string): Metric[] {
  return [
    { name: `${name}_reference`, value: round(reference, 1), unit: 'ms', note },
    { name: `${name}_ratio`, value: round(ours / reference, 2), unit: 'ratio' },
  ];
}

type BareFigures = { p99: number; max: number };

/** The event-loop delay a bare Node process with nothing to do sees, in ms: the day's scheduling, none of core's work. */
const BARE_LOOP = `
const histogram = require('node:perf_hooks').monitorEventLoopDelay({ resolution: Number(process.argv[1]) });
histogram.enable();
process.on('message', (op) => {
  if (op === 'reset') histogram.reset();
  process.send({ p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 });
});`;

/** The host loop's reference: a bare Node process reading its own event-loop delay, reset and read with the host's. */
function startBareLoop(): { ask(op: 'reset' | 'read'): Promise<BareFigures>; stop(): void } {
  const child = spawn(process.execPath, ['-e', BARE_LOOP, String(RESOLUTION_MS)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    ask: (op) =>
      new Promise((resolve) => {
        child.once('message', (figures) => resolve(figures as BareFigures));
        child.send(op);
      }),
    stop: () => child.kill(),
  };
}

/** Sets every thread of process `pid` to `nice` (on Linux niceness is per thread; new threads inherit it). */
function yieldProcessor(pid: number, nice: number): void {
  const tasks = `/proc/${pid}/task`;
  for (const tid of existsSync(tasks) ? readdirSync(tasks).map(Number) : [pid]) setPriority(tid, nice);
}

/** Forks the host process on `userDataDir` with `sandbox` and waits for its ready message. */
async function startHost(userDataDir: string, sandbox: SandboxHandle): Promise<HostChild> {
  const config: HostProcessConfig = { userDataDir, ready: sandbox.ready, resolutionMs: RESOLUTION_MS };
  const child = fork(HOST_SCRIPT, [], {
    env: { ...process.env, CAST_BENCH_HOST: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 1;
  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  child.on('message', (message: { id: number; value?: unknown; error?: string }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.value);
  });
  void exited.then(() => {
    for (const waiting of pending.values()) waiting.reject(new Error('The host process exited.'));
    pending.clear();
  });
  await ready;
  return {
    child,
    exited,
    call: <T>(op: HostOp, extra: Partial<HostRequest> = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: (v) => resolve(v as T), reject });
        child.send({ ...extra, id, op } satisfies HostRequest);
      }),
  };
}

/** Scrolls the gallery in chunks of 2 s until stopped; resolves with the frames scrolled. */
function keepScrolling(page: Page): { stop(): Promise<number> } {
  let going = true;
  const done = (async () => {
    let frames = 0;
    while (going) frames += (await page.evaluate(scrollFor, { ms: 2_000, speed: SPEED_PX_S })).intervals.length;
    return frames;
  })();
  // A page that closes early (the run failed) must not end the process; stop() still reports it.
  done.catch(() => undefined);
  return {
    stop: () => {
      going = false;
      return done;
    },
  };
}
