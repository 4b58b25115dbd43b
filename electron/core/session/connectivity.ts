import { backoffMs, type RetryPolicy } from '../api/retryPolicy.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';

/** Why requests are not getting through (offline ones), or that answers are server errors (online). */
export type ConnectivityProblem = 'offline' | 'unreachable' | 'untrusted_certificate' | 'service_error' | 'sandbox_restarting';

const PROBE: RetryPolicy = { baseMs: 1_000, capMs: 15_000, maxAttempts: 1, inlineRetryAfterMs: 15_000 };

/**
 * Online or not, learned from every request: an answer means online; a failure to connect means
 * offline. While offline a cheap probe runs with backoff; when it is answered everything resumes.
 */
export class Connectivity {
  private readonly deps: {
    clock: Clock;
    random: () => number;
    log: Logger;
    probe: () => Promise<void>;
    changed: (online: boolean) => void;
    /** The problem changed while online stayed the same (another failure, or server errors began or ended). */
    problemChanged?: (() => void) | undefined;
  };
  private state = true;
  private reason: Exclude<ConnectivityProblem, 'service_error'> = 'unreachable';
  private failing = false;
  private heard = false;
  private probes = 0;
  private timer: unknown = null;
  private stopped = false;
  /** The embedded sandbox's process stopped and its supervisor is starting it again (sandboxDown/sandboxUp). */
  private restarting = false;

  constructor(deps: Connectivity['deps']) {
    this.deps = deps;
  }

  get online(): boolean {
    return this.state;
  }

  /** True once the service answered at least once (until then the connection is being made). */
  get answeredOnce(): boolean {
    return this.heard;
  }

  /** What stands in the way now, or null when requests go through and are answered well. */
  get problem(): ConnectivityProblem | null {
    if (this.restarting) return 'sandbox_restarting';
    if (!this.state) return this.reason;
    return this.failing ? 'service_error' : null;
  }

  /** An answer arrived: online; a 5xx answer also says the service is failing, until a good answer. */
  answered(status: number): void {
    const failing = status >= 500;
    const changed = failing !== this.failing || !this.heard;
    this.failing = failing;
    this.heard = true;
    const wasOnline = this.state;
    this.reachable();
    if (changed && wasOnline) this.deps.problemChanged?.();
  }

  /** Offline because the embedded sandbox is being started again, not because of the network. */
  get sandboxRestarting(): boolean {
    return this.restarting;
  }

  /**
   * The embedded sandbox's process stopped (its supervisor says so the moment it happens): offline
   * at once, without waiting for a request to fail, and no probe: the supervisor says when it is back.
   */
  sandboxDown(): void {
    if (this.restarting) return;
    this.restarting = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.deps.log.warn('The local sandbox stopped; it is being started again.');
    if (!this.state) {
      this.deps.problemChanged?.();
      return;
    }
    this.failing = false;
    this.state = false;
    this.deps.changed(false);
  }

  /** The embedded sandbox is running again: online, and everything waiting resumes. */
  sandboxUp(): void {
    this.restarting = false;
    if (this.state) return;
    this.reachable();
  }

  reachable(): void {
    this.restarting = false;
    if (this.state) return;
    this.state = true;
    this.probes = 0;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.deps.log.info('The service is reachable again.');
    this.deps.changed(true);
  }

  unreachable(reason: Exclude<ConnectivityProblem, 'service_error'> = 'unreachable'): void {
    if (!this.state) {
      if (reason === this.reason) return;
      this.reason = reason;
      this.deps.problemChanged?.();
      return;
    }
    this.reason = reason;
    this.failing = false;
    this.state = false;
    this.deps.log.warn('The service is unreachable; waiting jobs will go out when it is back.');
    this.deps.changed(false);
    this.scheduleProbe();
  }

  /** Ask now (a user action, or the OS said the network changed). */
  checkNow(): void {
    if (this.state || this.stopped) return;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    void this.probe();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleProbe(): void {
    if (this.stopped || this.state || this.restarting || this.timer !== null) return;
    const wait = Math.max(PROBE.baseMs, backoffMs(PROBE, this.probes, this.deps.random));
    this.probes += 1;
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      void this.probe();
    }, wait);
  }

  private async probe(): Promise<void> {
    try {
      await this.deps.probe();
    } catch {
      // Any answer (even an error status) already marked us reachable through the observer.
    }
    if (!this.state) this.scheduleProbe();
  }
}
