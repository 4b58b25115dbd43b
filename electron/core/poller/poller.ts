import { isTerminal, type ResourceKind } from '../../../shared/api/index.ts';
import type { ApiClient } from '../api/apiClient.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';
import type { KindRecord } from '../records/kindRecord.ts';
import { kindRule } from '../records/resourceKinds.ts';
import { olderThanAsked, type UpdatedAfterMode } from '../sync/updatedAfterSupport.ts';

/** A fresh record, or word that the service no longer has it. */
export type Observation = KindRecord | { kind: ResourceKind; deleted: string };

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
  api: ApiClient;
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
  /** What the connection's service does with `updated_after`, remembered across sessions; in memory by default. */
  updatedAfter?: UpdatedAfterMemory;
};

export interface UpdatedAfterMemory {
  readonly mode: UpdatedAfterMode;
  readonly usable: boolean;
  remember(mode: Exclude<UpdatedAfterMode, 'unknown'>): void;
}

type Batch = {
  intervalMs: number;
  dueAt: number;
  sinceServer: number | null;
  startedAt: number;
  /** List requests and generations settled by this batch, for pacing rounds by what they cost. */
  listed: number;
  listedBefore: number;
  settled: number;
};

/** List requests a batch may spend before anything finished (one round of the in-flight lists). */
const LIST_ALLOWANCE = 2;
/**
 * List requests earned by each generation the batch saw finish; its own read costs one more. With
 * the allowance, 30 finished jobs cost at most 1 + 0.3 + 2/30 ≈ 1.37 requests each, under the 1.5
 * the poller is held to even for small batches (a few reads repeat when a record leaves the lists
 * between two rounds).
 */
const LIST_REQUESTS_PER_FINISHED = 0.3;

/** A list asked with `updated_after` answered records finished before it. */
class FilterIgnored extends Error {}

function memoryOnly(): UpdatedAfterMemory {
  let mode: UpdatedAfterMode = 'unknown';
  return {
    get mode() {
      return mode;
    },
    get usable() {
      return mode === 'unknown' || mode === 'applied';
    },
    remember: (m) => {
      mode = m;
    },
  };
}

type Tracked = { kind: ResourceKind; id: string; intervalMs: number; dueAt: number; since: number };

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
  private batch: Batch | null = null;
  /** Once the service refused or ignored `updated_after`, the batch lists what is still in flight. */
  private readonly filter: UpdatedAfterMemory;
  private probed = false;
  private serverOffsetMs = 0;
  private focused = true;
  private timer: unknown = null;
  private running = false;
  private stopped = false;

  constructor(deps: PollerDeps) {
    this.deps = deps;
    this.intervals = deps.intervals ?? DEFAULT_INTERVALS;
    this.batchThreshold = deps.batchThreshold ?? 6;
    this.filter = deps.updatedAfter ?? memoryOnly();
  }

  get size(): number {
    return this.tracked.size;
  }

  isTracking(kind: ResourceKind, id: string): boolean {
    return this.tracked.has(`${kind}:${id}`);
  }

  track(kind: ResourceKind, id: string): void {
    const key = `${kind}:${id}`;
    const now = this.deps.clock.now();
    const existing = this.tracked.get(key);
    if (existing) {
      existing.intervalMs = this.intervals.fastMs;
      existing.dueAt = Math.min(existing.dueAt, now + this.intervals.fastMs);
    } else {
      const followedByBatch = kind === 'generation' && this.batch !== null;
      this.tracked.set(key, {
        kind,
        id,
        intervalMs: this.intervals.fastMs,
        dueAt: now + (followedByBatch ? this.safetyNetMs() : this.intervals.fastMs),
        since: now,
      });
    }
    if (this.batch) this.batch.dueAt = Math.min(this.batch.dueAt, now + this.intervals.fastMs);
    this.schedule();
  }

  untrack(kind: ResourceKind, id: string): void {
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
    for (const t of this.tracked.values())
      if (!(t.kind === 'generation' && this.batch)) t.dueAt = Math.min(t.dueAt, now + this.intervals.fastMs);
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
      this.batch = {
        intervalMs: this.intervals.fastMs,
        dueAt: now + this.intervals.fastMs,
        sinceServer: null,
        startedAt: now,
        listed: 0,
        listedBefore: 0,
        settled: 0,
      };
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
    const { api } = this.deps;
    let observation: Observation;
    try {
      observation = await this.fetch(api, t);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) {
        observation = { kind: t.kind, deleted: t.id };
      } else {
        if (!(error instanceof ServiceError) || error.status !== 0)
          this.deps.log.warn('A poll failed.', { kind: t.kind, id: t.id, code: error instanceof ServiceError ? error.code : 'unknown' });
        t.intervalMs = this.nextInterval(t.intervalMs, false);
        // A Retry-After is honoured whatever its length: the next poll is not a moment earlier.
        const retryAfter = error instanceof ServiceError ? (error.retryAfterMs ?? 0) : 0;
        t.dueAt = this.deps.clock.now() + Math.max(retryAfter, this.jittered(t.intervalMs));
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
      // Not recorded (a full disk refused the write): a finished record is read again later, so
      // its job settles and its files download once the library can take them.
      if (terminal && !this.tracked.has(`${t.kind}:${t.id}`)) {
        t.intervalMs = this.nextInterval(t.intervalMs, false);
        t.dueAt = this.deps.clock.now() + this.jittered(t.intervalMs);
        this.tracked.set(`${t.kind}:${t.id}`, t);
      }
    }
  }

  private async fetch(api: ApiClient, t: Tracked): Promise<Observation> {
    // The kind's rule reads a record of that kind, so the pair is one of KindRecord's.
    return { kind: t.kind, record: await kindRule(t.kind).read(api, t.id) } as Observation;
  }

  /**
   * One round for all generations in flight. Where `updated_after` works (not in spec 4.2: a
   * documented decision of our sandbox), the finished ones arrive in two filtered lists. Where the
   * service refuses or ignores it, the round lists what is still pending or processing (filters
   * spec 4.2 names) and reads only the ones that left those lists.
   */
  private async pollBatch(): Promise<void> {
    const batch = this.batch;
    const { api } = this.deps;
    if (!batch) return;
    let changed = false;
    try {
      if (this.filter.mode === 'unknown' && !this.probed) await this.probeUpdatedAfter(api);
      if (this.filter.usable) changed = await this.roundByUpdatedAfter(api, batch);
      else changed = await this.roundByInFlightLists(api, batch);
    } catch (error) {
      if (error instanceof FilterIgnored) {
        this.deps.log.warn('The service ignores updated_after; batches list in-flight generations instead.');
        this.filter.remember('ignored');
        batch.dueAt = this.deps.clock.now();
        return;
      }
      if (error instanceof ServiceError && (error.code === 'validation_error' || error.code === 'invalid_filter') && this.filter.usable) {
        this.deps.log.warn('The service does not filter by updated_after; batches list in-flight generations instead.');
        this.filter.remember('refused');
        batch.dueAt = this.deps.clock.now();
        return;
      }
      this.deps.log.warn('A batch poll failed.', { code: error instanceof ServiceError ? error.code : 'unknown' });
      if (error instanceof ServiceError && error.retryAfterMs !== null) {
        // The service said when to come back: not a moment earlier.
        batch.intervalMs = this.nextInterval(batch.intervalMs, false);
        batch.dueAt = this.deps.clock.now() + Math.max(error.retryAfterMs, this.jittered(batch.intervalMs));
        return;
      }
    }
    batch.intervalMs = this.pacedInterval(batch, changed);
    batch.dueAt = this.deps.clock.now() + this.jittered(batch.intervalMs);
  }

  /**
   * While the connection's answer is unknown, once per session: `updated_after` a day ahead of
   * now. A service that applies it answers nothing; one that ignores it answers its history (one
   * record is enough to tell). An empty history tells nothing, and rounds keep watching.
   */
  private async probeUpdatedAfter(api: ApiClient): Promise<void> {
    this.probed = true;
    const ahead = new Date(this.serverTime(this.deps.clock.now()) + 86_400_000).toISOString();
    for await (const page of api.generations({ status: 'completed', updated_after: ahead, limit: 1 })) {
      if (page.date) this.learnServerTime(page.date);
      if (page.items.length > 0) throw new FilterIgnored();
      break;
    }
  }

  private async roundByUpdatedAfter(api: ApiClient, batch: Batch): Promise<boolean> {
    const started = this.deps.clock.now();
    const since = batch.sinceServer ?? this.serverTime(this.earliestGenerationSince()) - 10_000;
    const dates: number[] = [];
    let changed = false;
    // Both lists at once: a round costs one round trip, not two.
    const lists = await Promise.allSettled(
      (['completed', 'failed'] as const).map(async (status) => {
        for await (const page of api.generations({ status, updated_after: new Date(since).toISOString(), limit: 100 })) {
          batch.listed += 1;
          // A record finished before the asked time: the filter was not applied, and paging on
          // would read the whole history. Stop at this page.
          if (page.items.some((record) => olderThanAsked(record, since))) throw new FilterIgnored();
          const at = page.date ? this.learnServerTime(page.date) : null;
          if (at !== null) dates.push(at);
          for (const record of page.items) {
            const t = this.tracked.get(`generation:${record.id}`);
            if (t) {
              this.settle(t, { kind: 'generation', record });
              batch.settled += 1;
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
    return changed;
  }

  private async roundByInFlightLists(api: ApiClient, batch: Batch): Promise<boolean> {
    const started = this.deps.clock.now();
    const inFlight = new Set<string>();
    await Promise.all(
      (['pending', 'processing'] as const).map(async (status) => {
        for await (const page of api.generations({ status, limit: 100 })) {
          batch.listed += 1;
          if (page.date) this.learnServerTime(page.date);
          for (const record of page.items) inFlight.add(record.id);
        }
      }),
    );
    // Only those tracked before the lists were asked for can be missing from them for a reason.
    const left: Tracked[] = [];
    for (const t of this.tracked.values()) {
      if (t.kind !== 'generation' || t.since >= started) continue;
      if (inFlight.has(t.id)) t.dueAt = Math.max(t.dueAt, this.deps.clock.now() + this.safetyNetMs());
      else left.push(t);
    }
    let changed = false;
    for (let i = 0; i < left.length && !this.stopped; i += 4) {
      await Promise.all(
        left.slice(i, i + 4).map(async (t) => {
          await this.pollOne(t);
          if (!this.tracked.has(`generation:${t.id}`)) {
            batch.settled += 1;
            changed = true;
          }
        }),
      );
    }
    return changed;
  }

  /**
   * The next batch interval. Fast after news, backing off otherwise; and where a round lists
   * everything in flight (its cost grows with what is in flight, not with what finished), rounds
   * are spaced so that list requests stay within LIST_REQUESTS_PER_FINISHED of each finished
   * generation: at most 1 + that many requests per completed job.
   */
  private pacedInterval(batch: Batch, changed: boolean): number {
    const interval = this.nextInterval(batch.intervalMs, changed);
    if (this.filter.usable) return interval;
    const now = this.deps.clock.now();
    const roundCost = Math.max(1, batch.listed - batch.listedBefore);
    batch.listedBefore = batch.listed;
    const deficit = batch.listed + roundCost - (LIST_ALLOWANCE + LIST_REQUESTS_PER_FINISHED * batch.settled);
    if (deficit <= 0) return interval;
    const cap = this.focused ? this.intervals.capMs : this.intervals.backgroundCapMs;
    const rate = batch.settled / Math.max(1, now - batch.startedAt);
    if (rate <= 0) return Math.max(interval, Math.min(cap, batch.intervalMs * this.intervals.factor));
    return Math.min(cap, Math.max(interval, deficit / (LIST_REQUESTS_PER_FINISHED * rate)));
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
