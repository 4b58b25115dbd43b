import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../electron/core/log/logger.ts';
import { startBrowserHost, type BrowserHost } from '../../../electron/web/browserHost.ts';
import { buildCoreBundle } from '../../support/coreBundle.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

/** What a built file imports: static `import … from "x"` / `import "x"` lines, and `import("./…")` of its own chunks. */
function importsOf(code: string): { fixed: string[]; ownChunks: string[] } {
  const fixed = [...code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?"([^"]+)";/gm)].map((match) => match[1] ?? '');
  const ownChunks = [...code.matchAll(/\bimport\("(\.{1,2}\/[^"]+)"\)/g)].map((match) => match[1] ?? '');
  return { fixed, ownChunks };
}

/**
 * What core's start loads from its bundle: coreEntry.js's imports and the chunk it loads once the
 * compile cache is on (serveCore), then everything those import statically. Packages and Node
 * modules imported only by `import()` further on are loaded when first needed, not here.
 */
function startImports(entry: string): { packages: Set<string>; builtins: Set<string> } {
  const packages = new Set<string>();
  const builtins = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, withOwnChunks: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { fixed, ownChunks } = importsOf(readFileSync(file, 'utf8'));
    for (const specifier of [...fixed, ...(withOwnChunks ? ownChunks : [])]) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier), false);
      else if (specifier.startsWith('node:')) builtins.add(specifier.slice('node:'.length));
      else packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier));
    }
  };
  visit(entry, true);
  return { packages, builtins };
}

/**
 * Core's start, in the bundle the desktop app ships: it loads what the first screen needs (the
 * library, the preferences, its log) and leaves for later what waits on the network or the user:
 * the HTTP client, Node's TLS, the OS keychain (the shell holds it), media probing. Each of those
 * would add its load to every start, while the window is loading beside it. zod is inside the bundle:
 * its package entry alone loads about a hundred modules.
 */
describe('core’s start, built as the desktop app runs it', () => {
  let bundle: ReturnType<typeof buildCoreBundle>;
  let userDataDir: string;
  let host: BrowserHost | null = null;
  let droppingService: Server;

  beforeAll(async () => {
    bundle = buildCoreBundle();
    userDataDir = mkdtempSync(join(tmpdir(), 'cast-core-start-'));
    // A service that drops each connection as it comes: a request to it gets as far as TLS, then fails at once.
    droppingService = createServer((socket) => socket.destroy());
    await new Promise<void>((done) => droppingService.listen(0, '127.0.0.1', done));
  }, 120_000);

  afterAll(async () => {
    // Each part only if beforeAll got as far as making it, so a failed build is reported once.
    await host?.stop();
    await new Promise((done) => (droppingService ? droppingService.close(done) : done(undefined)));
    bundle?.remove();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it('imports at start only the packages the first screen needs; zod is bundled, the rest waits for use', () => {
    const { packages, builtins } = startImports(fileURLToPath(bundle.entry));
    expect([...packages].sort()).toEqual(['atomically', 'http-link-header', 'rotating-file-stream']);
    expect(builtins.has('sqlite')).toBe(true);
    expect(builtins.has('tls')).toBe(false);
  });

  it('answers the first screen without loading TLS, and loads it with its first request to its service', async () => {
    const keychain = new MemoryKeychain();
    const start = () =>
      startBrowserHost({
        userDataDir,
        sandbox: 'none',
        keychain,
        log: silentLogger,
        coreEntry: bundle.entry,
        probe: new URL('./startLoadsProbe.ts', import.meta.url).href,
      });
    const { port } = droppingService.address() as { port: number };
    const address = `https://127.0.0.1:${String(port)}`;
    // A first run connects a service (one that drops every connection) and uses it; the app is then quit.
    host = await start();
    const added = await host.core.router.handle('profiles.add', {
      name: 'A service that drops every connection',
      baseUrl: address,
      cdnUrl: address,
      apiKey: `sk_live_${'ab'.repeat(32)}`,
    });
    if (!added.ok) throw new Error(`The service was not added: ${JSON.stringify(added.error)}`);
    expect(await host.core.router.handle('profiles.activate', { id: (added.value as { id: string }).id })).toMatchObject({ ok: true });
    await host.stop();

    // The next start answers the first screen (the library, read from this computer) without TLS.
    host = await start();
    expect(await host.core.router.handle('app.info', {})).toMatchObject({ ok: true, value: { host: 'browser' } });
    expect(await host.core.router.handle('library.query', { filter: { sort: 'newest' }, offset: 0, limit: 100 })).toMatchObject({
      ok: true,
      value: { total: 0 },
    });
    const atStart = (await host.core.probe('builtins')) as string[];
    expect(atStart).toContain('sqlite');
    expect(atStart).not.toContain('tls');

    // Asking the service for the account sends a request (refused here): TLS is loaded for it.
    void host.core.router.handle('account.get', {});
    const running = host;
    // Loaded as the request goes out, which has no event of its own to wait on.
    await vi.waitFor(async () => expect(await running.core.probe('builtins')).toContain('tls'), { timeout: 10_000, interval: 50 });
  }, 120_000);
});
