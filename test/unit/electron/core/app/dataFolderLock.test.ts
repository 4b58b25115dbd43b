import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataFolderLock,
  DataFolderInUseError,
  fallbackLockPath,
  LOCK_FILE_NAME,
  lockPath,
} from '../../../../../electron/core/app/dataFolderLock.ts';

const LOCK_MODULE = fileURLToPath(new URL('../../../../../electron/core/app/dataFolderLock.ts', import.meta.url));

/** A second process that takes the folder's lock, says `locked <pid>` and then waits to be ended. */
const HOLDER = `
const { acquireDataFolderLock } = await import(${JSON.stringify(LOCK_MODULE)});
await acquireDataFolderLock(process.argv[1]);
process.stdout.write('locked ' + process.pid + '\\n');
setInterval(() => undefined, 1 << 30);
`;

/** Resolves with the holder's pid once it holds the lock. */
function lockedBy(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /locked (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The holder exited (${code}) before taking the lock: ${err}`)));
  });
}

function startHolder(dir: string): { child: ChildProcess; pid: Promise<number> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', HOLDER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { child, pid: lockedBy(child) };
}

function ended(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Linux's view of a process: R, S, T (stopped), Z (dead, not yet reaped by its parent)… */
function processState(pid: number): string | null {
  try {
    return /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

function threadsOf(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return 0;
  }
}

async function refusal(dir: string): Promise<unknown> {
  return acquireDataFolderLock(dir).then(
    (lock) => {
      lock.release();
      return null;
    },
    (error: unknown) => error,
  );
}

describe('the data folder lock', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-lock-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill('SIGKILL');
      await ended(child);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a socket the operating system holds; a second taker is refused in one sentence; release frees the folder', async () => {
    const lock = await acquireDataFolderLock(dir);
    expect(lock.path).toBe(join(dir, LOCK_FILE_NAME));
    expect(lstatSync(lock.path).isSocket()).toBe(true);
    const error = await refusal(dir);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect((error as Error).message).toBe(
      `Another Cast Studio (process ${process.pid}) is already using the data folder ${dir}; close it first, or choose another data folder.`,
    );
    lock.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    (await acquireDataFolderLock(dir)).release();
  });

  it('refuses while another living Cast Studio holds the folder, naming its process', async () => {
    const holder = startHolder(dir);
    children.push(holder.child);
    const pid = await holder.pid;
    const error = await refusal(dir);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect((error as DataFolderInUseError).pid).toBe(pid);
    expect((error as Error).message).toContain(`Another Cast Studio (process ${pid}) is already using the data folder ${dir}`);
  });

  it('refuses while the holder is frozen and cannot even answer', async () => {
    const holder = startHolder(dir);
    children.push(holder.child);
    const pid = await holder.pid;
    process.kill(pid, 'SIGSTOP');
    try {
      const error = await refusal(dir);
      expect(error).toBeInstanceOf(DataFolderInUseError);
      expect((error as Error).message).toBe(
        `Another Cast Studio is already using the data folder ${dir}; close it first, or choose another data folder.`,
      );
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  it('starts on a folder whose old lock file names a living process that is not Cast Studio (process 1, a sleep)', async () => {
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 1, token: 'reused' }));
    const first = await acquireDataFolderLock(dir);
    first.release();

    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(sleeper);
    await new Promise((resolve) => sleeper.once('spawn', resolve));
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: sleeper.pid, token: 'reused' }));
    const second = await acquireDataFolderLock(dir);
    expect(lstatSync(second.path).isSocket()).toBe(true);
    second.release();
  });

  it('starts on a folder whose holder was killed, and on one whose killed holder is not yet reaped', async () => {
    const killed = startHolder(dir);
    children.push(killed.child);
    await killed.pid;
    killed.child.kill('SIGKILL');
    await ended(killed.child);
    expect(lstatSync(join(dir, LOCK_FILE_NAME)).isSocket()).toBe(true);
    (await acquireDataFolderLock(dir)).release();

    // The holder's parent never waits for it (`exec sleep`), so once killed it stays a zombie.
    const parent = spawn('sh', ['-c', `"$0" --input-type=module -e "$1" "$2" & exec sleep 60`, process.execPath, HOLDER, dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(parent);
    const zombie = await lockedBy(parent);
    process.kill(zombie, 'SIGKILL');
    // Z, and its last thread gone: the leader shows Z while its other threads still close its files.
    await expect.poll(() => `${processState(zombie)} ${threadsOf(zombie)}`).toBe('Z 1');
    (await acquireDataFolderLock(dir)).release();
  });

  it.skipIf(process.platform !== 'linux')('takes the lock in the temporary folder when the data folder cannot hold a socket', async () => {
    // sysfs holds no new files of any kind, as FAT and exFAT hold no sockets.
    const folder = '/sys/kernel';
    const lock = await acquireDataFolderLock(folder);
    try {
      expect(lock.path).toBe(fallbackLockPath(folder));
      expect(lstatSync(lock.path).isSocket()).toBe(true);
      expect(await refusal(folder)).toBeInstanceOf(DataFolderInUseError);
    } finally {
      lock.release();
    }
    expect(existsSync(lock.path)).toBe(false);
  });

  it('puts its socket under the temporary folder when the data folder’s path is too long for one', () => {
    const deep = join(dir, 'a'.repeat(120));
    const path = lockPath(deep);
    expect(path.startsWith(tmpdir())).toBe(true);
    expect(lockPath(deep)).toBe(path);
    expect(lockPath(join(dir, 'b'.repeat(120)))).not.toBe(path);
  });
});
