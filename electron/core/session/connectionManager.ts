import type { Dispatcher } from 'undici';
import type { Connection, ConnectionCheck, Profile, Settings } from '../../../shared/ipc/index.ts';
import { createProfileDispatcher, type ServiceDispatcher } from '../api/dispatcher.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Logger, Redactor } from '../log/logger.ts';
import type { Preferences } from '../preferences/preferences.ts';
import { ProfileStore, type ProfileRecord } from '../profiles/profileStore.ts';
import type { SandboxLauncher } from '../sandboxLaunch/sandboxOutput.ts';
import { openCheckedLibrary, type CheckedLibrary, type IntegrityFinding, type StartCheck } from '../library/libraryIntegrity.ts';
import type { Emit } from '../records/resourceKinds.ts';
import { EmbeddedSandbox, sandboxNotInUse } from './embeddedSandbox.ts';
import { Session } from './session.ts';
import type { SessionTuning } from './sessionOptions.ts';
import { libraryFileOf } from './sessionParts.ts';
import { accountCheck, checkHttps, checkKey, checkPem, checkService, failedWith } from './connectionCheck.ts';
import { connectionStatusOf, statusSentence } from './connectionStatus.ts';
import { OPEN_DISK_FULL, OpenWhenRoom } from './openWhenRoom.ts';
import type { DiskSpace } from '../downloads/diskSpace.ts';

export type LaunchSandbox = SandboxLauncher;

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
  launchSandbox?: LaunchSandbox | undefined;
  fetchDispatcher?: Dispatcher | undefined;
  tuning?: SessionTuning | undefined;
};

/** `libraryDamaged`: the library is known to be damaged, and why; it is moved aside and rebuilt on open. */
type OpenOptions = { libraryDamaged?: string };

/** Where a session opens: the profile, its key, the service's address and a dispatcher trusting it. */
type SessionTarget = { profile: ProfileRecord; apiKey: string | null; baseUrl: string; dispatcher: ServiceDispatcher };

const ONBOARDED = 'onboarded';
/**
 * How long a library's start check waits before it reads the whole file (about half a second of a
 * core's time at 100,000 items), unless paid work asks for its verdict first: the window's first
 * screen and its thumbnails come first. The session's own work starts after the check.
 */
const START_CHECK_DELAY_MS = 1_000;
const KEY_USE_WRITE_MS = 60_000;

/**
 * The active connection: which profile, its session, the embedded sandbox's process, and the
 * sentence the header shows when something needs the user. Switching profiles switches libraries.
 */
export class ConnectionManager {
  private readonly deps: ConnectionDeps;
  private current: Session | null = null;
  private readonly sandbox: EmbeddedSandbox;
  private problem: string | null = null;
  private lastKeyUseWrite = 0;
  private keyOkFor: string | null = null;
  private switching: Promise<unknown> = Promise.resolve();
  private startChecked: Promise<void> = Promise.resolve();
  /** The active library's start check while it waits to begin (openCheckedLibrary). */
  private startCheck: StartCheck | null = null;
  /** The connection that could not open on a full disk, waiting for room. */
  private readonly roomWait: OpenWhenRoom;

  constructor(deps: ConnectionDeps) {
    this.deps = deps;
    this.roomWait = new OpenWhenRoom({ ...deps, reopen: () => this.openWithRoom() });
    this.sandbox = new EmbeddedSandbox(deps, {
      session: () => this.current,
      setProblem: (sentence) => (this.problem = sentence),
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
  }

  /** The disk the active connection keeps its library on: its session's, or the one a connection waits on to open. */
  diskSpace(): DiskSpace | null {
    return this.current?.space ?? this.roomWait.space;
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

  get session(): Session | null {
    return this.current;
  }

  requireSession(): Session {
    if (this.current) return this.current;
    throw new AppFailure('no_connection', this.problem ?? 'No connection is active. Choose a connection in Settings → Connection.');
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
    const problem = record
      ? (this.problem ?? statusSentence(status, record.kind))
      : 'No connection is set up. Add one in Settings → Connections.';
    return {
      profile: record ? profiles.view(record, activeId) : null,
      online: session?.online ?? false,
      status,
      problem,
      onboarded: prefs.get<boolean>(ONBOARDED, false),
    };
  }

  /** The supervisor of the embedded sandbox says its process stopped and is being started again (or is back). */
  markSandboxRestarting(restarting: boolean): void {
    this.sandbox.markRestarting(restarting);
  }

  /** The embedded sandbox's admin API when it is the connection in use: core-only (the token never leaves core). */
  sandboxAdmin(): { session: Session; adminToken: string } | null {
    const session = this.current;
    const adminToken = this.sandbox.adminToken;
    if (!session || session.profile.kind !== 'sandbox' || !adminToken) return null;
    return { session, adminToken };
  }

  completeOnboarding(): Connection {
    this.deps.prefs.set(ONBOARDED, true);
    return this.changed();
  }

  list(): Profile[] {
    const activeId = this.deps.profiles.activeId();
    return this.deps.profiles.list().map((p) => this.deps.profiles.view(p, activeId));
  }

  async activate(id: string): Promise<Connection> {
    const record = this.deps.profiles.get(id);
    if (!record) throw new AppFailure('not_found', 'That connection no longer exists.');
    await this.afterSwitches(async () => {
      if (this.current?.profile.id === id) return;
      await this.close();
      this.deps.profiles.setActive(id);
      await this.open(record);
    });
    return this.changed();
  }

  /** Runs `change` once every switch asked for before it is through, one at a time; its failure reaches its caller only. */
  private afterSwitches(change: () => Promise<void>): Promise<void> {
    const run = this.switching.then(change);
    this.switching = run.catch(() => {});
    return run;
  }

  async add(input: {
    name: string;
    baseUrl: string;
    cdnUrl: string;
    caPem?: string | undefined;
    apiKey?: string | undefined;
    billingUrl?: string | undefined;
  }): Promise<Profile> {
    for (const [field, value] of [
      ['baseUrl', input.baseUrl],
      ['cdnUrl', input.cdnUrl],
    ] as const) {
      if (new URL(value).protocol !== 'https:')
        throw new AppFailure('invalid_input', 'The service and CDN addresses must start with https://.', field);
    }
    const caPem = input.caPem?.trim() ? checkPem(input.caPem) : null;
    if (input.apiKey !== undefined) checkKey(input.apiKey);
    if (input.billingUrl) checkHttps({ billingUrl: input.billingUrl });
    let record = this.deps.profiles.addRemote({
      name: input.name,
      baseUrl: input.baseUrl.replace(/\/+$/, ''),
      cdnUrl: input.cdnUrl.replace(/\/+$/, ''),
      caPem,
      billingUrl: input.billingUrl ?? null,
    });
    if (input.apiKey) {
      this.deps.redactor.addSecret(input.apiKey);
      try {
        record = await this.storeKey(record.id, input.apiKey);
      } catch (error) {
        // All or nothing: a profile whose key could not be stored is not kept.
        await this.deps.profiles.removeKey(record.id).catch(() => {});
        this.deps.profiles.remove(record.id);
        throw error;
      }
    }
    return this.deps.profiles.view(record, this.deps.profiles.activeId());
  }

  async remove(id: string): Promise<void> {
    const record = this.deps.profiles.get(id);
    if (!record) return;
    if (record.kind === 'sandbox') throw new AppFailure('cannot_remove', 'The sandbox connection is built in and cannot be removed.');
    if (this.deps.profiles.activeId() === id)
      throw new AppFailure('cannot_remove', 'This connection is in use. Switch to another connection first, then remove it.');
    await this.deps.profiles.removeKey(id).catch(() => {});
    this.deps.profiles.remove(id);
    this.changed();
  }

  async setKey(id: string, apiKey: string): Promise<Profile> {
    checkKey(apiKey);
    this.deps.redactor.addSecret(apiKey);
    const record = await this.storeKey(id, apiKey);
    if (this.current?.profile.id === id) {
      this.current.replaceKey(apiKey);
      this.problem = null;
      // Verify at once so the settings screen shows "ok" or "needs a new key".
      void this.current.credits.refresh();
    }
    this.changed();
    return this.deps.profiles.view(record, this.deps.profiles.activeId());
  }

  async removeKey(id: string): Promise<Profile> {
    const record = await this.deps.profiles.removeKey(id);
    if (this.current?.profile.id === id) this.current.replaceKey(null);
    this.changed();
    return this.deps.profiles.view(record, this.deps.profiles.activeId());
  }

  /**
   * Asks the service with this profile's key, whichever profile it is; answers what it found or what
   * failed, never the key. The key's state follows the answer at once ("not checked yet" no more).
   */
  async test(id: string): Promise<ConnectionCheck> {
    const record = this.deps.profiles.get(id);
    if (!record) throw new AppFailure('not_found', 'That connection no longer exists.');
    const session = this.current?.profile.id === id ? this.current : null;
    let result: ConnectionCheck;
    if (session) {
      try {
        const account = await session.api.account();
        session.credits.storeAccount(account);
        session.notePlan(account.subscription);
        result = accountCheck(account);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        result = failedWith(error, new URL(session.api.http.baseUrl).host);
      }
    } else if (record.kind === 'sandbox') {
      return sandboxNotInUse();
    } else {
      const apiKey = await this.readKeyForCheck(id);
      result = await this.withDispatcher(record.caPem, (dispatcher) =>
        checkService({ baseUrl: record.baseUrl, apiKey, dispatcher }, this.deps),
      );
    }
    this.keyChecked(id, result);
    return result;
  }

  /** Asks a candidate service (its address, CA and key) before anything is saved; stores nothing. */
  async check(input: {
    baseUrl: string;
    cdnUrl: string;
    caPem?: string | undefined;
    apiKey?: string | undefined;
  }): Promise<ConnectionCheck> {
    checkHttps({ baseUrl: input.baseUrl, cdnUrl: input.cdnUrl });
    const caPem = input.caPem?.trim() ? checkPem(input.caPem) : null;
    const apiKey = input.apiKey?.trim() ? input.apiKey.trim() : null;
    if (apiKey) {
      checkKey(apiKey);
      this.deps.redactor.addSecret(apiKey);
    }
    return this.withDispatcher(caPem, (dispatcher) =>
      checkService({ baseUrl: input.baseUrl.replace(/\/+$/, ''), apiKey, dispatcher }, this.deps),
    );
  }

  setBillingUrl(id: string, billingUrl: string | null): Profile {
    const record = this.deps.profiles.get(id);
    if (!record) throw new AppFailure('not_found', 'That connection no longer exists.');
    if (billingUrl) checkHttps({ billingUrl });
    const updated = this.deps.profiles.update(id, { billingUrl });
    this.changed();
    return this.deps.profiles.view(updated, this.deps.profiles.activeId());
  }

  /** The connection's key retention (Settings → Connections); the open session uses it at once. */
  setKeyRetention(id: string, seconds: number): Profile {
    if (!this.deps.profiles.get(id)) throw new AppFailure('not_found', 'That connection no longer exists.');
    const updated = this.deps.profiles.update(id, { keyRetentionSeconds: seconds });
    if (this.current?.profile.id === id) this.current.setKeyRetention(seconds);
    this.changed();
    return this.deps.profiles.view(updated, this.deps.profiles.activeId());
  }

  private async readKeyForCheck(id: string): Promise<string | null> {
    try {
      return await this.deps.profiles.readKey(id);
    } catch {
      throw new AppFailure(
        'keychain_unavailable',
        'Cast Studio could not read your system keychain. Unlock it (or set one up), then try again.',
      );
    }
  }

  /** A dispatcher for one check: the profile's trust (public roots plus its CA), closed afterwards. */
  private async withDispatcher<T>(caPem: string | null, run: (dispatcher: ServiceDispatcher) => Promise<T>): Promise<T> {
    if (this.deps.fetchDispatcher) return run(this.deps.fetchDispatcher);
    const dispatcher = createProfileDispatcher({ kind: 'remote', extraCaPem: caPem });
    try {
      return await run(dispatcher);
    } finally {
      await dispatcher.close().catch(() => {});
    }
  }

  /** A check's answer about the key becomes the key's state, so the card and header show it at once. */
  private keyChecked(id: string, result: ConnectionCheck): void {
    const record = this.deps.profiles.get(id);
    if (!record || !record.keyPrefix) return;
    const keyState =
      result.status === 'key_refused'
        ? 'needs_new_key'
        : result.status === 'key_expired'
          ? 'expired'
          : result.accountName !== null
            ? 'ok'
            : null;
    if (!keyState || keyState === record.keyState) return;
    this.deps.profiles.update(id, {
      keyState,
      ...(keyState === 'ok' ? { keyLastUsedAt: new Date(this.deps.clock.now()).toISOString() } : {}),
    });
    this.changed();
  }

  setFocused(focused: boolean): void {
    this.current?.poller.setFocused(focused);
    if (focused) this.current?.connectivity.checkNow();
  }

  private async storeKey(id: string, apiKey: string): Promise<ProfileRecord> {
    if (this.keyOkFor === id) this.keyOkFor = null;
    try {
      return await this.deps.profiles.storeKey(id, apiKey);
    } catch {
      throw new AppFailure(
        'keychain_unavailable',
        'Cast Studio could not save the key in your system keychain. Unlock or set up the keychain, then try again.',
      );
    }
  }

  /**
   * Moves the active profile's damaged library aside and opens a new one that rebuilds itself
   * (Settings → Library → Repair, after a failed integrity check). Only this profile's session
   * closes and opens again.
   */
  async repairLibrary(): Promise<void> {
    const id = this.current?.profile.id;
    const record = id ? this.deps.profiles.get(id) : null;
    if (!record) throw new AppFailure('no_connection', 'No connection is active. Choose a connection in Settings → Connection.');
    await this.afterSwitches(async () => {
      await this.close();
      await this.open(record, { libraryDamaged: 'The full integrity check failed.' });
    });
    this.changed();
  }

  private async open(record: ProfileRecord, options: OpenOptions = {}): Promise<void> {
    this.problem = null;
    const apiKey = await this.readKeyOnOpen(record.id);
    if (record.kind !== 'sandbox') {
      if (apiKey) this.deps.redactor.addSecret(apiKey);
      const dispatcher =
        this.deps.fetchDispatcher ??
        createProfileDispatcher({ kind: 'remote', extraCaPem: record.caPem }, { cdnUrl: record.cdnUrl, apiUrl: record.baseUrl });
      await this.openSession({ profile: record, apiKey, baseUrl: record.baseUrl, dispatcher }, options);
      return;
    }
    const sandbox = await this.sandbox.start(record, apiKey);
    if (sandbox) await this.openSession(sandbox, options);
  }

  /** The profile's key from the keychain; a keychain that cannot be read leaves the connection keyless, with a sentence. */
  private async readKeyOnOpen(id: string): Promise<string | null> {
    try {
      return await this.deps.profiles.readKey(id);
    } catch {
      this.problem = 'Cast Studio could not read your system keychain. Unlock it (or set one up), then restart Cast Studio.';
      return null;
    }
  }

  /**
   * Opens the profile's library and makes it the active one at once: the window reads it while its
   * start check runs beside it. The session's own work (sending, polling, syncing, downloading)
   * starts once the check has passed; a check that finds damage moves the file aside and opens a new
   * one that rebuilds itself, as the repair in Settings does. The sandbox, if any, already runs.
   */
  private async openSession(target: SessionTarget, options: OpenOptions = {}): Promise<void> {
    const { log } = this.deps;
    const { profile, apiKey, baseUrl, dispatcher } = target;
    // A damaged library is moved aside and rebuilt; one that cannot be opened at all leaves this
    // connection with a sentence, and the app and every other profile keep working.
    let opened: CheckedLibrary<Session>;
    try {
      const file = libraryFileOf(this.deps.userDataDir, profile.id);
      const checks = {
        now: () => this.deps.clock.now(),
        log,
        damaged: options.libraryDamaged ?? null,
        checkAfterMs: this.deps.tuning?.startCheckDelayMs ?? START_CHECK_DELAY_MS,
      };
      opened = await openCheckedLibrary(
        file,
        checks,
        (rebuild) =>
          new Session({
            rebuild,
            profile,
            apiKey,
            baseUrl,
            dispatcher,
            userDataDir: this.deps.userDataDir,
            clock: this.deps.clock,
            random: this.deps.random,
            log,
            emit: this.deps.emit,
            settings: this.deps.settings,
            keyRejected: (code) => this.keyRejected(profile.id, code),
            keyUsed: () => this.keyUsed(profile.id),
            onlineChanged: () => this.changed(),
            statusChanged: () => this.changed(),
            ...(this.deps.tuning ? { tuning: this.deps.tuning } : {}),
          }),
      );
    } catch (error) {
      log.error('The library of this connection could not be opened.', { profile: profile.id, error });
      this.problem = this.roomWait.failed(error) ? OPEN_DISK_FULL : libraryProblem(error);
      this.changed();
      return;
    }
    const session = opened.library;
    this.current = session;
    this.startCheck = opened.check;
    this.startChecked = this.afterStartCheck(session, opened.checked);
    log.info('Connection opened.', { profile: profile.id, kind: profile.kind });
    this.changed();
  }

  /**
   * Settles once the active library's start check is through and acted on: paid commands wait for
   * it, so no new paid work goes into a file that turns out to be damaged. A check still waiting to
   * begin begins now.
   */
  whenChecked(): Promise<void> {
    this.startCheck?.now();
    return this.startChecked;
  }

  /**
   * What the start check of `session`'s library found, acted on while it is still the active one:
   * passed (or could not look), the session starts its work; damaged, the library is moved aside and
   * a new one opened in its place (after any switch already asked for). Never rejects.
   */
  private async afterStartCheck(session: Session, checked: Promise<IntegrityFinding>): Promise<void> {
    const finding = await checked;
    if (this.current !== session) return;
    if (finding.verdict !== 'damaged') {
      try {
        session.start();
      } catch (error) {
        // The library still reads and answers the window; the log says what could not resume.
        this.deps.log.error('The connection opened, but its work could not resume.', { profile: session.profile.id, error });
      }
      return;
    }
    this.deps.log.warn('The start check found damage in the library.', { profile: session.profile.id, detail: finding.detail });
    const record = this.deps.profiles.get(session.profile.id);
    await this.afterSwitches(async () => {
      if (this.current !== session || !record) return;
      await this.close();
      await this.open(record, { libraryDamaged: finding.detail });
    }).catch((error: unknown) => this.deps.log.error('The damaged library could not be replaced.', { error }));
    this.changed();
  }

  /** The process id of the embedded sandbox while it runs (tests stop it by this). */
  sandboxPid(): number | undefined {
    return this.sandbox.pid;
  }

  private async close(): Promise<void> {
    await this.closeSession();
    await this.sandbox.stop();
  }

  private async closeSession(): Promise<void> {
    const session = this.current;
    this.current = null;
    this.startCheck?.cancel();
    this.startCheck = null;
    if (session) {
      await session.stop();
      if (!this.deps.fetchDispatcher) await session.dispatcher.close().catch(() => {});
    }
  }

  private keyRejected(id: string, code: string): void {
    this.keyOkFor = null;
    this.deps.profiles.update(id, { keyState: code === 'expired_api_key' ? 'expired' : 'needs_new_key' });
    this.deps.log.warn('The service refused the API key; the connection needs a new key.', { profile: id, code });
    this.changed();
  }

  private keyUsed(id: string): void {
    const now = this.deps.clock.now();
    // Called on every answer: stay in memory unless a minute passed (preferences live in a file).
    if (this.keyOkFor === id && now - this.lastKeyUseWrite < KEY_USE_WRITE_MS) return;
    const record = this.deps.profiles.get(id);
    if (!record) return;
    if (record.keyState === 'ok' && now - this.lastKeyUseWrite < KEY_USE_WRITE_MS) return;
    this.lastKeyUseWrite = now;
    const wasOk = record.keyState === 'ok';
    try {
      this.deps.profiles.update(id, { keyState: 'ok', keyLastUsedAt: new Date(now).toISOString() });
    } catch (error) {
      // Said on every answer: a write the disk refuses (full) must not cost the answer it came with.
      this.deps.log.warn('The key’s last use could not be saved.', { error });
      return;
    }
    this.keyOkFor = id;
    if (!wasOk) this.changed();
  }

  private changed(): Connection {
    const connection = this.connection();
    this.deps.emit('connection.changed', connection);
    return connection;
  }
}

/** The sentence for a library that could not be opened (its own sentence when it has one, as a newer schema does). */
function libraryProblem(error: unknown): string {
  if (error instanceof Error && /Cast Studio/.test(error.message)) return error.message;
  return 'Cast Studio could not open this connection’s library on disk. Check that its folder is writable and there is free space, then restart Cast Studio; your other connections still work.';
}
