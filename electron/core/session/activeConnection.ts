import type { Dispatcher } from 'undici';
import type { Connection, ConnectionProblem, ConnectionProblemReason, Settings } from '../../../shared/ipc/index.ts';
import { createProfileDispatcher, type ServiceDispatcher } from '../api/dispatcher.ts';
import type { Clock } from '../clock/clock.ts';
import type { DiskSpace } from '../downloads/diskSpace.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { CheckedLibrary, LibraryRebuild } from '../library/libraryIntegrity.ts';
import type { Logger, Redactor } from '../log/logger.ts';
import type { Preferences } from '../preferences/preferences.ts';
import type { KeyUse } from '../profiles/keyUse.ts';
import type { ConnectionInUse } from '../profiles/profileService.ts';
import type { ProfileRecord, ProfileStore } from '../profiles/profileStore.ts';
import type { Emit } from '../records/resourceKinds.ts';
import type { SandboxLauncher } from '../sandboxLaunch/sandboxOutput.ts';
import { connectionStatusOf, statusProblem } from './connectionStatus.ts';
import { EmbeddedSandbox, type SandboxAdminSession } from './embeddedSandbox.ts';
import { libraryProblem, LibraryRepair } from './libraryRepair.ts';
import { OpenWhenRoom } from './openWhenRoom.ts';
import { Session } from './session.ts';
import type { SessionTuning } from './sessionOptions.ts';

export type ConnectionDeps = {
  profiles: ProfileStore;
  prefs: Preferences;
  userDataDir: string;
  log: Logger;
  redactor: Redactor;
  emit: Emit;
  clock: Clock;
  random: () => number;
  settings: () => Settings;
  launchSandbox?: SandboxLauncher | undefined;
  fetchDispatcher?: Dispatcher | undefined;
  tuning?: SessionTuning | undefined;
  /** A session opened and is the one in use (the space it is in opens with it). */
  sessionOpened?: ((session: Session) => void) | undefined;
  /** A connection was removed (Settings → Connections): what else it kept goes with it (its space). */
  connectionRemoved?: ((id: string) => Promise<void>) | undefined;
};

/** Where a session opens: the profile, its key, the service's address and a dispatcher trusting it. */
type SessionTarget = { profile: ProfileRecord; apiKey: string | null; baseUrl: string; dispatcher: ServiceDispatcher };

const ONBOARDED = 'onboarded';

/**
 * The connection in use: which profile, its session, the embedded sandbox's process, and the
 * problem the header shows when something needs the user. Opening, closing and switching run one
 * at a time; switching profiles switches libraries.
 */
export class ActiveConnection implements ConnectionInUse {
  private readonly deps: ConnectionDeps;
  private readonly keys: KeyUse;
  private current: Session | null = null;
  private readonly sandbox: EmbeddedSandbox;
  private readonly library: LibraryRepair;
  private problem: ConnectionProblemReason | null = null;
  private switching: Promise<unknown> = Promise.resolve();
  /** The connection that could not open on a full disk, waiting for room. */
  private readonly roomWait: OpenWhenRoom;

  constructor(deps: ConnectionDeps, keys: KeyUse) {
    this.deps = deps;
    this.keys = keys;
    // Each part below is this connection's own and is handed the few things it does with it.
    this.roomWait = new OpenWhenRoom({ ...deps, reopen: () => this.openWithRoom() });
    this.sandbox = new EmbeddedSandbox(deps, {
      session: () => this.current,
      setProblem: (reason) => (this.problem = reason),
      changed: () => this.changed(),
      afterSwitching: (run, onError) => {
        this.switching = this.switching.then(run).catch(onError);
      },
      reopenSession: async (prepare) => {
        await this.closeSession();
        await this.openSession(prepare());
      },
      diskFull: (error) => this.roomWait.failed(error),
    });
    this.library = new LibraryRepair(deps, {
      session: () => this.current,
      replaceLibrary: (record, damaged, onlyIf) =>
        this.afterSwitches(async () => {
          if (onlyIf && this.current !== onlyIf) return;
          await this.close();
          await this.open(record, damaged.log);
        }),
      changed: () => this.changed(),
    });
  }

  get session(): Session | null {
    return this.current;
  }

  requireSession(): Session {
    if (this.current) return this.current;
    throw new AppFailure('no_connection', {}, { log: `No connection is active (${this.problem ?? 'none opened'}).` });
  }

  /** The disk the active connection keeps its library on: its session's, or the one a connection waits on to open. */
  diskSpace(): DiskSpace | null {
    return this.current?.space ?? this.roomWait.space;
  }

  /** First run creates the sandbox profile and makes it active; later runs reopen the active profile. */
  async start(): Promise<void> {
    const { profiles } = this.deps;
    if (profiles.list().length === 0 || !profiles.activeId()) {
      const sandbox = profiles.ensureSandbox();
      if (!profiles.activeId()) profiles.setActive(sandbox.id);
    }
    const active = profiles.get(profiles.activeId() ?? '') ?? profiles.ensureSandbox();
    await this.open(active);
  }

  async stop(): Promise<void> {
    this.roomWait.stop();
    await this.close();
  }

  connection(): Connection {
    const { profiles, prefs } = this.deps;
    const activeId = profiles.activeId();
    const record = activeId ? profiles.get(activeId) : null;
    const session = this.current;
    const status = connectionStatusOf({
      opened: record !== null && session !== null,
      keyState: record?.keyState ?? 'missing',
      sandboxRestarting: this.sandbox.restarting,
      connectivity: session?.connectivity.problem ?? null,
      answeredOnce: session?.connectivity.answeredOnce ?? false,
      planRequired: session?.planRequired ?? false,
    });
    const problem: ConnectionProblem | null = record
      ? this.problem
        ? { reason: this.problem, kind: record.kind }
        : statusProblem(status, record.kind)
      : { reason: 'no_connection', kind: 'remote' };
    return {
      profile: record ? profiles.view(record, activeId) : null,
      online: session?.online ?? false,
      status,
      problem,
      onboarded: prefs.get<boolean>(ONBOARDED, false),
    };
  }

  completeOnboarding(): Connection {
    this.deps.prefs.set(ONBOARDED, true);
    return this.changed();
  }

  async activate(id: string): Promise<Connection> {
    const record = this.deps.profiles.get(id);
    if (!record) throw new AppFailure('not_found', { what: 'connection' });
    await this.afterSwitches(async () => {
      if (this.current?.profile.id === id) return;
      await this.close();
      this.deps.profiles.setActive(id);
      await this.open(record);
    });
    return this.changed();
  }

  keyChanged(id: string, apiKey: string | null): void {
    const session = this.current;
    if (session?.profile.id !== id) return;
    session.replaceKey(apiKey);
    if (apiKey === null) return;
    this.problem = null;
    // Verify at once so the settings screen shows "ok" or "needs a new key".
    void session.credits.refresh();
  }

  keyRetentionChanged(id: string, seconds: number): void {
    if (this.current?.profile.id === id) this.current.setKeyRetention(seconds);
  }

  setFocused(focused: boolean): void {
    this.current?.poller.setFocused(focused);
    if (focused) this.current?.connectivity.checkNow();
  }

  /** Settles once the library in use's start check is through and acted on (paid commands wait for it). */
  whenChecked(): Promise<void> {
    return this.library.whenChecked();
  }

  /** Settings → Library → Repair: the active profile's damaged library is replaced by one that rebuilds itself. */
  repairLibrary(): Promise<void> {
    return this.library.repair();
  }

  /** The embedded sandbox's admin API when it is the connection in use: core-only (the token never leaves core). */
  sandboxAdmin(): SandboxAdminSession | null {
    return this.sandbox.adminFor(this.current);
  }

  /** The process id of the embedded sandbox while it runs (tests stop it by this). */
  sandboxPid(): number | undefined {
    return this.sandbox.pid;
  }

  changed(): Connection {
    const connection = this.connection();
    this.deps.emit('connection.changed', connection);
    return connection;
  }

  /** Runs `change` once every switch asked for before it is through, one at a time; its failure reaches its caller only. */
  private afterSwitches(change: () => Promise<void>): Promise<void> {
    const run = this.switching.then(change);
    this.switching = run.catch(() => {});
    return run;
  }

  /** There is room on the disk again: the active connection, which could not open, opens now. */
  private openWithRoom(): void {
    void this.afterSwitches(async () => {
      const record = this.deps.profiles.get(this.deps.profiles.activeId() ?? '');
      if (this.current || !record) return;
      await this.close();
      await this.open(record);
    })
      .catch((error: unknown) => this.deps.log.error('The connection could not be opened once the disk had room.', { error }))
      .finally(() => this.changed());
  }

  /** `libraryDamaged`: the library is known to be damaged, and why; it is moved aside and rebuilt on open. */
  private async open(record: ProfileRecord, libraryDamaged: string | null = null): Promise<void> {
    this.problem = null;
    const apiKey = await this.readKey(record.id);
    if (record.kind !== 'sandbox') {
      if (apiKey) this.deps.redactor.addSecret(apiKey);
      const dispatcher =
        this.deps.fetchDispatcher ??
        createProfileDispatcher({ kind: 'remote', extraCaPem: record.caPem }, { cdnUrl: record.cdnUrl, apiUrl: record.baseUrl });
      await this.openSession({ profile: record, apiKey, baseUrl: record.baseUrl, dispatcher }, libraryDamaged);
      return;
    }
    const sandbox = await this.sandbox.start(record, apiKey);
    if (sandbox) await this.openSession(sandbox, libraryDamaged);
  }

  /** The profile's key from the keychain; a keychain that cannot be read leaves the connection keyless, and says so. */
  private async readKey(id: string): Promise<string | null> {
    try {
      return await this.deps.profiles.readKey(id);
    } catch {
      this.problem = 'keychain_unreadable';
      return null;
    }
  }

  /**
   * Opens the profile's library and makes it the one in use at once: the window reads it while its
   * start check runs beside it, and LibraryRepair acts on the check. A library that cannot be opened
   * at all leaves this connection with a problem to show; the app and every other profile keep working.
   * The sandbox, if any, already runs.
   */
  private async openSession(target: SessionTarget, libraryDamaged: string | null = null): Promise<void> {
    const { log } = this.deps;
    const { profile } = target;
    let opened: CheckedLibrary<Session>;
    try {
      opened = await this.library.open(profile.id, libraryDamaged, (rebuild) => this.newSession(target, rebuild));
    } catch (error) {
      log.error('The library of this connection could not be opened.', { profile: profile.id, error });
      this.problem = this.roomWait.failed(error) ? 'disk_full' : libraryProblem(error);
      this.changed();
      return;
    }
    this.current = opened.library;
    this.library.inUse(opened);
    log.info('Connection opened.', { profile: profile.id, kind: profile.kind });
    this.deps.sessionOpened?.(opened.library);
    this.changed();
  }

  private newSession(target: SessionTarget, rebuild: LibraryRebuild | null): Session {
    const { profile } = target;
    const { userDataDir, clock, random, log, emit, settings, tuning } = this.deps;
    return new Session({
      ...target,
      rebuild,
      userDataDir,
      clock,
      random,
      log,
      emit,
      settings,
      keyRejected: (code) => {
        this.keys.rejected(profile.id, code);
        this.changed();
      },
      keyUsed: () => {
        if (this.keys.used(profile.id)) this.changed();
      },
      onlineChanged: () => this.changed(),
      statusChanged: () => this.changed(),
      ...(tuning ? { tuning } : {}),
    });
  }

  private async close(): Promise<void> {
    await this.closeSession();
    await this.sandbox.stop();
  }

  private async closeSession(): Promise<void> {
    const session = this.current;
    this.current = null;
    this.library.closed();
    if (session) {
      await session.stop();
      if (!this.deps.fetchDispatcher) await session.dispatcher.close().catch(() => {});
    }
  }
}
