import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataFolderLock, DataFolderInUse, LOCK_FILE_NAME, processAlive } from '../../../../../electron/core/app/dataFolderLock.ts';

/** The pid of a process that has run and ended: no process has it now (pids are not reused at once). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the owner’s pid, refuses a second taker in one sentence, and frees the folder on release', () => {
    const lock = acquireDataFolderLock(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid });
    let refusal: unknown;
    try {
      acquireDataFolderLock(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderInUse);
    expect((refusal as Error).message).toBe(
      `Another Cast Studio (process ${process.pid}) is already using the data folder ${dir}; close it first, or choose another data folder.`,
    );
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataFolderLock(dir).release();
  });

  it('takes over a lock whose owner no longer runs', () => {
    const pid = deadPid();
    expect(processAlive(pid)).toBe(false);
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid, token: 'old' }));
    const lock = acquireDataFolderLock(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock it cannot read (half written when its owner died)', () => {
    writeFileSync(join(dir, LOCK_FILE_NAME), '{"pid": 12');
    acquireDataFolderLock(dir).release();
  });

  it('refuses while another living process holds it, and never removes that process’s lock', () => {
    // The parent of this test runner is alive and is not this process.
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, token: 'theirs' }));
    expect(() => acquireDataFolderLock(dir)).toThrow(`Another Cast Studio (process ${process.ppid})`);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8'))).toEqual({ pid: process.ppid, token: 'theirs' });
  });

  it('leaves a lock alone on release once another process has taken it over', () => {
    const lock = acquireDataFolderLock(dir);
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, token: 'newer' }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
  });
});
