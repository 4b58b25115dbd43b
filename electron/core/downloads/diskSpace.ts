import { statfs } from 'node:fs/promises';
import type { DiskSpace as DiskSpaceView } from '../../../shared/ipc/index.ts';
import type { Clock } from '../clock/clock.ts';
import { isDiskFull } from '../library/diskFull.ts';
import type { Logger } from '../log/logger.ts';

/**
 * Room kept free beyond what a file needs: the library's log, its write-ahead log and the app's own
 * log grow too, and a disk filled to the last byte fails every one of them.
 */
export const DEFAULT_MARGIN_BYTES = 64 * 1024 * 1024;
/** How often free space is read: while full, to resume as soon as there is room; else, to notice it filling. */
const FULL_CHECK_MS = 5_000;
const OK_CHECK_MS = 60_000;
/**
 * How long one reading serves the downloads that start after it: a burst of small files asks once,
 * not once per file (each reading is a system call on a worker thread). The margin covers what the
 * files started meanwhile take.
 */
const READING_KEPT_MS = 1_000;

export type DiskSpaceDeps = {
  /** A folder on the volume the library keeps its files on (the media folder). */
  folder: string;
  clock: Clock;
  log: Logger;
  /** The view changed (the page shows it). */
  changed: (view: DiskSpaceView) => void;
  /** There is room again: what waited for it may go. */
  back: () => void;
  marginBytes?: number;
  /** How often free space is read: while the disk is full (every 5 s in the product), and while it has room (every minute). */
  checkMs?: { full: number; ok: number };
  /** Free bytes on the folder's volume; by default the file system's own count (statfs). */
  freeBytes?: (folder: string) => Promise<number>;
};

const OK: DiskSpaceView = { state: 'ok', freeBytes: null };

/**
 * Whether the library's disk has room. A download asks before its first byte is written (its
 * declared length plus a margin); a write that met a full disk anyway says so here. While full,
 * downloads and new paid work wait, the page says why, and free space is read again every few
 * seconds: once there is room, everything that waited goes on by itself.
 */
export class DiskSpace {
  private readonly deps: DiskSpaceDeps;
  private current: DiskSpaceView = OK;
  /** Free bytes needed to leave the full state: the margin, or what the file that did not fit needs. */
  private needed = 0;
  private timer: unknown = null;
  private checking = false;
  private stopped = false;
  private reading: { at: number; free: number | null } | null = null;

  constructor(deps: DiskSpaceDeps) {
    this.deps = deps;
  }

  get view(): DiskSpaceView {
    return this.current;
  }

  get full(): boolean {
    return this.current.state === 'full';
  }

  private get margin(): number {
    return this.deps.marginBytes ?? DEFAULT_MARGIN_BYTES;
  }

  /** Starts watching: free space is read now and then now and again. */
  start(): void {
    void this.check();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Whether `bytes` more fit with the margin left over; when they do not, the disk counts as full
   * until they do. A volume whose free space cannot be read is taken to have room.
   */
  async room(bytes: number): Promise<boolean> {
    const now = this.deps.clock.now();
    if (!this.reading || now - this.reading.at >= READING_KEPT_MS) this.reading = { at: now, free: await this.free() };
    const { free } = this.reading;
    if (free === null || free >= bytes + this.margin) return true;
    this.becomeFull(bytes + this.margin, free);
    return false;
  }

  /** A write failed: when for want of space, the disk is full from now on (true), else nothing changes. */
  met(error: unknown): boolean {
    if (!isDiskFull(error)) return false;
    if (!this.full) this.becomeFull(this.margin, null);
    return true;
  }

  private becomeFull(needed: number, free: number | null): void {
    this.needed = Math.max(this.needed, needed);
    if (this.full && free === this.current.freeBytes) return;
    if (!this.full) this.deps.log.warn('The disk is full: downloads and new paid work wait for space.', { free, needed });
    this.set({ state: 'full', freeBytes: free });
    this.plan();
  }

  /** Reads free space and leaves (or enters) the full state; never throws. */
  private async check(): Promise<void> {
    if (this.checking || this.stopped) return;
    this.checking = true;
    try {
      const free = await this.free();
      if (this.stopped || free === null) return;
      if (this.full && free >= this.needed) this.becomeOk(free);
      else if (!this.full && free < this.margin) this.becomeFull(this.margin, free);
    } finally {
      this.checking = false;
      this.plan();
    }
  }

  private becomeOk(free: number): void {
    this.needed = 0;
    this.reading = null;
    this.deps.log.info('There is room on the disk again: downloads and paid work go on.', { free });
    this.set(OK);
    try {
      this.deps.back();
    } catch (error) {
      this.deps.log.error('Resuming after the disk had room again failed.', { error });
    }
  }

  private plan(): void {
    if (this.stopped) return;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    const wait = this.full ? (this.deps.checkMs?.full ?? FULL_CHECK_MS) : (this.deps.checkMs?.ok ?? OK_CHECK_MS);
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      void this.check();
    }, wait);
  }

  private set(view: DiskSpaceView): void {
    this.current = view;
    this.deps.changed(view);
  }

  private async free(): Promise<number | null> {
    try {
      if (this.deps.freeBytes) return await this.deps.freeBytes(this.deps.folder);
      const stats = await statfs(this.deps.folder);
      return stats.bavail * stats.bsize;
    } catch {
      return null;
    }
  }
}
