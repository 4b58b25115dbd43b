import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import type { CommandInput, CommandName, CommandOutput, Job } from '../../../shared/ipc/index.ts';
import { silentLogger } from '../../../electron/core/log/logger.ts';
import { startBrowserHost, type BrowserHost } from '../../../electron/web/browserHost.ts';
import { ensureRendererBuilt, MemoryKeychain } from '../support/index.ts';

/**
 * The browser host with its embedded sandbox (a real child process over HTTPS, started and
 * supervised by core) on a data folder that outlives it: `restart()` stops the host and starts a
 * new one on the same folder and keychain, as quitting and opening the app again does.
 */
export class MediaHost {
  host: BrowserHost;
  readonly userDataDir: string;
  private readonly keychain: MemoryKeychain;

  private constructor(host: BrowserHost, userDataDir: string, keychain: MemoryKeychain) {
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

  async call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
    const reply = await this.host.core.router.handle(command, input);
    if (!reply.ok) throw new Error(`${command} failed: ${reply.error.code}: ${reply.error.message}`);
    return reply.value as CommandOutput<C>;
  }

  /** Polls a condition on core's state (a named state, not a sleep) until it holds. */
  async until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeout = 90_000): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  async jobDone(job: Job): Promise<Job> {
    return this.until(`job ${job.title} to finish`, async () => {
      const { jobs } = await this.call('jobs.list', {});
      const found = jobs.find((each) => each.id === job.id);
      if (found?.state === 'failed' || found?.state === 'cancelled') throw new Error(`${job.title} ended ${found.state}: ${found.error?.message ?? ''}`);
      return found?.state === 'done' ? found : null;
    });
  }

  async createCharacter(name: string): Promise<string> {
    const body = { name, parameters: { creationType: 'human' as const, gender: 'female', age: '30s', artStyle: 'photorealistic' } };
    const price = await this.call('quotes.price', { operationId: OPERATION_IDS.createCharacter, input: body });
    const done = await this.jobDone(await this.call('characters.create', { body, quoteId: price.quoteId }));
    const id = done.resourceId;
    if (!id) throw new Error('The character job finished without a character id.');
    await this.until('the character to be ready', async () => (await this.call('characters.get', { id })).status === 'ready');
    return id;
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
