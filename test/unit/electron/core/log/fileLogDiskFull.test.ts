import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileLogSink, RedactingLogger } from '../../../../../electron/core/log/logger.ts';

/** A 1 MB tmpfs for the log's folder (mounting needs root); the reason it cannot be had, else null. */
function smallVolume(): { dir: string; problem: string | null } {
  const dir = mkdtempSync(join(tmpdir(), 'cast-log-disk-'));
  if (process.getuid?.() !== 0) return { dir, problem: 'mounting a small tmpfs needs root' };
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, problem: null };
  } catch {
    return { dir, problem: 'mounting a small tmpfs was refused' };
  }
}

const volume = smallVolume();

afterAll(() => {
  if (!volume.problem) execFileSync('umount', ['-l', volume.dir]);
  rmSync(volume.dir, { recursive: true, force: true });
});

/** Takes every free byte of the volume. */
function fill(path: string): void {
  for (let size = 256 * 1024; size >= 1; size = Math.floor(size / 2)) {
    for (;;) {
      try {
        writeFileSync(path, Buffer.alloc(size, 1), { flag: 'a' });
      } catch {
        break;
      }
    }
  }
}

const text = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

const until = async (test: () => boolean): Promise<void> => {
  while (!test()) await new Promise((r) => setTimeout(r, 20));
};

describe.skipIf(volume.problem !== null)(`the log on a full disk (${volume.problem ?? 'a 1 MB tmpfs'})`, () => {
  it('drops lines without failing the caller while the disk is full, and writes again once it has room', async () => {
    const path = join(volume.dir, 'logs', 'core.log');
    const filler = join(volume.dir, 'filler');
    const sink = new FileLogSink(path, { reopenAfterMs: 50 });
    const log = new RedactingLogger([sink]);
    log.info('before the disk filled');
    await until(() => text(path).includes('before the disk filled'));
    fill(filler);
    // Lines large enough that the stream must reach the disk, which refuses them.
    for (let i = 0; i < 50; i += 1) expect(() => log.warn(`while full ${i}`, { padding: 'x'.repeat(4_000) })).not.toThrow();
    await until(() => sink.failing);
    rmSync(filler);
    // Written again once the file is opened anew, saying how many lines were lost.
    await until(() => {
      log.info('after space came back');
      return text(path).includes('after space came back');
    });
    await sink.close();
    expect(readFileSync(path, 'utf8')).toMatch(/Log lines were dropped while the disk was slow, full or failing/);
  });
});
