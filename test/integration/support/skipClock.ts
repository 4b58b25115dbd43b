import type { Clock } from '../../../electron/core/clock/clock.ts';

type Timer = { at: number; fn: () => void; handle: ReturnType<typeof setTimeout> | null };

/**
 * Real time that a test can jump forward: `skip(ms)` moves `now()` on and fires, in order, every
 * timer that falls due on the way; timers not yet due keep running on real time from there.
 */
export class SkipClock implements Clock {
  private offset = 0;
  private readonly timers = new Set<Timer>();

  now(): number {
    return Date.now() + this.offset;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer: Timer = { at: this.now() + Math.max(0, ms), fn, handle: null };
    this.timers.add(timer);
    this.arm(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    const timer = handle as Timer;
    if (timer.handle) clearTimeout(timer.handle);
    this.timers.delete(timer);
  }

  skip(ms: number): void {
    this.offset += ms;
    for (const timer of this.timers) {
      if (timer.handle) clearTimeout(timer.handle);
      this.arm(timer);
    }
  }

  private arm(timer: Timer): void {
    timer.handle = setTimeout(
      () => {
        this.timers.delete(timer);
        timer.fn();
      },
      Math.max(0, timer.at - this.now()),
    );
    timer.handle.unref?.();
  }
}
