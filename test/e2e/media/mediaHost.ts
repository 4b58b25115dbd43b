import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import type { Job } from '../../../shared/ipc/index.ts';
import { silentLogger } from '../../../electron/core/log/logger.ts';
import { startBrowserHost, type BrowserHost } from '../../../electron/web/browserHost.ts';
import { CoreDriver } from '../support/coreDriver.ts';
import { ensureRendererBuilt, MemoryKeychain } from '../support/index.ts';

/**
 * The browser host with its embedded sandbox (a real child process over HTTPS, started and
 * supervised by core) on a data folder that outlives it: `restart()` stops the host and starts a
 * new one on the same folder and keychain, as quitting and opening the app again does.
 */
export class MediaHost extends CoreDriver {
  host: BrowserHost;
  readonly userDataDir: string;
  private readonly keychain: MemoryKeychain;

  private constructor(host: BrowserHost, userDataDir: string, keychain: MemoryKeychain) {
    super({ state: 90_000, job: 90_000 });
    this.host = host;
    this.userDataDir = userDataDir;
    this.keychain = keychain;
  }

  static async start(): Promise<MediaHost> {
    ensureRendererBuilt();
    const userDataDir = mkdtempSync(join(tmpdir(), 'cast-media-e2e-'));
    const keychain = new MemoryKeychain();
    try {
      const studio = new MediaHost(await MediaHost.open(userDataDir, keychain), userDataDir, keychain);
      // Past the first-run welcome: these tests are about the library.
      await studio.call('connection.completeOnboarding', {});
      return studio;
    } catch (error) {
      rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
  }

  private static open(userDataDir: string, keychain: MemoryKeychain): Promise<BrowserHost> {
    return startBrowserHost({ userDataDir, sandbox: 'embedded', sandboxSpeed: 'fast', keychain, log: silentLogger });
  }

  /** Stops the host (core, downloads, sandbox) and opens a new one on the same data folder. */
  async restart(between?: () => void | Promise<void>): Promise<void> {
    await this.host.stop();
    await between?.();
    this.host = await MediaHost.open(this.userDataDir, this.keychain);
  }

  /** Queues an image with its quote; answers the job (not waiting for it). */
  async queueImage(characterId: string, prompt: string): Promise<Job> {
    const body = { character_id: characterId, type: 'image' as const, prompt };
    const price = await this.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    return this.call('generations.create', { body, quoteId: price.quoteId });
  }

  async stop(): Promise<void> {
    await this.host.stop();
    rmSync(this.userDataDir, { recursive: true, force: true });
  }
}
