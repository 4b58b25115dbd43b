import { randomBytes } from 'node:crypto';
import { linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file in a data folder: one process at a time runs a core on one library. */
export const LOCK_FILE_NAME = 'cast-studio.lock';

export type DataFolderLock = {
  readonly path: string;
  /** Removes the lock file if it is still this process's own. Safe to call twice. */
  release(): void;
};

/** Thrown when another living process holds the folder; its message is the sentence to show. */
export class DataFolderInUse extends Error {
  readonly pid: number;

  constructor(dir: string, pid: number) {
    super(`Another Cast Studio (process ${pid}) is already using the data folder ${dir}; close it first, or choose another data folder.`);
    this.name = 'DataFolderInUse';
    this.pid = pid;
  }
}

/** Whether a process with this id is running: `kill(pid, 0)` checks without signalling. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dir`'s lock for this process, the way the desktop app's single-instance lock does: a
 * lock file created exclusively, holding the owner's pid. A lock whose pid no longer runs (the
 * owner was killed, the machine lost power) is stale and taken over; a living owner refuses with
 * DataFolderInUse. The lock is released on `release()` and when this process exits normally.
 *
 * `alive` is passed in so tests can say which pids run.
 */
export function acquireDataFolderLock(dir: string, alive: (pid: number) => boolean = processAlive): DataFolderLock {
  const path = join(dir, LOCK_FILE_NAME);
  const mine = `${JSON.stringify({ pid: process.pid, token: randomBytes(8).toString('hex') })}\n`;
  // Three rounds: a takeover can lose a race to a third process, which then holds the lock fairly.
  for (let round = 0; round < 3; round += 1) {
    if (createExclusive(path, mine)) return ownLock(path, mine);
    const held = readLock(path);
    if (held === null) continue; // gone between the two calls: try again
    if (held.pid !== null && alive(held.pid)) throw new DataFolderInUse(dir, held.pid);
    takeOver(path, held.text);
  }
  const held = readLock(path);
  throw new DataFolderInUse(dir, held?.pid ?? 0);
}

function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's text and owner; a lock that cannot be parsed (a half-written file) has no owner. */
function readLock(path: string): { text: string; pid: number | null } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const { pid } = JSON.parse(text) as { pid?: unknown };
    return { text, pid: typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 ? pid : null };
  } catch {
    return { text, pid: null };
  }
}

/**
 * Removes a stale lock only if it is still the stale one: moved aside atomically, then checked;
 * a fresh lock that a faster process wrote meanwhile is put back (link fails rather than overwrite).
 */
function takeOver(path: string, staleText: string): void {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== staleText) {
    try {
      linkSync(aside, path);
    } catch {
      // A third process holds the lock now; the next round sees it.
    }
  }
  unlinkSync(aside);
}

function ownLock(path: string, mine: string): DataFolderLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.once('exit', release);
  return { path, release };
}
