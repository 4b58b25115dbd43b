import { isTerminal, type AudioTrack, type Character, type Generation, type Voice } from '../../../shared/api/index.ts';
import type { ApiClient } from '../api/apiClient.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';

export type FollowedKind = 'character' | 'generation' | 'voice' | 'audio';

export type Observation =
  | { kind: 'character'; record: Character }
  | { kind: 'generation'; record: Generation }
  | { kind: 'voice'; record: Voice }
  | { kind: 'audio'; record: AudioTrack }
  | { kind: FollowedKind; deleted: string };

export type PollIntervals = {
  /** The first polls of a new resource (and every poll right after the window gains focus). */
  fastMs: number;
  factor: number;
  /** Longest wait while the window has focus. */
  capMs: number;
  /** Longest wait while the window is in the background. */
  backgroundCapMs: number;
};

// Half a second first: a completion is seen within about that while things are changing (the
// batch goes back to fastMs whenever a round brought news); quiet resources back off from there.
export const DEFAULT_INTERVALS: PollIntervals = { fastMs: 500, factor: 1.5, capMs: 15_000, backgroundCapMs: 60_000 };

export type PollerDeps = {
  api: () => ApiClient | null;
  /** Online with a usable key. */
  canPoll: () => boolean;
  /** Receives every fresh record (and deletions); terminal ones are untracked right after. */
  observe: (observation: Observation) => void;
  clock: Clock;
  random: () => number;
  log: Logger;
  intervals?: PollIntervals;
  /** From this many generations in flight, they are followed through the list endpoint in batches. */
  batchThreshold?: number;
};

type Tracked = { kind: FollowedKind; id: string; intervalMs: number; dueAt: number; since: number };

/**
 * Follows every non-terminal resource to a terminal state (spec 3: clients poll). Each resource has
 * its own adaptive interval: fast first, then backing off with jitter up to a cap, fast again when
 * the window gains focus. Many generations in flight are followed through `GET /v1/generations`
 * with the status filter instead of one request each. Nothing in flight means no timer and no request.
 */
export class Poller {
  private readonly deps: PollerDeps;
  private readonly intervals: PollIntervals;
  private readonly tracked = new Map<string, Tracked>();
  private readonly batchThreshold: number;
  private batch: { intervalMs: number; dueAt: number; sinceServer: number | null } | null = null;
  /** false once the service refused `updated_after`: the batch then lists what is still in flight. */
  private updatedAfterWorks = true;
  private serverOffsetMs = 0;
  private focused = true;
  private timer: unknown = null;
  private running = false;
  private stopped = false;

  constructor(deps: PollerDeps) {
    this.deps = deps;
    this.intervals = deps.intervals ?? DEFAULT_INTERVALS;
    this.batchThreshold = deps.batchThreshold ?? 6;
  }

  get size(): number {
    return this.tracked.size;
  }

  isTracking(kind: FollowedKind, id: string): boolean {
    return this.tracked.has(`${kind}:${id}`);
  }

  track(kind: FollowedKind, id: string): void {
    const key = `${kind}:${id}`;
    const now = this.deps.clock.now();
    const existing = this.tracked.get(key);
    if (existing) {
      existing.intervalMs = this.intervals.fastMs;
      existing.dueAt = Math.min(existing.dueAt, now + this.intervals.fastMs);
    } else {
      const followedByBatch = kind === 'generation' && this.batch !== null;
      this.tracked.set(key, { kind, id, intervalMs: this.intervals.fastMs, dueAt: now + (followedByBatch ? this.safetyNetMs() : this.intervals.fastMs), since: now });
    }
    if (this.batch) this.batch.dueAt = Math.min(this.batch.dueAt, now + this.intervals.fastMs);
    this.schedule();
  }

  untrack(kind: FollowedKind, id: string): void {
    this.tracked.delete(`${kind}:${id}`);
    this.schedule();
  }

  /** Window focus: back to fast polling for everything in flight. */
  setFocused(focused: boolean): void {
    this.focused = focused;
    if (!focused) return;
    const now = this.deps.clock.now();
    for (const t of this.tracked.values()) {
      t.intervalMs = this.intervals.fastMs;
      if (!(t.kind === 'generation' && this.batch)) t.dueAt = Math.min(t.dueAt, now);
    }
    if (this.batch) {
      this.batch.intervalMs = this.intervals.fastMs;
      this.batch.dueAt = now;
    }
    this.schedule();
  }

  /** Connectivity came back or the key was replaced. */
  wake(): void {
    const now = this.deps.clock.now();
    for (const t of this.tracked.values()) if (!(t.kind === 'generation' && this.batch)) t.dueAt = Math.min(t.dueAt, now + this.intervals.fastMs);
    if (this.batch) this.batch.dueAt = Math.min(this.batch.dueAt, now + this.intervals.fastMs);
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private safetyNetMs(): number {
    return this.intervals.backgroundCapMs * 2;
  }

  private generationsInFlight(): number {
    let n = 0;
    for (const t of this.tracked.values()) if (t.kind === 'generation') n += 1;
    return n;
  }

  private batching(): boolean {
    return this.generationsInFlight() >= this.batchThreshold;
  }

  private schedule(): void {
    if (this.stopped || this.running) return;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.tracked.size === 0) {
      this.batch = null;
      return;
    }
    const batching = this.batching();
    const now = this.deps.clock.now();
    if (batching && !this.batch) {
      this.batch = { intervalMs: this.intervals.fastMs, dueAt: now + this.intervals.fastMs, sinceServer: null };
      for (const t of this.tracked.values()) if (t.kind === 'generation') t.dueAt = Math.max(t.dueAt, now + this.safetyNetMs());
    }
    if (!batching && this.batch) {
      this.batch = null;
      for (const t of this.tracked.values()) if (t.kind === 'generation') t.dueAt = Math.min(t.dueAt, now + t.intervalMs);
    }
    // In batch mode a generation's own timer is only a slow safety net (deleted or missed records).
    let due = this.batch ? this.batch.dueAt : Number.POSITIVE_INFINITY;
    for (const t of this.tracked.values()) due = Math.min(due, t.dueAt);
    const wait = Math.max(0, due - now);
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, wait);
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = true;
    try {
      if (!this.deps.canPoll()) {
        this.postponeAll();
        return;
      }
      const now = this.deps.clock.now();
      if (this.batch && this.batch.dueAt <= now) await this.pollBatch();
      const due = [...this.tracked.values()].filter((t) => t.dueAt <= this.deps.clock.now());
      // A few at a time: one keep-alive pool per origin serves them without a burst of sockets.
      for (let i = 0; i < due.length && !this.stopped; i += 4) {
        await Promise.all(due.slice(i, i + 4).map((t) => this.pollOne(t)));
      }
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  private postponeAll(): void {
    const now = this.deps.clock.now();
    const cap = this.focused ? this.intervals.capMs : this.intervals.backgroundCapMs;
    for (const t of this.tracked.values()) t.dueAt = Math.max(t.dueAt, now + cap);
    if (this.batch) this.batch.dueAt = Math.max(this.batch.dueAt, now + cap);
  }

  private nextInterval(current: number, changed: boolean): number {
    const cap = this.focused ? this.intervals.capMs : this.intervals.backgroundCapMs;
    return changed ? this.intervals.fastMs : Math.min(cap, current * this.intervals.factor);
  }

  /** Full jitter on top of the interval keeps many resources from polling in lockstep. */
  private jittered(intervalMs: number): number {
    return Math.round(intervalMs * (0.75 + this.deps.random() * 0.5));
  }

  private async pollOne(t: Tracked): Promise<void> {
    const api = this.deps.api();
    if (!api) return;
    let observation: Observation;
    try {
      observation = await this.fetch(api, t);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) {
        observation = { kind: t.kind, deleted: t.id };
      } else {
        if (!(error instanceof ServiceError) || error.status !== 0) this.deps.log.warn('A poll failed.', { kind: t.kind, id: t.id, code: error instanceof ServiceError ? error.code : 'unknown' });
        t.intervalMs = this.nextInterval(t.intervalMs, false);
        t.dueAt = this.deps.clock.now() + this.jittered(t.intervalMs);
        return;
      }
    }
    this.settle(t, observation);
  }

  private settle(t: Tracked, observation: Observation): void {
    const terminal = 'deleted' in observation || isTerminal(observation.kind, observation.record.status);
    if (terminal) this.tracked.delete(`${t.kind}:${t.id}`);
    else {
      t.intervalMs = this.nextInterval(t.intervalMs, false);
      const individual = t.kind === 'generation' && this.batching() ? this.safetyNetMs() : t.intervalMs;
      t.dueAt = this.deps.clock.now() + this.jittered(individual);
    }
    try {
      this.deps.observe(observation);
    } catch (error) {
      this.deps.log.error('Recording a polled record failed.', { kind: t.kind, id: t.id, error });
    }
  }

  private async fetch(api: ApiClient, t: Tracked): Promise<Observation> {
    switch (t.kind) {
      case 'character':
        return { kind: 'character', record: await api.character(t.id) };
      case 'generation':
        return { kind: 'generation', record: await api.generation(t.id) };
      case 'voice':
        return { kind: 'voice', record: await api.voice(t.id) };
      case 'audio':
        return { kind: 'audio', record: await api.audio(t.id) };
    }
  }

  /**
   * One round for all generations in flight. With `updated_after` (a documented decision of the
   * service contract), the finished ones arrive in two filtered lists; otherwise the round lists
   * what is still pending or processing and fetches only the ones that left those lists.
   */
  private async pollBatch(): Promise<void> {
    const batch = this.batch;
    const api = this.deps.api();
    if (!batch || !api) return;
    const started = this.deps.clock.now();
    let changed = false;
    try {
      if (this.updatedAfterWorks) {
        const since = batch.sinceServer ?? this.serverTime(this.earliestGenerationSince()) - 10_000;
        const dates: number[] = [];
        // Both lists at once: a round costs one round trip, not two.
        const lists = await Promise.allSettled(
          (['completed', 'failed'] as const).map(async (status) => {
            for await (const page of api.generations({ status, updated_after: new Date(since).toISOString(), limit: 100 })) {
              const at = page.date ? this.learnServerTime(page.date) : null;
              if (at !== null) dates.push(at);
              for (const record of page.items) {
                const t = this.tracked.get(`generation:${record.id}`);
                if (t) {
                  this.settle(t, { kind: 'generation', record });
                  changed = true;
                }
              }
            }
          }),
        );
        for (const list of lists) if (list.status === 'rejected') throw list.reason;
        const newestDate = dates.length ? Math.max(...dates) : null;
        // Overlap the next window by a margin: the Date header has one-second resolution.
        batch.sinceServer = (newestDate ?? this.serverTime(started)) - 10_000;
      } else {
        const inFlight = new Set<string>();
        for (const status of ['pending', 'processing'] as const) {
          for await (const page of api.generations({ status, limit: 100 })) {
            if (page.date) this.learnServerTime(page.date);
            for (const record of page.items) inFlight.add(record.id);
          }
        }
        const left = [...this.tracked.values()].filter((t) => t.kind === 'generation' && !inFlight.has(t.id));
        for (const t of left) {
          await this.pollOne(t);
          changed = true;
        }
      }
    } catch (error) {
      if (error instanceof ServiceError && (error.code === 'validation_error' || error.code === 'invalid_filter') && this.updatedAfterWorks) {
        this.deps.log.warn('The service does not filter by updated_after; batches list in-flight generations instead.');
        this.updatedAfterWorks = false;
        batch.dueAt = this.deps.clock.now();
        return;
      }
      this.deps.log.warn('A batch poll failed.', { code: error instanceof ServiceError ? error.code : 'unknown' });
    }
    batch.intervalMs = this.nextInterval(batch.intervalMs, changed);
    batch.dueAt = this.deps.clock.now() + this.jittered(batch.intervalMs);
  }

  private earliestGenerationSince(): number {
    let earliest = this.deps.clock.now();
    for (const t of this.tracked.values()) if (t.kind === 'generation') earliest = Math.min(earliest, t.since);
    return earliest;
  }

  private serverTime(localMs: number): number {
    return localMs + this.serverOffsetMs;
  }

  private learnServerTime(date: string): number | null {
    const at = Date.parse(date);
    if (Number.isNaN(at)) return null;
    this.serverOffsetMs = at - this.deps.clock.now();
    return at;
  }
}
