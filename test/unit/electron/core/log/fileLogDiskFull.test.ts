import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileLogSink, RedactingLogger } from '../../../../../electron/core/log/logger.ts';
import { mountSmallVolume } from '../../../../support/smallVolume.ts';

const volume = mountSmallVolume('1m');

afterAll(() => volume.unmount());

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
    const sink = new FileLogSink(path, { reopenAfterMs: 50 });
    const log = new RedactingLogger([sink]);
    log.info('before the disk filled');
    await until(() => text(path).includes('before the disk filled'));
    volume.fill();
    // Lines large enough that the stream must reach the disk, which refuses them.
    for (let i = 0; i < 50; i += 1) expect(() => log.warn(`while full ${i}`, { padding: 'x'.repeat(4_000) })).not.toThrow();
    await until(() => sink.failing);
    volume.empty();
    // Written again once the file is opened anew, saying how many lines were lost.
    await until(() => {
      log.info('after space came back');
      return text(path).includes('after space came back');
    });
    await sink.close();
    expect(readFileSync(path, 'utf8')).toMatch(/Log lines were dropped while the disk was slow, full or failing/);
  });
});
