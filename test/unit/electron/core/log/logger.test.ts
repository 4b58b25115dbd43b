import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLogSink, RedactingLogger, Redactor } from '../../../../../electron/core/log/logger.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { tempDir } from '../support/tempDir.ts';

const KEY = `sk_live_${'0f'.repeat(32)}`;

describe('redacting logger', () => {
  it('never writes an API key, a bearer credential or a registered secret', () => {
    const sink = new CaptureLog();
    const redactor = new Redactor();
    redactor.addSecret('adm_supersecrettoken');
    const log = new RedactingLogger([sink], redactor);
    log.info(`using ${KEY}`, {
      headers: { authorization: `Bearer ${KEY}` },
      nested: [{ note: `x ${KEY} y` }],
      apiKey: KEY,
      admin: 'adm_supersecrettoken',
    });
    log.error('failed', { error: new Error(`bad key ${KEY}`) });
    const text = sink.text();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('adm_supersecrettoken');
    expect(text).toContain('[redacted]');
  });

  it('keeps a sink failure from breaking the caller', () => {
    const log = new RedactingLogger([
      {
        info: () => {
          throw new Error('disk');
        },
        warn: () => {},
        error: () => {},
      },
    ]);
    expect(() => log.info('hello')).not.toThrow();
  });
});

describe('the log file', () => {
  it('is written without blocking: the line reaches the file after the call returns', async () => {
    const path = join(tempDir(), 'logs', 'core.log');
    const sink = new FileLogSink(path);
    sink.info('first line');
    // appendFileSync would have written it already; the stream writes it in the background.
    expect(existsSync(path) ? readFileSync(path, 'utf8') : '').not.toContain('first line');
    await sink.close();
    expect(JSON.parse(readFileSync(path, 'utf8').trim())).toMatchObject({ level: 'info', message: 'first line' });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('rotates past its size into a few numbered files and removes older ones', async () => {
    const dir = join(tempDir(), 'logs');
    const sink = new FileLogSink(join(dir, 'core.log'), { maxBytes: 1_000, keep: 2 });
    for (let i = 0; i < 200; i += 1) sink.info(`line ${i} ${'x'.repeat(40)}`);
    await sink.close();
    expect(readdirSync(dir).sort()).toEqual(['core.log', 'core.log.1', 'core.log.2']);
    const longest = Math.max(
      ...readFileSync(join(dir, 'core.log.1'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.length + 1),
    );
    for (const name of ['core.log.1', 'core.log.2']) expect(statSync(join(dir, name)).size).toBeLessThan(1_000 + longest);
    const lines = (name: string) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { message: string }).message);
    // Oldest kept in core.log.2, newest in core.log (empty right after a rotation): one unbroken run to the last line.
    const kept = [...lines('core.log.2'), ...lines('core.log.1'), ...lines('core.log')].map((m) => Number(m.split(' ')[1]));
    expect(kept.at(-1)).toBe(199);
    expect(kept).toEqual(kept.map((_n, i) => (kept[0] ?? 0) + i));
    expect(kept.length).toBeLessThan(200);
  });

  it('never puts a key in any file, rotated or not', async () => {
    const dir = join(tempDir(), 'logs');
    const redactor = new Redactor();
    redactor.addSecret('adm_supersecrettoken');
    const sink = new FileLogSink(join(dir, 'core.log'), { maxBytes: 600, keep: 3 });
    const log = new RedactingLogger([sink], redactor);
    for (let i = 0; i < 20; i += 1)
      log.warn(`retry ${i} with ${KEY}`, { headers: { authorization: `Bearer ${KEY}` }, admin: 'adm_supersecrettoken' });
    await sink.close();
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(1);
    for (const name of files) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('adm_supersecrettoken');
      if (text.length > 0) expect(text).toContain('[redacted]');
    }
  });

  it('drops lines when its folder is gone instead of failing the caller', async () => {
    const root = tempDir();
    const sink = new FileLogSink(join(root, 'logs', 'core.log'));
    rmSync(root, { recursive: true, force: true });
    const log = new RedactingLogger([sink]);
    expect(() => log.info('into nowhere')).not.toThrow();
    await sink.close();
    expect(() => log.info('after the failure')).not.toThrow();
  });
});
