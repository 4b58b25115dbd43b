import type { Job, Settings } from '../../../shared/ipc/index.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryRebuild } from '../library/libraryIntegrity.ts';
import type { Logger } from '../log/logger.ts';
import type { PollIntervals } from '../poller/poller.ts';
import type { ProfileRecord } from '../profiles/profileStore.ts';
import type { Emit } from '../records/resourceKinds.ts';
import type { ServiceDispatcher } from '../api/dispatcher.ts';

export type SessionOptions = {
  profile: ProfileRecord;
  apiKey: string | null;
  baseUrl: string;
  dispatcher: ServiceDispatcher;
  userDataDir: string;
  clock: Clock;
  random: () => number;
  log: Logger;
  emit: Emit;
  settings: () => Settings;
  /** The service refused the key: the profile needs a new one. */
  keyRejected: (code: string) => void;
  /** A request was answered with the key: it works (and was just used). */
  keyUsed: () => void;
  onlineChanged: (online: boolean) => void;
  /** What the connection's status shows changed without online changing (a failure's kind, the plan). */
  statusChanged?: () => void;
  tuning?: SessionTuning;
  /** The library file is new in place of a damaged one: rebuild it before taking paid work. */
  rebuild?: LibraryRebuild | null;
};

/** Knobs tests and the benchmark turn; the defaults are the product's. */
export type SessionTuning = {
  pollIntervals?: PollIntervals;
  batchThreshold?: number;
  concurrency?: Partial<Record<Job['kind'], number>>;
  downloadParallel?: number;
  /** How often history sync runs while online (plus up to 20% jitter); 5 minutes in the product. */
  syncPeriodMs?: number;
  /** How old the last full pass may be before a sync lists everything again; an hour in the product. */
  fullSyncPeriodMs?: number;
  /** How long after a job came into doubt its history may say it never ran (a minute in the product). */
  reconcileSettleMs?: number;
  /**
   * How long the library's start check waits before it begins, unless paid work needs its verdict
   * first (a second in the product; the session's own work starts after the check).
   */
  startCheckDelayMs?: number;
  /** Free space kept beyond what a download needs (64 MiB in the product). */
  diskMarginBytes?: number;
  /** How often free space is read while the disk is full (5 s in the product) and while it has room (a minute). */
  diskCheckMs?: { full: number; ok: number };
  /** Counts every HTTP attempt (benchmark). */
  onAttempt?: (request: { method: string; path: string; attempt: number }) => void;
};
