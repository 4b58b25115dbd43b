import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { SandboxReady } from '../../../shared/api/index.ts';
import type { ConnectionCheck, ConnectionProblemReason } from '../../../shared/ipc/index.ts';
import { createProfileDispatcher, type ServiceDispatcher } from '../api/dispatcher.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger, Redactor } from '../log/logger.ts';
import type { ProfileRecord, ProfileStore } from '../profiles/profileStore.ts';
import type { SandboxLauncher } from '../sandboxLaunch/sandboxOutput.ts';
import { SandboxSupervisor } from '../sandboxLaunch/sandboxSupervisor.ts';
import type { Session } from './session.ts';

export type EmbeddedSandboxDeps = {
  profiles: ProfileStore;
  userDataDir: string;
  log: Logger;
  redactor: Redactor;
  clock: Clock;
  random: () => number;
  launchSandbox?: SandboxLauncher | undefined;
  fetchDispatcher?: Dispatcher | undefined;
};

/** What the embedded sandbox needs from the connection that uses it. */
export type SandboxHost = {
  /** The session in use, if any. */
  session: () => Session | null;
  /** What the header shows when something needs the user. */
  setProblem: (reason: ConnectionProblemReason) => void;
  /** The connection's state changed: say so. */
  changed: () => void;
  /** Runs `run` after any switch of connection under way, and before the next one. */
  afterSwitching: (run: () => Promise<void>, onError: (error: unknown) => void) => void;
  /** Closes the session, then opens the one `prepare` answers (called once the old one is closed). */
  reopenSession: (prepare: () => StartedSandbox) => Promise<void>;
  /** The start failed for want of room on the disk: true when the host waits for room and opens again by itself. */
  diskFull?: (error: unknown) => boolean;
};

/** The session in use when it is the embedded sandbox's, and the sandbox's admin token. */
export type SandboxAdminSession = { session: Session; adminToken: string };

/** The embedded sandbox once it is up: the profile at its address, its key and a dispatcher trusting its certificate. */
export type StartedSandbox = { profile: ProfileRecord; apiKey: string; baseUrl: string; dispatcher: ServiceDispatcher };

/** `profiles.test` of the sandbox profile while another connection is in use: its process is not running. */
export function sandboxNotInUse(): ConnectionCheck {
  return {
    ok: false,
    status: 'unavailable',
    problem: 'sandbox_not_in_use',
    host: 'localhost',
    detail: null,
    serviceMessage: null,
    accountName: null,
    plan: null,
    balance: null,
  };
}

/**
 * The embedded sandbox's process while the sandbox profile is in use: starts it supervised, says
 * when it stopped and is being started again, and moves the session when it came back at another
 * address. Its admin token stays here, in core.
 */
export class EmbeddedSandbox {
  private readonly deps: EmbeddedSandboxDeps;
  private readonly host: SandboxHost;
  private supervisor: SandboxSupervisor | null = null;
  private token: string | null = null;
  private restartingNow = false;

  constructor(deps: EmbeddedSandboxDeps, host: SandboxHost) {
    this.deps = deps;
    this.host = host;
  }

  /** The process id of the embedded sandbox while it runs (tests stop it by this). */
  get pid(): number | undefined {
    return this.supervisor?.pid;
  }

  /** The admin token from the sandbox's ready line, while it runs. */
  get adminToken(): string | null {
    return this.token;
  }

  /** Its admin API for `session` when that is the sandbox connection: core-only (the token never leaves core). */
  adminFor(session: Session | null): SandboxAdminSession | null {
    if (!session || session.profile.kind !== 'sandbox' || !this.token) return null;
    return { session, adminToken: this.token };
  }

  /** Its process stopped and is being started again. */
  get restarting(): boolean {
    return this.restartingNow;
  }

  markRestarting(restarting: boolean): void {
    if (this.restartingNow === restarting) return;
    this.restartingNow = restarting;
    this.host.changed();
  }

  /**
   * Starts the embedded sandbox, supervised: when its process stops, the app says so and starts it
   * again (on the same port). Answers the profile at the sandbox's address, its key and a
   * dispatcher that trusts its certificate; null, with the problem said, when it cannot start.
   */
  async start(record: ProfileRecord, storedKey: string | null): Promise<StartedSandbox | null> {
    const { launchSandbox, log } = this.deps;
    if (!launchSandbox) {
      this.host.setProblem('sandbox_not_built');
      this.host.changed();
      return null;
    }
    try {
      let sandboxKey = storedKey;
      const supervisor: SandboxSupervisor = new SandboxSupervisor({
        launch: launchSandbox,
        dataDir: join(this.deps.userDataDir, 'sandbox'),
        apiKey: () => sandboxKey,
        clock: this.deps.clock,
        random: this.deps.random,
        log,
        onSandboxDown: () => this.down(supervisor),
        onSandboxUp: (ready) => this.up(supervisor, ready),
      });
      // Known before it is up, so a stop meanwhile stops it and an early exit is heard.
      this.supervisor = supervisor;
      const ready = SandboxReady.parse(await supervisor.start());
      sandboxKey = ready.api_key;
      return await this.started(record, storedKey, ready);
    } catch (error) {
      log.error('The sandbox did not start.', { error });
      this.host.setProblem(this.host.diskFull?.(error) ? 'disk_full' : 'sandbox_not_started');
      this.host.changed();
      return null;
    }
  }

  /** Stops the sandbox for good (the session using it is closed first). */
  async stop(): Promise<void> {
    const supervisor = this.supervisor;
    this.supervisor = null;
    this.token = null;
    if (supervisor) await supervisor.stop().catch((error: unknown) => this.deps.log.warn('The sandbox did not stop cleanly.', { error }));
  }

  /** The sandbox's ready line: its secrets are redacted, its key kept, and the profile moved to its address. */
  private async started(record: ProfileRecord, storedKey: string | null, ready: SandboxReady): Promise<StartedSandbox> {
    const { profiles, redactor } = this.deps;
    let profile = record;
    redactor.addSecret(ready.api_key);
    redactor.addSecret(ready.admin_token);
    this.token = ready.admin_token;
    if (ready.api_key !== storedKey) {
      try {
        profile = await profiles.storeKey(profile.id, ready.api_key, 'ok');
      } catch {
        this.host.setProblem('sandbox_key_unsaved');
      }
    }
    profile = profiles.update(profile.id, { baseUrl: ready.base_url, cdnUrl: ready.cdn_url, keyState: 'ok', keyPrefix: profile.keyPrefix });
    return { profile, apiKey: ready.api_key, baseUrl: ready.base_url, dispatcher: this.dispatcherFor(ready) };
  }

  private down(supervisor: SandboxSupervisor): void {
    if (this.supervisor !== supervisor) return;
    this.host.session()?.connectivity.sandboxDown();
    this.markRestarting(true);
  }

  /**
   * The sandbox runs again. At the same address the session carries on (the queue, the poller and
   * the downloads resume as when a connection returns); at another one (its port was taken
   * meanwhile) the connection is opened again on the new address.
   */
  private up(supervisor: SandboxSupervisor, ready: SandboxReady): void {
    if (this.supervisor !== supervisor) return;
    const session = this.host.session();
    if (session && session.api.http.baseUrl === ready.base_url) {
      this.markRestarting(false);
      session.connectivity.sandboxUp();
      return;
    }
    // Only the session moves: the sandbox that just came back keeps running.
    const id = this.deps.profiles.activeId();
    this.host.afterSwitching(
      async () => {
        if (this.supervisor !== supervisor || !id || !this.deps.profiles.get(id)) return;
        await this.host.reopenSession(() => this.moved(id, ready));
        this.markRestarting(false);
      },
      (error) => this.deps.log.error('The connection did not open again after the sandbox restarted.', { error }),
    );
  }

  /** The profile moved to the address the sandbox came back at. */
  private moved(id: string, ready: SandboxReady): StartedSandbox {
    this.deps.redactor.addSecret(ready.api_key);
    this.token = ready.admin_token;
    const profile = this.deps.profiles.update(id, { baseUrl: ready.base_url, cdnUrl: ready.cdn_url });
    return { profile, apiKey: ready.api_key, baseUrl: ready.base_url, dispatcher: this.dispatcherFor(ready) };
  }

  /** Trust exactly the sandbox's certificate, for this profile's dispatcher only. */
  private dispatcherFor(ready: SandboxReady): ServiceDispatcher {
    return this.deps.fetchDispatcher ?? createProfileDispatcher({ kind: 'sandbox', caPem: readPem(ready.ca_cert) });
  }
}

/** The sandbox prints its CA as a file path (or, in some builds, the PEM itself). */
function readPem(caCert: string): string {
  return caCert.includes('-----BEGIN') ? caCert : readFileSync(caCert, 'utf8');
}
