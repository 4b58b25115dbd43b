import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_IDS } from '../../../../shared/api/index.ts';
import type { LibraryItem } from '../../../../shared/ipc/index.ts';
import { silentLogger } from '../../../../electron/core/log/logger.ts';
import { startBrowserHost, type BrowserHost } from '../../../../electron/web/browserHost.ts';
import { childProcessSandbox, type LaunchedSandbox } from '../../../../electron/web/sandboxProcess.ts';
import { CoreDriver } from '../../support/coreDriver.ts';
import { ensureRendererBuilt, MemoryKeychain } from '../../support/index.ts';

/**
 * The browser host for the library tests, with a sandbox this file owns (fast mode, a real child
 * process over HTTPS): owning it is what lets a test cut the connection by stopping it.
 */
export class LibraryHost extends CoreDriver {
  readonly host: BrowserHost;
  private readonly sandbox: LaunchedSandbox;
  private readonly userDataDir: string;

  private constructor(host: BrowserHost, sandbox: LaunchedSandbox, userDataDir: string) {
    super({ state: 60_000, job: 120_000 });
    this.host = host;
    this.sandbox = sandbox;
    this.userDataDir = userDataDir;
  }

  static async start(): Promise<LibraryHost> {
    ensureRendererBuilt();
    const userDataDir = mkdtempSync(join(tmpdir(), 'cast-library-e2e-'));
    const sandboxDir = join(userDataDir, 'own-sandbox');
    const sandbox = await childProcessSandbox({ speed: 'fast', log: silentLogger })({ dataDir: sandboxDir, apiKey: null });
    try {
      const host = await startBrowserHost({ userDataDir, sandbox: { ready: sandbox.ready }, keychain: new MemoryKeychain(), log: silentLogger });
      return new LibraryHost(host, sandbox, userDataDir);
    } catch (error) {
      await sandbox.stop();
      rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** A launch URL with a fresh one-time code at each read: every page opened gets its own. */
  get url(): string {
    return this.host.launchUrl();
  }

  /** Generates through core with its quote and waits until the media is in the library. */
  async generate(characterId: string, type: 'image' | 'video', prompt: string): Promise<LibraryItem> {
    const body = { character_id: characterId, type, prompt, ...(type === 'video' ? { options: { duration: 2 } } : {}) };
    const price = await this.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    const job = await this.jobDone(await this.call('generations.create', { body, quoteId: price.quoteId }));
    const id = job.resourceId;
    if (!id) throw new Error('The generation job finished without a generation id.');
    return this.until(`${type} "${prompt}" downloaded`, async () => {
      const item = await this.call('library.get', { id }).catch(() => null);
      return item?.downloaded ? item : null;
    }, 120_000);
  }

  /** Sets the sandbox's fault injection (its admin API): failure rates per kind, latency, 5xx. */
  async setFaults(faults: Record<string, unknown>): Promise<void> {
    const ready = this.sandbox.ready;
    const { Agent, fetch } = await import('undici');
    const response = await fetch(`${ready.base_url}/sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.admin_token}` },
      body: JSON.stringify(faults),
      // The ready line's ca_cert is a PEM or the path of one; only this request trusts it.
      dispatcher: new Agent({ connect: { ca: [ready.ca_cert.startsWith('-----BEGIN') ? ready.ca_cert : readFileSync(ready.ca_cert, 'utf8')] } }),
    });
    if (!response.ok) throw new Error(`The sandbox refused the faults: ${response.status} ${await response.text()}`);
  }

  /** Cuts the connection: the sandbox process stops; core sees the service unreachable. */
  async cutConnection(): Promise<void> {
    await this.sandbox.stop();
  }

  async stop(): Promise<void> {
    await this.host.stop();
    await this.sandbox.stop();
    rmSync(this.userDataDir, { recursive: true, force: true });
  }
}
