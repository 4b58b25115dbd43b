import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../../../electron/core/log/logger.ts';
import { KeytarKeychain, type Keychain } from '../../../electron/core/secrets/keychain.ts';
import { DEFAULT_RENDERER_DIR, startBrowserHost, type BrowserHost } from '../../../electron/web/browserHost.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const rendererDir = DEFAULT_RENDERER_DIR;

export type StudioHost = {
  host: BrowserHost;
  /** The temporary user data folder (library, preferences, sandbox data); removed by stop(). */
  userDataDir: string;
  /** Which keychain holds the keys: the OS one when reachable, else memory. */
  keychain: 'system' | 'memory';
  stop(): Promise<void>;
};

export type StudioHostOptions = {
  /** Default 'fast': jobs finish in moments. */
  sandboxSpeed?: 'fast' | 'realtime';
  /** Default 'auto': the OS keychain (under a service name of this run) when reachable. */
  keychain?: 'auto' | 'memory';
};

/**
 * The browser host as the studio's end-to-end tests use it: in this process, on a fresh temporary
 * user data folder, with the embedded sandbox (a real child process over HTTPS) in fast mode, on a
 * random port. Builds the renderer first when dist/renderer is missing or older than its sources.
 */
export async function startStudioHost(options: StudioHostOptions = {}): Promise<StudioHost> {
  ensureRendererBuilt();
  const userDataDir = mkdtempSync(join(tmpdir(), 'cast-e2e-'));
  const chosen = options.keychain === 'memory' ? null : await systemKeychain();
  const keychain = chosen ?? new MemoryKeychain();
  try {
    const host = await startBrowserHost({ userDataDir, sandbox: 'embedded', sandboxSpeed: options.sandboxSpeed ?? 'fast', keychain, log: silentLogger });
    return {
      host,
      userDataDir,
      keychain: chosen ? 'system' : 'memory',
      stop: async () => {
        await host.stop();
        await chosen?.forgetAll();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The OS keychain under a service name of this run, forgetting what it stored; null when unreachable. */
async function systemKeychain(): Promise<(Keychain & { forgetAll(): Promise<void> }) | null> {
  const inner = new KeytarKeychain(`Cast Studio e2e ${process.pid}-${Date.now()}`);
  try {
    // A keyring can answer reads and still refuse writes (a locked collection): try both.
    await inner.set('probe', 'probe');
    if ((await inner.get('probe')) !== 'probe') return null;
    await inner.delete('probe');
  } catch {
    return null;
  }
  const stored = new Set<string>();
  return {
    get: (account) => inner.get(account),
    set: async (account, secret) => {
      await inner.set(account, secret);
      stored.add(account);
    },
    delete: (account) => inner.delete(account),
    describe: () => inner.describe(),
    forgetAll: async () => {
      for (const account of stored) await inner.delete(account).catch(() => undefined);
    },
  };
}

/** Runs `vite build --mode renderer` when the build is missing or a renderer or shared file is newer. */
export function ensureRendererBuilt(): void {
  const index = join(rendererDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > newestSource([join(root, 'renderer'), join(root, 'shared')])) return;
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--mode', 'renderer', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`The renderer did not build:\n${result.stdout}\n${result.stderr}`);
}

function newestSource(dirs: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}
