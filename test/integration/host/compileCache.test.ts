import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_WRITE_DELAY_MS, compileCacheDir } from '../../../electron/core/host/coreEntry.ts';
import type { LogFields, Logger } from '../../../electron/core/log/logger.ts';
import { startBrowserHost, type BrowserHost } from '../../../electron/web/browserHost.ts';
import { ensureRendererBuilt } from '../../e2e/support/index.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

type Line = { level: string; message: string; fields: LogFields | undefined };

/** The host's log, kept: core's warnings reach it through the shell. */
function recordingLog(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const line = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, fields });
  return { lines, info: line('info'), warn: line('warn'), error: line('error') };
}

/** The browser host with core in its own process, on a library of its own and no sandbox. */
function startHost(userDataDir: string, log: Logger): Promise<BrowserHost> {
  return startBrowserHost({
    userDataDir,
    sandbox: 'none',
    keychain: new MemoryKeychain(),
    log,
    probe: new URL('./compileCacheProbe.ts', import.meta.url).href,
  });
}

/** Polls `check` until it gives a value: what core writes in the background has no event to wait on. */
function until<T>(what: string, check: () => T | null): Promise<T> {
  return vi.waitFor(
    () => {
      const value = check();
      if (value === null) throw new Error(`Waited too long for ${what}.`);
      return value;
    },
    { timeout: CACHE_WRITE_DELAY_MS + 30_000, interval: 100 },
  );
}

/** The cache's entries: file name → its bytes. Node writes each to `<entry>.<random>` and renames it: those are not entries yet. */
function entries(folder: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const name of readdirSync(folder).filter((file) => !file.includes('.'))) {
    try {
      found.set(name, readFileSync(join(folder, name)));
    } catch (error) {
      // Replaced between listing and reading: the next look sees it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return found;
}

const NO_CACHE = 'Core starts without its compile cache: its folder could not be used.';

/**
 * Node's compile cache for core's code, in the user data folder: core's entry turns it on in
 * core's process before the rest of core loads, writes it while core runs, and reads it on the
 * next start. A cache folder that cannot be made does not stop core.
 */
describe('core’s compile cache', () => {
  let userDataDir: string;
  const hosts: BrowserHost[] = [];

  beforeAll(() => ensureRendererBuilt());
  beforeEach(() => {
    userDataDir = mkdtempSync(join(tmpdir(), 'cast-compile-cache-'));
  });
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.stop()));
    rmSync(userDataDir, { recursive: true, force: true });
  });

  it('is written in the user data folder while core runs, and read on the next start', async () => {
    const log = recordingLog();
    const first = await startHost(userDataDir, log);
    hosts.push(first);
    const folder = (await first.core.probe('compileCacheDir')) as string | null;
    expect(folder?.startsWith(compileCacheDir(userDataDir))).toBe(true);
    expect(await first.core.router.handle('app.info', {})).toMatchObject({ ok: true });
    // Written while core still runs, a little after ready: a desktop app's core process is killed rather than left to end.
    let seen = 0;
    const written = await until('the cache written while core runs', () => {
      const found = entries(folder ?? '');
      // Core writes entry by entry: read again until the count holds.
      const settled = found.size > 20 && found.size === seen;
      seen = found.size;
      return settled ? found : null;
    });
    await hosts.pop()?.stop();

    // An entry the next start reads and finds damaged is compiled again and written anew: proof it was read.
    const [damaged, original] = [...written].reduce((largest, entry) => (entry[1].length > largest[1].length ? entry : largest));
    writeFileSync(join(folder ?? '', damaged), Buffer.alloc(original.length, 7));

    const second = await startHost(userDataDir, log);
    hosts.push(second);
    expect(await second.core.probe('compileCacheDir')).toBe(folder);
    expect(await second.core.router.handle('app.info', {})).toMatchObject({ ok: true });
    // Node's entry starts with a header of five numbers: a magic number, the source's and the code's sizes,
    // the source's hash and the code's checksum. V8's code differs from one process to the next
    // (its hash seed is per process), so the new entry matches the old one up to that checksum.
    const read = await until('the damaged entry written anew', () => {
      const found = entries(folder ?? '');
      const entry = found.get(damaged);
      return entry && entry.length > 20 && entry.subarray(0, 16).equals(original.subarray(0, 16)) ? found : null;
    });
    for (const [name, bytes] of written) if (name !== damaged) expect(read.get(name)).toEqual(bytes);
    expect(log.lines.filter((line) => line.message === NO_CACHE)).toEqual([]);
  });

  it('does not stop core from starting when its folder cannot be made', async () => {
    const log = recordingLog();
    mkdirSync(join(userDataDir, 'cache'));
    writeFileSync(compileCacheDir(userDataDir), 'a file where the cache folder would be');

    const host = await startHost(userDataDir, log);
    hosts.push(host);
    expect(await host.core.router.handle('app.info', {})).toMatchObject({ ok: true });
    expect(await host.core.probe('compileCacheDir')).toBeNull();
    expect(statSync(compileCacheDir(userDataDir)).isFile()).toBe(true);
    expect(log.lines.filter((line) => line.message === NO_CACHE)).toEqual([
      { level: 'warn', message: NO_CACHE, fields: expect.objectContaining({ directory: compileCacheDir(userDataDir) }) as unknown },
    ]);
  });
});
