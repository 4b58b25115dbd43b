import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { keepPrivate, makePrivateDir, makePrivateFile } from '../app/privateFiles.ts';
import type { Logger } from '../log/logger.ts';
import { readDamagedJobs, type SalvagedRows } from './jobSalvageStore.ts';

/** `quick` is PRAGMA quick_check (every start); `full` is PRAGMA integrity_check (Settings → Library). */
export type IntegrityDepth = 'quick' | 'full';

/**
 * What a check found: `ok`; `damaged` (SQLite says the file is malformed or not a database);
 * `unreadable` (it could not look: the file is locked, missing permissions…), which is not damage
 * and never moves a file aside.
 */
/** A check's verdict; `log` is what SQLite (or the checking thread) said, for the log only. */
export type IntegrityFinding = { verdict: 'ok' } | { verdict: 'damaged'; log: string } | { verdict: 'unreadable'; log: string };

/** SQLITE_CORRUPT and SQLITE_NOTADB (primary codes): the file itself is damaged. */
const DAMAGE_CODES = new Set([11, 26]);

/**
 * The check runs on its own connection in a worker thread, so a long integrity_check of a large
 * library never holds up the thread that answers the window. The worker's code is inline (plain
 * CommonJS, no imports of ours) so the bundled main process needs no second entry file.
 */
const CHECK_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
if (workerData.background) {
  // The start check runs beside the window's first work: on Linux this lowers this thread alone.
  try {
    const os = require('node:os');
    if (os.platform() === 'linux' && os.getPriority(0) < os.constants.priority.PRIORITY_BELOW_NORMAL) os.setPriority(0, os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {}
}
let db = null;
let finding;
try {
  db = new DatabaseSync(workerData.path);
  const rows = db.prepare(workerData.depth === 'full' ? 'PRAGMA integrity_check(20)' : 'PRAGMA quick_check(20)').all();
  const lines = rows.map((row) => String(Object.values(row)[0]));
  finding = lines.length === 1 && lines[0] === 'ok' ? { verdict: 'ok' } : { verdict: 'damaged', log: lines.slice(0, 5).join('; ') };
} catch (error) {
  const code = Number(error && error.errcode) & 0xff;
  const log = String((error && error.message) || error);
  finding = { verdict: workerData.damageCodes.includes(code) ? 'damaged' : 'unreadable', log };
}
// Closed before answering: the caller may move the file next and must find it free.
try { if (db) db.close(); } catch {}
parentPort.postMessage(finding);
`;

/**
 * Runs PRAGMA quick_check or integrity_check on the library file at `path`, off the calling thread;
 * `background` lowers the checking thread's priority (Linux), for the check that runs while the app starts.
 */
export function checkIntegrity(path: string, depth: IntegrityDepth, options: { background?: boolean } = {}): Promise<IntegrityFinding> {
  return new Promise<IntegrityFinding>((resolve) => {
    const workerData = { path, depth, background: options.background ?? false, damageCodes: [...DAMAGE_CODES] };
    const worker = new Worker(CHECK_SOURCE, { eval: true, workerData });
    let settled = false;
    const settle = (finding: IntegrityFinding): void => {
      if (settled) return;
      settled = true;
      resolve(finding);
    };
    worker.once('message', (finding: IntegrityFinding) => settle(finding));
    worker.once('error', (error: Error) => settle({ verdict: 'unreadable', log: error.message }));
    worker.once('exit', (code) => settle({ verdict: 'unreadable', log: `The check stopped (exit code ${code}).` }));
  });
}

/** True when `error` is SQLite saying the file is malformed or not a database. */
export function isDamage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('errcode' in error)) return false;
  return DAMAGE_CODES.has(Number(error.errcode) & 0xff);
}

/**
 * Moves the damaged library and its -wal and -shm beside it, under one name with the time in it
 * (`library.damaged-2026-01-31T12-00-00-000Z.db`), so a new file can take its place and the old
 * one stays for anyone who wants to look. Returns where the database file went.
 */
export function moveAside(path: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const name = basename(path).replace(/\.db$/, '');
  let target = join(dirname(path), `${name}.damaged-${stamp}.db`);
  for (let n = 2; existsSync(target); n += 1) target = join(dirname(path), `${name}.damaged-${stamp}-${n}.db`);
  // The log and shared-memory files first: a database moved without its log would be read
  // without the commits the log holds, and a new file beside an old log would read them.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${target}${suffix}`);
  }
  if (existsSync(path)) renameSync(path, target);
  return target;
}

/**
 * A library started anew in place of a damaged one: where the damaged one went, why, and what
 * could be read of its job queue (unsent and in-doubt jobs go back into the new file).
 */
export type LibraryRebuild = { movedTo: string; detail: string; jobs: SalvagedRows };

export type CheckedOpenDeps = {
  now: () => number;
  log: Logger;
  /** Already known to be damaged (a failed check), and why: move it aside without checking again. */
  damaged?: string | null;
  /**
   * How long the start check waits before it reads the file, unless `check.now()` is called first:
   * on a start, the window's first screen goes first. Default 0.
   */
  checkAfterMs?: number;
};

/** A library opened by `openCheckedLibrary`, and its start check. */
export type CheckedLibrary<T> = {
  library: T;
  /**
   * What the quick check of the file found, once it has run beside the opened library: `damaged`
   * means it must be closed and opened again with `damaged` set. `ok` at once for a new file or one
   * just rebuilt.
   */
  checked: Promise<IntegrityFinding>;
  /**
   * The check while it waits to begin: `now()` begins it at once (paid work needs its verdict);
   * `cancel()` drops it (the library closed first), and `checked` then passes. Both do nothing once
   * it has begun.
   */
  check: StartCheck;
};

export type StartCheck = { now(): void; cancel(): void };

const CHECK_PASSED: IntegrityFinding = { verdict: 'ok' };
const NOTHING_WAITS: StartCheck = { now: () => undefined, cancel: () => undefined };

/** Settles with true after `ms` or at `now()`, with false at `cancel()`, whichever comes first. */
function waitToBegin(ms: number): StartCheck & { begins: Promise<boolean> } {
  let settle: (begin: boolean) => void = () => undefined;
  const begins = new Promise<boolean>((resolve) => (settle = resolve));
  const timer = setTimeout(() => settle(true), ms);
  // A check still waiting never keeps the process alive.
  timer.unref();
  const end = (begin: boolean) => {
    clearTimeout(timer);
    settle(begin);
  };
  return { begins, now: () => end(true), cancel: () => end(false) };
}

/** The quick check of the file at `path`, `deps.checkAfterMs` from now or when asked for. */
function startCheck(path: string, deps: CheckedOpenDeps): { checked: Promise<IntegrityFinding>; check: StartCheck } {
  const waiting = waitToBegin(deps.checkAfterMs ?? 0);
  const checked = waiting.begins.then(async (begin) => {
    if (!begin) return CHECK_PASSED;
    const finding = await checkIntegrity(path, 'quick', { background: true });
    if (finding.verdict === 'unreadable') deps.log.warn('The library could not be checked on start.', { detail: finding.log });
    return finding;
  });
  return { checked, check: waiting };
}

/**
 * Opens a profile's library with `open` at once and checks it beside it (PRAGMA quick_check reads
 * the whole file: about half a second for 100,000 items, which the window need not wait for),
 * `checkAfterMs` later or when `check.now()` asks for the verdict. A
 * file SQLite refuses as damaged while opening, or one already known to be damaged, is moved aside
 * and `open` runs again on a new file, told what happened so the library can be rebuilt. Any other
 * failure is thrown as is. The caller holds the library's paid work and its background work until
 * `checked` settles, and acts on a `damaged` finding.
 */
export async function openCheckedLibrary<T>(
  path: string,
  deps: CheckedOpenDeps,
  open: (rebuild: LibraryRebuild | null) => T,
): Promise<CheckedLibrary<T>> {
  let rebuild: LibraryRebuild | null = null;
  let checked: Promise<IntegrityFinding> = Promise.resolve(CHECK_PASSED);
  let check: StartCheck = NOTHING_WAITS;
  const prepare = (): void => {
    makePrivateDir(dirname(path));
    makePrivateFile(path);
    keepPrivate(`${path}-wal`);
    keepPrivate(`${path}-shm`);
  };
  // The damaged file is moved first, so the app starts on a new one whatever the salvage finds.
  const rebuildFrom = async (detail: string): Promise<LibraryRebuild> => {
    const movedTo = moveAside(path, deps.now());
    return { movedTo, detail, jobs: await readDamagedJobs(movedTo) };
  };
  if (deps.damaged && existsSync(path)) {
    rebuild = await rebuildFrom(deps.damaged);
  } else if (existsSync(path)) {
    ({ checked, check } = startCheck(path, deps));
  }
  try {
    prepare();
    return { library: open(rebuild), checked, check };
  } catch (error) {
    if (rebuild || !isDamage(error)) throw error;
    // The check's own connection is closed before the file moves (a file still open cannot be renamed everywhere).
    check.cancel();
    await checked;
    checked = Promise.resolve(CHECK_PASSED);
    rebuild = await rebuildFrom(error instanceof Error ? error.message : 'damaged');
    prepare();
    return { library: open(rebuild), checked, check: NOTHING_WAITS };
  } finally {
    if (rebuild) {
      deps.log.warn('The library was damaged; it was moved aside and a new one is being rebuilt.', {
        movedTo: rebuild.movedTo,
        detail: rebuild.detail,
        jobsRead: rebuild.jobs.rows.length,
        jobsLost: rebuild.jobs.countKnown ? rebuild.jobs.lost.length : 'unknown',
      });
    }
  }
}
