/**
 * The browser host in a process of its own for the event-loop benchmark (test/bench/hostEventLoop.ts):
 * `startBrowserHost` on the folder and sandbox given in CAST_BENCH_HOST, core in its child process as
 * the host runs it, with a `perf_hooks.monitorEventLoopDelay` histogram of this process's main event
 * loop (the one that serves pages). Sync runs inside core's process through the host's probe
 * (./hostProbe.ts). The parent drives it
 * over the fork IPC channel: { id, op } requests, { id, value } or { id, error } answers.
 */
import { writeFileSync } from 'node:fs';
import { Session as InspectorSession } from 'node:inspector/promises';
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import type { SandboxReady } from '../../../shared/api/sandboxAdmin.ts';
import { silentLogger } from '../../../electron/core/log/logger.ts';
import { startBrowserHost, type BrowserHost } from '../../../electron/web/browserHost.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

export type HostProcessConfig = { userDataDir: string; ready: SandboxReady; resolutionMs: number };
export type HostOp = 'launchUrl' | 'onboard' | 'sync' | 'fullSync' | 'reset' | 'read' | 'profileStart' | 'profileStop' | 'stop';
export type HostRequest = { id: number; op: HostOp; path?: string };
/**
 * Delays in ms; `utilization` is the share of the window the loop was busy (eventLoopUtilization);
 * `gcMax` the longest garbage collection of this thread in the window (`gcMaxKind` its kind) and
 * `gcOver10` how many took 10 ms or more (a stall of the loop is either this thread's own work,
 * its collections, or the thread waiting for a core).
 */
export type LoopFigures = {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
  seconds: number;
  utilization: number;
  gcMax: number;
  gcMaxKind: string;
  gcOver10: number;
};

const config = JSON.parse(process.env.CAST_BENCH_HOST ?? '{}') as HostProcessConfig;
const histogram = monitorEventLoopDelay({ resolution: config.resolutionMs });
let resetAt = performance.now();
let utilizationAt = performance.eventLoopUtilization();
let inspector: InspectorSession | null = null;
const ms = (ns: number) => ns / 1e6;
// This thread's garbage collections since the last reset: the longest (and its kind), and how many took 10 ms or more.
const collections = { max: 0, maxKind: '', over10: 0 };
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.duration > collections.max) {
      collections.max = entry.duration;
      collections.maxKind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
    }
    if (entry.duration >= 10) collections.over10 += 1;
  }
}).observe({ entryTypes: ['gc'] });

const host: BrowserHost = await startBrowserHost({
  userDataDir: config.userDataDir,
  sandbox: { ready: config.ready },
  keychain: new MemoryKeychain(),
  log: silentLogger,
  probe: new URL('./hostProbe.ts', import.meta.url).href,
});
histogram.enable();

async function answer(request: HostRequest): Promise<unknown> {
  switch (request.op) {
    case 'launchUrl':
      return host.launchUrl();
    case 'onboard':
      return (await host.core.router.handle('connection.completeOnboarding', {})).ok;
    case 'sync':
      return host.core.probe('sync');
    case 'fullSync':
      return host.core.probe('fullSync');
    case 'reset':
      histogram.reset();
      collections.max = 0;
      collections.maxKind = '';
      collections.over10 = 0;
      resetAt = performance.now();
      utilizationAt = performance.eventLoopUtilization();
      return null;
    case 'read':
      return {
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        mean: ms(histogram.mean),
        samples: histogram.count,
        seconds: (performance.now() - resetAt) / 1000,
        utilization: performance.eventLoopUtilization(utilizationAt).utilization,
        gcMax: collections.max,
        gcMaxKind: collections.maxKind,
        gcOver10: collections.over10,
      } satisfies LoopFigures;
    case 'profileStart':
      inspector = new InspectorSession();
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 500 });
      await inspector.post('Profiler.start');
      return null;
    case 'profileStop': {
      if (!inspector) return null;
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(request.path ?? 'host.cpuprofile', JSON.stringify(profile));
      inspector.disconnect();
      inspector = null;
      return request.path ?? 'host.cpuprofile';
    }
    case 'stop':
      histogram.disable();
      await host.stop();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (message: HostRequest) => {
  answer(message).then(
    (value) => process.send?.({ id: message.id, value }),
    (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.send?.({ id: 0, value: 'ready' });
