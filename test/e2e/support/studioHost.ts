import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_IDS, type SandboxReady } from '../../../shared/api/index.ts';
import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import { silentLogger, type Logger } from '../../../electron/core/log/logger.ts';
import { KeytarKeychain, type Keychain } from '../../../electron/core/secrets/keychain.ts';
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from '../../../electron/web/browserHost.ts';
import { childProcessSandbox, type LaunchedSandbox } from '../../../electron/web/sandboxProcess.ts';
import { startTcpProxy } from '../../integration/support/tcpProxy.ts';
import { ensureRendererBuilt } from '../../support/builds.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';
import { CoreDriver, type Patience } from './coreDriver.ts';
import { SandboxAdmin } from './sandboxAdmin.ts';

export { ensureNoticesBuilt, ensureRendererBuilt } from '../../support/builds.ts';

export type StudioHostOptions = {
  /**
   * `'embedded'` (default): core starts and supervises the sandbox, as the app does.
   * `'own'`: this process starts the sandbox and puts a relay in front of it, so a test can cut the
   * connection and bring it back (`cutConnection`, `restoreConnection`).
   * `{ ready }`: a sandbox that already runs, another host's (its `sandboxDirect()`): this host's
   * sandbox connection uses its address and its key, so both work in one service account, as a
   * creator's second machine does. The host that started it stops it.
   */
  sandbox?: 'embedded' | 'own' | { ready: SandboxReady };
  /** Default 'fast': jobs finish in moments. */
  sandboxSpeed?: 'fast' | 'realtime';
  /** Default 'auto': the OS keychain (under a service name of this run) when reachable, else memory. */
  keychain?: 'auto' | 'memory';
  /** How long `until` and `jobDone` wait. */
  patience?: Patience;
  /** The host's log (default silent): a test that checks what the shell reports gives its own. */
  log?: Logger;
  /**
   * `'process'` (default): core in a child process, the path the desktop app runs (core in a process
   * of its own). `'in-thread'`: core in the test's thread, only for tests that look inside
   * `host.core.session()`.
   */
  core?: 'process' | 'in-thread';
  /** How core's process is started (a test that ends it from outside wraps the default). */
  spawnCore?: BrowserHostOptions['spawnCore'];
  /** A module whose `probe(core, op, arg)` answers `host.core.probe(op, arg)` inside core's process. */
  probe?: string;
  /** An updater the test drives: the host then runs the desktop app's update service over it. */
  updater?: BrowserHostOptions['updater'];
};

type Relay = Awaited<ReturnType<typeof startTcpProxy>>;
type OwnSandbox = { sandbox: LaunchedSandbox; relay: Relay; ready: SandboxReady };
type TestKeychain = Keychain & { forgetAll(): Promise<void> };

/**
 * The browser host as every end-to-end test runs it: in this process (core in a child process,
 * unless a test asks for it in its own thread), on a fresh temporary user data folder, with a sandbox in fast mode (a real child process over HTTPS), on a random port. It drives
 * core straight through its router (CoreDriver) for setup and checks; `restart()` reopens the same
 * folder and keychain, as quitting and opening the app again does; `stop()` removes everything.
 */
export class StudioHost extends CoreDriver {
  host: BrowserHost;
  /** The temporary user data folder (library, preferences, sandbox data); removed by stop(). */
  readonly userDataDir: string;
  /** Which keychain holds the keys: the OS one when reachable, else memory. */
  readonly keychain: 'system' | 'memory';
  private readonly options: BrowserHostOptions;
  private readonly own: OwnSandbox | null;
  private readonly forgetKeys: () => Promise<void>;
  private admin: SandboxAdmin | null = null;
  private running = true;

  private constructor(
    host: BrowserHost,
    options: BrowserHostOptions,
    own: OwnSandbox | null,
    keychain: 'system' | 'memory',
    forgetKeys: () => Promise<void>,
    patience: Patience,
  ) {
    super(patience);
    this.host = host;
    this.options = options;
    this.userDataDir = options.userDataDir;
    this.own = own;
    this.keychain = keychain;
    this.forgetKeys = forgetKeys;
  }

  static async start(options: StudioHostOptions = {}): Promise<StudioHost> {
    ensureRendererBuilt();
    const userDataDir = mkdtempSync(join(tmpdir(), 'cast-e2e-'));
    const speed = options.sandboxSpeed ?? 'fast';
    const system = options.keychain === 'memory' ? null : await systemKeychain();
    const keychain = system ?? new MemoryKeychain();
    let own: OwnSandbox | null = null;
    try {
      if (options.sandbox === 'own') own = await startOwnSandbox(join(userDataDir, 'own-sandbox'), speed);
      const hostOptions: BrowserHostOptions = {
        userDataDir,
        sandbox: own ? { ready: own.ready } : typeof options.sandbox === 'object' ? { ready: options.sandbox.ready } : 'embedded',
        sandboxSpeed: speed,
        keychain,
        log: options.log ?? silentLogger,
        core: options.core ?? 'process',
        ...(options.spawnCore ? { spawnCore: options.spawnCore } : {}),
        ...(options.probe ? { probe: options.probe } : {}),
        ...(options.updater ? { updater: options.updater } : {}),
      };
      const host = await startBrowserHost(hostOptions);
      return new StudioHost(
        host,
        hostOptions,
        own,
        system ? 'system' : 'memory',
        () => system?.forgetAll() ?? Promise.resolve(),
        options.patience ?? { state: 90_000, job: 120_000 },
      );
    } catch (error) {
      await stopOwnSandbox(own);
      await system?.forgetAll();
      rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** A launch URL with a fresh one-time code at each read: open each page with its own. */
  get url(): string {
    return this.host.launchUrl();
  }

  /** The sandbox's ready line (`base_url`, `admin_token`, `ca_cert`…); the embedded one once core started it. */
  sandbox(): SandboxReady {
    const ready = this.own?.ready ?? this.host.sandbox();
    if (!ready) throw new Error('The sandbox has not started.');
    return ready;
  }

  /**
   * The sandbox's own addresses, without the relay in front of `'own'`: what its records name, so a
   * connection added with them fetches media from its own CDN, as a service's would.
   */
  sandboxDirect(): SandboxReady {
    return this.own?.sandbox.ready ?? this.sandbox();
  }

  /** The sandbox's admin API (accounts, credits, quote decisions, faults). */
  sandboxAdmin(): SandboxAdmin {
    this.admin ??= new SandboxAdmin(this.sandbox());
    return this.admin;
  }

  /** Sets the sandbox's fault injection: failure rates per kind, latency, 5xx. */
  async setFaults(faults: Record<string, unknown>): Promise<void> {
    await this.sandboxAdmin().setFaults(faults);
  }

  /** The network to the sandbox goes away (the relay closes, every connection is reset); `'own'` only. */
  async cutConnection(): Promise<void> {
    await this.relay().cut();
  }

  /** The network to the sandbox comes back on the same address. */
  async restoreConnection(): Promise<void> {
    await this.relay().restore();
  }

  /** Stops the host (core, downloads, an embedded sandbox), runs `between`, and opens a new host on the same folder. */
  async restart(between?: () => void | Promise<void>): Promise<void> {
    await this.stopHost();
    await this.closeAdmin();
    await between?.();
    this.host = await startBrowserHost(this.options);
    this.running = true;
  }

  /** Queues an image with its quote; answers the job (not waiting for it). */
  async queueImage(characterId: string, prompt: string): Promise<Job> {
    const body = { character_id: characterId, type: 'image' as const, prompt };
    const price = await this.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    return this.call('generations.create', { body, quoteId: price.quoteId });
  }

  /** Generates through core with its quote and waits until the media is in the library. */
  async generate(characterId: string, type: 'image' | 'video', prompt: string): Promise<LibraryItem> {
    const body = { character_id: characterId, type, prompt, ...(type === 'video' ? { options: { duration: 2 } } : {}) };
    const price = await this.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    const job = await this.jobDone(await this.call('generations.create', { body, quoteId: price.quoteId }));
    const id = job.resourceId;
    if (!id) throw new Error('The generation job finished without a generation id.');
    return this.until(
      `${type} "${prompt}" downloaded`,
      async () => {
        const item = await this.call('library.get', { id }).catch(() => null);
        return item?.downloaded ? item : null;
      },
      120_000,
    );
  }

  /** Stops core, the sandbox and the relay, forgets the keys it stored and removes the folder. */
  async stop(): Promise<void> {
    await this.stopHost();
    await this.closeAdmin();
    await stopOwnSandbox(this.own);
    await this.forgetKeys();
    rmSync(this.userDataDir, { recursive: true, force: true });
  }

  private relay(): Relay {
    if (!this.own) throw new Error("Only a host started with { sandbox: 'own' } can cut its connection.");
    return this.own.relay;
  }

  private async stopHost(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.host.stop();
  }

  private async closeAdmin(): Promise<void> {
    await this.admin?.close();
    this.admin = null;
  }
}

/** The browser host on a fresh folder with a sandbox in fast mode (see StudioHost). */
export function startStudioHost(options: StudioHostOptions = {}): Promise<StudioHost> {
  return StudioHost.start(options);
}

/** A sandbox child process of this test, reached through a relay on its own port. */
async function startOwnSandbox(dataDir: string, speed: 'fast' | 'realtime'): Promise<OwnSandbox> {
  const sandbox = await childProcessSandbox({ speed, log: silentLogger })({ dataDir, apiKey: null });
  try {
    const relay = await startTcpProxy(Number(new URL(sandbox.ready.base_url).port));
    const via = (url: string) => url.replace(/:\d+/, `:${relay.port}`);
    return { sandbox, relay, ready: { ...sandbox.ready, base_url: via(sandbox.ready.base_url), cdn_url: via(sandbox.ready.cdn_url) } };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}

async function stopOwnSandbox(own: OwnSandbox | null): Promise<void> {
  await own?.relay.close();
  await own?.sandbox.stop();
}

/** The OS keychain under a service name of this run, forgetting what it stored; null when unreachable. */
async function systemKeychain(): Promise<TestKeychain | null> {
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
    storage: () => inner.storage(),
    forgetAll: async () => {
      for (const account of stored) await inner.delete(account).catch(() => undefined);
    },
  };
}
