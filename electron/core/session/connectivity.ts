import { backoffMs, type RetryPolicy } from '../api/retryPolicy.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';

const PROBE: RetryPolicy = { baseMs: 1_000, capMs: 15_000, maxAttempts: 1, maxRetryAfterMs: 15_000 };

/**
 * Online or not, learned from every request: an answer means online; a failure to connect means
 * offline. While offline a cheap probe runs with backoff; when it is answered everything resumes.
 */
export class Connectivity {
  private readonly deps: { clock: Clock; random: () => number; log: Logger; probe: () => Promise<void>; changed: (online: boolean) => void };
  private state = true;
  private probes = 0;
  private timer: unknown = null;
  private stopped = false;

  constructor(deps: Connectivity['deps']) {
    this.deps = deps;
  }

  get online(): boolean {
    return this.state;
  }

  reachable(): void {
    if (this.state) return;
    this.state = true;
    this.probes = 0;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.deps.log.info('The service is reachable again.');
    this.deps.changed(true);
  }

  unreachable(): void {
    if (!this.state) return;
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
    if (this.stopped || this.state || this.timer !== null) return;
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
