import { createHash, randomBytes } from 'node:crypto';
import { linkSync, lstatSync, renameSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The lock in a data folder (a Unix domain socket): one process at a time runs a core on one library. */
export const LOCK_FILE_NAME = 'cast-studio.lock';

/** What the holder answers a process that connects to its lock: the app's name and its pid. */
const GREETING_APP = 'cast-studio';
/** How long a connected prober waits for the holder's answer (a frozen holder answers nothing). */
const ANSWER_TIMEOUT_MS = 2_000;
/**
 * Unix socket paths are limited to 104 bytes (macOS) or 108 (Linux), terminator included; the
 * private name a socket is first bound under is 9 bytes longer than the lock's.
 */
const MAX_SOCKET_PATH_BYTES = 90;

export type DataFolderLock = {
  /** The socket's path, or the named pipe's on Windows. */
  readonly path: string;
  /** Stops listening and removes the socket if it is still this process's own. Safe to call twice. */
  release(): void;
};

/**
 * Thrown when another living Cast Studio holds the folder `dir` (`pid`: its process, when it
 * answered). The shell words it for the person from these (the desktop app's dialog); its message
 * is the log's and the browser host's terminal line.
 */
export class DataFolderInUseError extends Error {
  readonly dir: string;
  readonly pid: number | null;

  constructor(dir: string, pid: number | null, message: string) {
    super(message);
    this.name = 'DataFolderInUseError';
    this.dir = dir;
    this.pid = pid;
  }
}

function inUse(dir: string, pid: number | null): DataFolderInUseError {
  return new DataFolderInUseError(
    dir,
    pid,
    `Another Cast Studio${pid === null ? '' : ` (process ${pid})`} is already using the data folder ${dir}; close it first, or choose another data folder.`,
  );
}

/**
 * Takes `dir`'s lock for this process. The lock is held by the operating system, not by a pid in a
 * file: the holder listens on a Unix domain socket in the folder (a named pipe on Windows), as
 * Electron's single-instance lock does. It goes with the process however the process ends, so a
 * crash, a pid reused after a reboot, or a dead process not yet reaped never blocks a start:
 * - a socket that accepts a connection is a living holder, which answers with its pid: refused;
 * - a socket (or an older lock file) that refuses connections has no holder: it is removed and taken.
 *
 * The socket is bound under a private name and then hard-linked to the lock's name, which fails
 * if the name exists: two processes starting together cannot both take the lock.
 */
export async function acquireDataFolderLock(dir: string): Promise<DataFolderLock> {
  const path = lockPath(dir);
  if (process.platform === 'win32') return acquirePipe(dir, path);
  try {
    return await acquireSocket(dir, path);
  } catch (error) {
    // A folder on a file system without sockets (FAT, exFAT) refuses any; every process on it
    // meets the same refusal, so all of them take the lock in the temporary folder instead.
    const fallback = fallbackLockPath(dir);
    if (error instanceof DataFolderInUseError || path === fallback) throw error;
    return acquireSocket(dir, fallback);
  }
}

async function acquireSocket(dir: string, path: string): Promise<DataFolderLock> {
  // Three rounds: a takeover can lose a race to a third process, which then holds the lock fairly.
  for (let round = 0; round < 3; round += 1) {
    const bound = await bindPrivately(path);
    if (bound.linked) return ownLock(path, bound.server);
    bound.server.close();
    const holder = await probe(path);
    if (holder.alive) throw inUse(dir, holder.pid);
    takeOver(path, holder.ino);
  }
  const holder = await probe(path);
  throw inUse(dir, holder.alive ? holder.pid : null);
}

/**
 * The socket's path: in the data folder, or, when that path is too long for a socket, a name in the
 * temporary folder made from the data folder's path and this user, so every process finds the same one.
 */
export function lockPath(dir: string): string {
  if (process.platform === 'win32') return `\\\\.\\pipe\\cast-studio-${folderDigest(dir)}`;
  const inFolder = join(resolve(dir), LOCK_FILE_NAME);
  return Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH_BYTES ? inFolder : fallbackLockPath(dir);
}

/** The lock's name in the temporary folder, for a data folder that cannot hold it. */
export function fallbackLockPath(dir: string): string {
  return join(tmpdir(), `cs-${folderDigest(dir)}.lock`);
}

/** The same for every process of this user on this data folder. */
function folderDigest(dir: string): string {
  return createHash('sha256')
    .update(`${process.getuid?.() ?? ''}:${resolve(dir)}`)
    .digest('hex')
    .slice(0, 24);
}

/** Listens under a private name beside `path`, then links it to `path`; `linked` false: `path` exists. */
async function bindPrivately(path: string): Promise<{ server: Server; linked: boolean }> {
  const privateName = `${path}.${randomBytes(4).toString('hex')}`;
  const server = answeringServer();
  await listen(server, privateName);
  try {
    linkSync(privateName, path);
    return { server, linked: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      server.close();
      throw error;
    }
    return { server, linked: false };
  } finally {
    // The socket stays reachable under `path`; the private name is no longer needed.
    unlinkQuietly(privateName);
  }
}

/** Every connection is answered with this process's id, then closed. */
function answeringServer(): Server {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(`${JSON.stringify({ app: GREETING_APP, pid: process.pid })}\n`);
  });
  // A listening lock must never end the process over a client's error.
  server.on('error', () => undefined);
  return server;
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(path, () => {
      server.off('error', failed);
      resolvePromise();
    });
  });
}

type Holder = { alive: true; pid: number | null } | { alive: false; ino: number | null };

/**
 * Connects to the lock. A connection accepted is a living holder (the kernel accepts it even when
 * the holder is frozen: then no pid is read). Refused, or not a socket at all: nobody holds it.
 */
function probe(path: string): Promise<Holder> {
  const ino = inodeOf(path);
  return new Promise((resolvePromise) => {
    let text = '';
    let connected = false;
    const socket = createConnection(path);
    const timer = setTimeout(() => finish(), ANSWER_TIMEOUT_MS);
    function finish(): void {
      clearTimeout(timer);
      socket.destroy();
      resolvePromise(connected ? { alive: true, pid: pidIn(text) } : { alive: false, ino });
    }
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) finish();
    });
    socket.on('end', finish);
    socket.on('error', finish);
  });
}

function pidIn(text: string): number | null {
  try {
    const { app, pid } = JSON.parse(text.split('\n')[0] ?? '') as { app?: unknown; pid?: unknown };
    return app === GREETING_APP && typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function inodeOf(path: string): number | null {
  try {
    return lstatSync(path).ino;
  } catch {
    return null;
  }
}

/**
 * Removes a lock nobody holds, only if it is still the one that was probed: moved aside atomically,
 * then compared; a fresh lock that a faster process made meanwhile is put back.
 */
function takeOver(path: string, probedIno: number | null): void {
  const aside = `${path}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  if (probedIno === null || inodeOf(aside) !== probedIno) {
    try {
      linkSync(aside, path);
    } catch {
      // A third process holds the lock now; the next round sees it.
    }
  }
  unlinkQuietly(aside);
}

function ownLock(path: string, server: Server): DataFolderLock {
  const mine = inodeOf(path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    server.close();
    if (mine !== null && inodeOf(path) === mine) unlinkQuietly(path);
  };
  // Tidiness only: however the process ends, the socket stops accepting and the lock is free.
  process.once('exit', release);
  // The lock must not keep the process alive on its own.
  server.unref();
  return { path, release };
}

/** Windows: a named pipe is no file; it exists exactly while its holder listens. */
async function acquirePipe(dir: string, path: string): Promise<DataFolderLock> {
  const server = answeringServer();
  try {
    await listen(server, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await probe(path);
    throw inUse(dir, holder.alive ? holder.pid : null);
  }
  server.unref();
  let released = false;
  return {
    path,
    release: () => {
      if (released) return;
      released = true;
      server.close();
    },
  };
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
