import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small volume of its own (a tmpfs), or why there is none here: mounting one needs root. */
export type SmallVolume = {
  dir: string;
  /** Why no volume could be mounted (the test is skipped with it), else null. */
  problem: string | null;
  /** A file that takes every free byte of the volume; `empty()` removes it. */
  fill: () => void;
  empty: () => void;
  freeBytes: () => number;
  unmount: () => void;
};

export function mountSmallVolume(size: string): SmallVolume {
  const dir = mkdtempSync(join(tmpdir(), 'cast-small-volume-'));
  const filler = join(dir, 'filler');
  let problem: string | null = null;
  if (process.getuid?.() !== 0) problem = 'mounting a small tmpfs needs root';
  else {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    } catch (error) {
      problem = `mounting a small tmpfs was refused (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    }
  }
  if (problem) rmSync(dir, { recursive: true, force: true });
  return {
    dir,
    problem,
    fill: () => {
      // Large writes first, then ever smaller ones: the last byte goes too.
      for (let chunk = 256 * 1024; chunk >= 1; chunk = Math.floor(chunk / 2)) {
        for (;;) {
          try {
            writeFileSync(filler, Buffer.alloc(chunk, 1), { flag: 'a' });
          } catch {
            break;
          }
        }
      }
    },
    empty: () => rmSync(filler, { force: true }),
    freeBytes: () => {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    },
    unmount: () => {
      if (!problem) execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
