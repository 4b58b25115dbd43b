import type { Clock } from '../../../../../electron/core/clock/clock.ts';

type Timer = { at: number; fn: () => void; ms: number };

/** A clock that moves only when the test says so; its timers fire in time order as it moves. */
export class ManualClock implements Clock {
  private time: number;
  private readonly timers = new Set<Timer>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer: Timer = { at: this.time + Math.max(0, ms), fn, ms };
    this.timers.add(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as Timer);
  }

  /** The waits asked for by the timers still pending, oldest first. */
  pending(): number[] {
    return [...this.timers].map((t) => t.ms);
  }

  /** Moves time on by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const next = [...this.timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers.delete(next);
      this.time = next.at;
      next.fn();
    }
    this.time = until;
  }
}
