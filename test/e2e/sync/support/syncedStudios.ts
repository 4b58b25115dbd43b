import type { Browser } from 'playwright-core';
import type { SceneLineInput } from '../../../../shared/ipc/index.ts';
import type { SpaceStatus } from '../../../../shared/ipc/spaces.ts';
import { startTcpProxy } from '../../../integration/support/tcpProxy.ts';
import {
  inviteCode,
  startSyncServerProcess,
  tempFolder,
  type SyncServerProcess,
} from '../../../integration/sync/support/syncServerProcess.ts';
import { ScenesApp } from '../../scenes/pages/ScenesApp.ts';
import { startStudioHost, type StudioHost } from '../../support/index.ts';

type Relay = Awaited<ReturnType<typeof startTcpProxy>>;

/** The space every machine joins. */
export const SPACE_NAME = 'Night market';

/**
 * One of the creator's machines: a browser host on its own data folder, its page in Chromium (one
 * browser context), and its own relay to the sync server, so a test can take this machine's
 * connection to the server away and give it back while the others stay connected.
 */
export class SyncedMachine {
  readonly name: string;
  readonly studio: StudioHost;
  readonly app: ScenesApp;
  private readonly relay: Relay;

  constructor(name: string, studio: StudioHost, app: ScenesApp, relay: Relay) {
    this.name = name;
    this.studio = studio;
    this.app = app;
    this.relay = relay;
  }

  /** The address this machine reaches the sync server at (its relay). */
  get serverUrl(): string {
    return `http://127.0.0.1:${this.relay.port}`;
  }

  status(): Promise<SpaceStatus> {
    return this.studio.call('spaces.status', {});
  }

  /** Joins the space with a code made for this machine's member (through core, as Settings → Sync sends it). */
  async join(code: string): Promise<void> {
    await this.studio.call('spaces.join', { serverUrl: this.serverUrl, joinCode: code });
    await this.settled();
  }

  /** The machine's connection to the sync server goes away (every connection reset, no new one taken). */
  async cutSync(): Promise<void> {
    await this.relay.cut();
    await this.until('offline', (status) => status.state === 'offline');
  }

  /** The connection to the sync server comes back on the same address. */
  async restoreSync(): Promise<void> {
    await this.relay.restore();
  }

  /** Waits until everything changed here is on the server and the server's is here. */
  settled(): Promise<SpaceStatus> {
    return this.until('synced with nothing pending', (status) => status.state === 'synced' && status.pendingChanges === 0);
  }

  /** Waits until the space's status passes `test`. */
  until(what: string, test: (status: SpaceStatus) => boolean): Promise<SpaceStatus> {
    return this.studio.until(`${this.name}'s space ${what}`, async () => {
      const status = await this.status();
      return test(status) ? status : null;
    });
  }

  async stop(): Promise<void> {
    await this.app.close().catch(() => undefined);
    await this.studio.stop();
    await this.relay.close();
  }
}

/**
 * One creator's machines in one space: a sync server this file starts, and browser hosts each on
 * its own data folder, all in the first machine's service account (its sandbox, with its key, as a
 * second machine is connected to the same service) and joined to one space, each through its own
 * relay to the server. `start` brings up the first machines; `add` one more later (a machine that
 * joins after the others have worked). Stop it in `afterAll`.
 */
export class SyncedStudios {
  readonly server: SyncServerProcess;
  readonly machines: SyncedMachine[] = [];
  private readonly browser: Browser;
  private readonly data: { path: string; remove: () => void };

  private constructor(browser: Browser, server: SyncServerProcess, data: { path: string; remove: () => void }) {
    this.browser = browser;
    this.server = server;
    this.data = data;
  }

  /** The sync server and one machine per name (`['A', 'B']` by default), each joined and synced. */
  static async start(browser: Browser, names: readonly string[] = ['A', 'B']): Promise<SyncedStudios> {
    const data = tempFolder('synced-studios-');
    let server: SyncServerProcess;
    try {
      server = await startSyncServerProcess(data.path);
    } catch (error) {
      data.remove();
      throw error;
    }
    const studios = new SyncedStudios(browser, server, data);
    try {
      for (const name of names) await studios.add(name);
    } catch (error) {
      await studios.stop();
      throw error;
    }
    return studios;
  }

  /** A machine by the name it was started with. */
  machine(name: string): SyncedMachine {
    const found = this.machines.find((each) => each.name === name);
    if (!found) throw new Error(`No machine named ${name}.`);
    return found;
  }

  /**
   * One more machine: a host on a fresh folder in the first machine's service account (the first
   * one brings the sandbox), its page opened and past the welcome, and joined to the space.
   */
  async add(name: string): Promise<SyncedMachine> {
    const first = this.machines[0];
    const studio = first ? await startStudioHost({ sandbox: { ready: first.studio.sandboxDirect() } }) : await startStudioHost();
    let relay: Relay | null = null;
    let app: ScenesApp | null = null;
    try {
      if (!first) await studio.until('the sandbox to run', () => studio.host.sandbox());
      relay = await startTcpProxy(Number(new URL(this.server.httpUrl).port));
      app = await ScenesApp.open(this.browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
      app.page.setDefaultTimeout(30_000);
      await app.startInSandbox();
      const machine = new SyncedMachine(name, studio, app, relay);
      const { code } = await inviteCode(this.data.path, SPACE_NAME, name);
      await machine.join(code);
      this.machines.push(machine);
      return machine;
    } catch (error) {
      await app?.close().catch(() => undefined);
      await studio.stop();
      await relay?.close();
      throw error;
    }
  }

  /** Stops every machine (the first, whose sandbox the others use, last), the server, and removes its data. */
  async stop(): Promise<void> {
    for (const machine of this.machines.splice(0).reverse()) await machine.stop().catch(() => undefined);
    await this.server.kill();
    this.data.remove();
  }
}

/** A narrator's line with this text, as a test writes it through `scenes.update`. */
export function speechLine(text: string): SceneLineInput {
  return { id: crypto.randomUUID(), kind: 'speech', characterId: null, voiceId: null, text, emotion: null, talk: null, clipItemId: null };
}

/** The texts of the lines the open scene's editor shows, in order. */
export function shownLines(app: ScenesApp): Promise<string[]> {
  return app
    .lines()
    .locator('textarea')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
}
