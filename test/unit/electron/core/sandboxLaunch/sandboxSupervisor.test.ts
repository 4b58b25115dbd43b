import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxReady } from '../../../../../shared/api/index.ts';
import type { LaunchedSandbox } from '../../../../../electron/core/sandboxLaunch/sandboxOutput.ts';
import { SandboxSupervisor } from '../../../../../electron/core/sandboxLaunch/sandboxSupervisor.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { ManualClock } from '../support/manualClock.ts';

/** How long a real process may take to start or end on a busy machine before a wait gives up. */
const SETTLE = { timeout: 20_000, interval: 20 };

const READY: SandboxReady = {
  base_url: 'https://127.0.0.1:4100',
  cdn_url: 'https://127.0.0.1:4100/cdn',
  ca_cert: '/nowhere/ca.pem',
  api_key: 'k',
  admin_token: 't',
};

/** Every process the launcher started, so none outlives the test. */
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * A launcher whose "sandbox" is a real process that runs until it is killed, so the supervisor
 * hears a real exit. `failing` starts fail before any process is made; `hold` keeps the next start
 * waiting until the test lets it go.
 */
function processLauncher() {
  const state = { launches: 0, failing: 0, hold: null as Promise<void> | null, children: [] as ChildProcess[] };
  const launch = async (): Promise<LaunchedSandbox> => {
    state.launches += 1;
    if (state.failing > 0) {
      state.failing -= 1;
      throw new Error('The embedded sandbox stopped before it was ready (exit code 1).');
    }
    if (state.hold) await state.hold;
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    started.push(child);
    state.children.push(child);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', reject);
    });
    return {
      ready: READY,
      exited,
      pid: child.pid,
      stop: async () => {
        if (alive(child)) child.kill('SIGTERM');
        await exited;
      },
    };
  };
  return { state, launch };
}

function supervised(options: { random?: () => number } = {}) {
  const clock = new ManualClock();
  const launcher = processLauncher();
  const seen = { down: 0, up: 0 };
  const supervisor = new SandboxSupervisor({
    launch: launcher.launch,
    dataDir: '/nowhere',
    apiKey: () => null,
    clock,
    random: options.random ?? (() => 0.999),
    log: new CaptureLog(),
    onSandboxDown: () => void (seen.down += 1),
    onSandboxUp: () => void (seen.up += 1),
  });
  /** Kills the running sandbox's process as a crash would, and waits until the supervisor noticed. */
  const crash = async (): Promise<void> => {
    const before = seen.down;
    process.kill(supervisor.pid!, 'SIGKILL');
    await vi.waitFor(() => expect(seen.down).toBe(before + 1), SETTLE);
  };
  /** Lets the pending restart's wait pass and waits until the sandbox is back. */
  const restartAfter = async (wait: number): Promise<void> => {
    const { launches } = launcher.state;
    const ups = seen.up;
    expect(clock.pending()).toEqual([wait]);
    if (wait > 0) {
      clock.advance(wait - 1);
      expect(launcher.state.launches).toBe(launches);
    }
    clock.advance(wait > 0 ? 1 : 0);
    expect(launcher.state.launches).toBe(launches + 1);
    await vi.waitFor(() => expect(seen.up).toBe(ups + 1), SETTLE);
  };
  return { clock, launcher, seen, supervisor, crash, restartAfter };
}

describe('the embedded sandbox’s supervisor', () => {
  it('starts a sandbox that died at once, then after waits that grow up to the cap, and at once again after a stable run', async () => {
    const { clock, supervisor, crash, restartAfter } = supervised();
    await supervisor.start();
    await crash();
    await restartAfter(0);
    // Dying again soon after each start: the window doubles from 1 s up to the 30 s cap (full jitter, near its top here).
    for (const wait of [1_000, 1_998, 3_996, 7_992, 15_984, 29_970, 29_970]) {
      await crash();
      await restartAfter(wait);
    }
    // A minute up is a stable run: the next crash is answered at once, and the waits start over.
    clock.advance(60_000);
    await crash();
    await restartAfter(0);
    await crash();
    await restartAfter(1_000);
    await supervisor.stop();
  }, 60_000);

  it('never waits less than a second between starts that keep failing, whatever the jitter draws', async () => {
    const { launcher, supervisor, clock, crash, restartAfter } = supervised({ random: () => 0 });
    await supervisor.start();
    await crash();
    launcher.state.failing = 2;
    expect(clock.pending()).toEqual([0]);
    clock.advance(0);
    await vi.waitFor(() => expect(clock.pending()).toEqual([1_000]), SETTLE);
    clock.advance(1_000);
    await vi.waitFor(() => expect(clock.pending()).toEqual([1_000]), SETTLE);
    await restartAfter(1_000);
    expect(launcher.state.launches).toBe(4);
    await supervisor.stop();
  }, 60_000);

  it('cancels the restart it was waiting for when it is stopped', async () => {
    const { launcher, seen, supervisor, clock, crash, restartAfter } = supervised();
    await supervisor.start();
    await crash();
    await restartAfter(0);
    await crash();
    expect(clock.pending()).toEqual([1_000]);
    await supervisor.stop();
    expect(clock.pending()).toEqual([]);
    clock.advance(120_000);
    expect(launcher.state.launches).toBe(2);
    expect(seen.up).toBe(1);
    expect(launcher.state.children.filter(alive).map((c) => c.pid)).toEqual([]);
  }, 60_000);

  it('starts nothing once stopped, and a start under way when it stops is ended before stop() returns', async () => {
    const { launcher, seen, supervisor, clock } = supervised();
    await supervisor.start();
    const first = launcher.state.children[0]!;
    await supervisor.stop();
    // Its own stop is no crash: nothing is said and nothing is started.
    expect(alive(first)).toBe(false);
    expect(seen.down).toBe(0);
    expect(clock.pending()).toEqual([]);
    expect(launcher.state.launches).toBe(1);

    const second = supervised();
    await second.supervisor.start();
    await second.crash();
    let release!: () => void;
    second.launcher.state.hold = new Promise<void>((resolve) => (release = resolve));
    second.clock.advance(0);
    expect(second.launcher.state.launches).toBe(2);
    const stopping = second.supervisor.stop();
    release();
    await stopping;
    // The core that stopped it may exit now: no sandbox it started is left running.
    expect(second.launcher.state.children.filter(alive).map((c) => c.pid)).toEqual([]);
    expect(second.seen.up).toBe(0);
  }, 60_000);
});
