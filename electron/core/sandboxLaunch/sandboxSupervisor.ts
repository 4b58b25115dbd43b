import type { SandboxReady } from '../../../shared/api/sandboxAdmin.ts';
import { backoffMs, type RetryPolicy } from '../api/retryPolicy.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';
import type { LaunchedSandbox, SandboxLauncher } from './sandboxOutput.ts';

/** Waits between restarts of a sandbox that keeps stopping: 1 s, 2 s, 4 s… up to 30 s, with jitter. */
const RESTART: RetryPolicy = { baseMs: 1_000, capMs: 30_000, maxAttempts: 1, inlineRetryAfterMs: 30_000 };
/** A sandbox up this long before it stopped is started again at once, not after the backoff so far. */
const STABLE_MS = 60_000;

export type SandboxSupervisorDeps = {
  launch: SandboxLauncher;
  dataDir: string;
  /** The key the sandbox keeps for its seeded user (read again at each start). */
  apiKey: () => string | null;
  clock: Clock;
  random: () => number;
  log: Logger;
  /** The process stopped on its own: the app is offline until it is back. */
  onSandboxDown: () => void;
  /** It is back (its address may differ when its port was taken meanwhile). */
  onSandboxUp: (ready: SandboxReady) => void;
};

/**
 * Keeps the embedded sandbox running, in core so both shells get it: notices at once when its
 * process ends on its own, starts it again with backoff (on the same port: the sandbox remembers
 * it in its data folder), and says so on both sides. `stop()` ends it for good.
 */
export class SandboxSupervisor {
  private readonly deps: SandboxSupervisorDeps;
  private current: LaunchedSandbox | null = null;
  private restarts = 0;
  private timer: unknown = null;
  private stopped = false;
  private upSince = 0;
  /** A restart under way: `stop()` waits for it, so no sandbox it starts outlives the stop. */
  private restarting: Promise<void> | null = null;

  constructor(deps: SandboxSupervisorDeps) {
    this.deps = deps;
  }

  /** The process id of the running sandbox, where the shell knows it (tests kill it by this). */
  get pid(): number | undefined {
    return this.current?.pid;
  }

  /** Starts the sandbox for the first time; fails when it does not start. */
  async start(): Promise<SandboxReady> {
    const launched = await this.deps.launch({ dataDir: this.deps.dataDir, apiKey: this.deps.apiKey() });
    this.adopt(launched);
    return launched.ready;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    const launched = this.current;
    this.current = null;
    await Promise.all([launched?.stop(), this.restarting]);
  }

  private adopt(launched: LaunchedSandbox): void {
    if (this.stopped) {
      void launched.stop();
      return;
    }
    this.current = launched;
    this.upSince = this.deps.clock.now();
    void launched.exited?.then(() => {
      if (this.stopped || this.current !== launched) return;
      this.current = null;
      if (this.deps.clock.now() - this.upSince >= STABLE_MS) this.restarts = 0;
      this.deps.log.warn('The embedded sandbox stopped; starting it again.');
      this.deps.onSandboxDown();
      this.restartLater();
    });
  }

  private restartLater(): void {
    if (this.stopped || this.timer !== null) return;
    // The first restart is at once; then windows of 1 s, 2 s, 4 s… (backoff retry 0, 1, 2…), never under a second.
    const wait = this.restarts === 0 ? 0 : Math.max(RESTART.baseMs, backoffMs(RESTART, this.restarts - 1, this.deps.random));
    this.restarts += 1;
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      const run = this.restart().finally(() => {
        if (this.restarting === run) this.restarting = null;
      });
      this.restarting = run;
    }, wait);
  }

  private async restart(): Promise<void> {
    if (this.stopped) return;
    try {
      const launched = await this.deps.launch({ dataDir: this.deps.dataDir, apiKey: this.deps.apiKey() });
      if (this.stopped) {
        await launched.stop();
        return;
      }
      this.adopt(launched);
      this.deps.log.info('The embedded sandbox is running again.');
      this.deps.onSandboxUp(launched.ready);
    } catch (error) {
      this.deps.log.error('The embedded sandbox did not start again; trying later.', { error });
      this.restartLater();
    }
  }
}
