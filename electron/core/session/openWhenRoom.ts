import type { Clock } from '../clock/clock.ts';
import { DiskSpace } from '../downloads/diskSpace.ts';
import type { Logger } from '../log/logger.ts';
import type { Emit } from '../records/resourceKinds.ts';
import type { SessionTuning } from './sessionOptions.ts';

export type OpenWhenRoomDeps = {
  userDataDir: string;
  clock: Clock;
  log: Logger;
  emit: Emit;
  tuning?: SessionTuning | undefined;
  /** Opens the connection again (there is room now). */
  reopen: () => void;
};

/**
 * A connection that could not open because the disk is full (its library, or the built-in
 * sandbox's start, met it) waits for room: the page shows the disk as full, free space is read
 * every few seconds, and the connection is opened again once there is room. A start on a full disk
 * neither loops nor needs the creator to restart the app.
 */
export class OpenWhenRoom {
  private readonly deps: OpenWhenRoomDeps;
  private watching: DiskSpace | null = null;

  constructor(deps: OpenWhenRoomDeps) {
    this.deps = deps;
  }

  /** The disk as the page should see it while the connection waits for room, else null. */
  get space(): DiskSpace | null {
    return this.watching;
  }

  /** The open failed with `error`: when for want of room, waits for it (true); else nothing changes (false). */
  failed(error: unknown): boolean {
    if (this.watching) return this.watching.met(error);
    const { userDataDir, clock, log, emit, tuning } = this.deps;
    const space = new DiskSpace({
      folder: userDataDir,
      clock,
      log,
      changed: (view) => emit('disk.changed', view),
      back: () => {
        this.stop();
        this.deps.reopen();
      },
      ...(tuning?.diskMarginBytes !== undefined ? { marginBytes: tuning.diskMarginBytes } : {}),
      ...(tuning?.diskCheckMs !== undefined ? { checkMs: tuning.diskCheckMs } : {}),
    });
    if (!space.met(error)) return false;
    this.watching = space;
    log.warn('The connection waits for room on the disk to open.');
    return true;
  }

  stop(): void {
    this.watching?.stop();
    this.watching = null;
  }
}
