import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { ApiKeyText, SandboxReady } from '../../../shared/api/index.ts';
import type { Connection, Profile, Settings } from '../../../shared/ipc/index.ts';
import { createProfileDispatcher } from '../api/dispatcher.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Logger, Redactor } from '../log/logger.ts';
import type { Preferences } from '../preferences/preferences.ts';
import { ProfileStore, type ProfileRecord } from '../profiles/profileStore.ts';
import type { SandboxLauncher } from '../sandboxLaunch/sandboxOutput.ts';
import { Session, type Emit, type SessionTuning } from './session.ts';

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

const ONBOARDED = 'onboarded';
const KEY_USE_WRITE_MS = 60_000;

/**
 * The active connection: which profile, its session, the embedded sandbox's process, and the
 * sentence the header shows when something needs the user. Switching profiles switches libraries.
 */
export class ConnectionManager {
  private readonly deps: ConnectionDeps;
  private current: Session | null = null;
  private sandbox: { stop(): Promise<void> } | null = null;
  private problem: string | null = null;
  private lastKeyUseWrite = 0;
  private keyOkFor: string | null = null;
  private switching: Promise<unknown> = Promise.resolve();

  constructor(deps: ConnectionDeps) {
    this.deps = deps;
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
    await this.close();
  }

  connection(): Connection {
    const { profiles, prefs } = this.deps;
    const activeId = profiles.activeId();
    const record = activeId ? profiles.get(activeId) : null;
    return {
      profile: record ? profiles.view(record, activeId) : null,
      online: this.current?.online ?? false,
      problem: this.problem ?? this.derivedProblem(record),
      onboarded: prefs.get<boolean>(ONBOARDED, false),
    };
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
    const run = this.switching.then(async () => {
      if (this.current?.profile.id === id) return;
      await this.close();
      this.deps.profiles.setActive(id);
      await this.open(record);
    });
    this.switching = run.catch(() => {});
    await run;
    return this.changed();
  }

  async add(input: { name: string; baseUrl: string; cdnUrl: string; caPem?: string | undefined; apiKey?: string | undefined }): Promise<Profile> {
    for (const [field, value] of [['baseUrl', input.baseUrl], ['cdnUrl', input.cdnUrl]] as const) {
      if (new URL(value).protocol !== 'https:') throw new AppFailure('invalid_input', 'The service and CDN addresses must start with https://.', field);
    }
    const caPem = input.caPem?.trim() ? checkPem(input.caPem) : null;
    if (input.apiKey !== undefined) checkKey(input.apiKey);
    let record = this.deps.profiles.addRemote({ name: input.name, baseUrl: input.baseUrl.replace(/\/+$/, ''), cdnUrl: input.cdnUrl.replace(/\/+$/, ''), caPem });
    if (input.apiKey) {
      this.deps.redactor.addSecret(input.apiKey);
      record = await this.storeKey(record.id, input.apiKey);
    }
    return this.deps.profiles.view(record, this.deps.profiles.activeId());
  }

  async remove(id: string): Promise<void> {
    const record = this.deps.profiles.get(id);
    if (!record) return;
    if (record.kind === 'sandbox') throw new AppFailure('cannot_remove', 'The sandbox connection is built in and cannot be removed.');
    if (this.deps.profiles.activeId() === id) throw new AppFailure('cannot_remove', 'This connection is in use. Switch to another connection first, then remove it.');
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

  /** Asks the service with this profile's key; answers a sentence, never the key. */
  async test(id: string): Promise<{ ok: boolean; message: string; plan: string | null; balance: number | null }> {
    const record = this.deps.profiles.get(id);
    if (!record) throw new AppFailure('not_found', 'That connection no longer exists.');
    const session = this.current?.profile.id === id ? this.current : null;
    if (!session) {
      const key = await this.deps.profiles.readKey(id);
      if (!key) return { ok: false, message: 'This connection has no API key yet. Paste one to test it.', plan: null, balance: null };
      return { ok: false, message: 'Switch to this connection to test it.', plan: null, balance: null };
    }
    try {
      const account = await session.api.account();
      session.credits.storeAccount(account);
      return { ok: true, message: `Connected as ${account.name}.`, plan: account.subscription?.plan ?? 'free', balance: account.credits.balance };
    } catch (error) {
      const message = error instanceof ServiceError ? error.message : 'The connection test failed.';
      return { ok: false, message, plan: null, balance: null };
    }
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
      throw new AppFailure('keychain_unavailable', 'Cast Studio could not save the key in your system keychain. Unlock or set up the keychain, then try again.');
    }
  }

  private async open(record: ProfileRecord): Promise<void> {
    const { log, profiles } = this.deps;
    this.problem = null;
    let profile = record;
    let apiKey: string | null = null;
    try {
      apiKey = await profiles.readKey(profile.id);
    } catch {
      this.problem = 'Cast Studio could not read your system keychain. Unlock it (or set one up), then restart Cast Studio.';
    }
    let dispatcher: Dispatcher;
    let baseUrl = profile.baseUrl;
    if (profile.kind === 'sandbox') {
      if (!this.deps.launchSandbox) {
        this.problem = 'The built-in sandbox is not available in this build. Add a connection to a service in Settings → Connection.';
        this.changed();
        return;
      }
      try {
        const launched = await this.deps.launchSandbox({ dataDir: join(this.deps.userDataDir, 'sandbox'), apiKey });
        this.sandbox = launched;
        const ready = SandboxReady.parse(launched.ready);
        this.deps.redactor.addSecret(ready.api_key);
        this.deps.redactor.addSecret(ready.admin_token);
        if (ready.api_key !== apiKey) {
          apiKey = ready.api_key;
          try {
            profile = await profiles.storeKey(profile.id, apiKey, 'ok');
          } catch {
            this.problem = 'Cast Studio could not save the sandbox key in your system keychain; it will work until you quit.';
          }
        }
        profile = profiles.update(profile.id, { baseUrl: ready.base_url, cdnUrl: ready.cdn_url, keyState: 'ok', keyPrefix: profile.keyPrefix });
        baseUrl = ready.base_url;
        // Trust exactly the sandbox's certificate, for this profile's dispatcher only.
        dispatcher = this.deps.fetchDispatcher ?? createProfileDispatcher({ kind: 'sandbox', caPem: readPem(ready.ca_cert) });
      } catch (error) {
        log.error('The sandbox did not start.', { error });
        this.problem = 'The built-in sandbox did not start. Restart Cast Studio; if it keeps happening, add a connection to a service instead.';
        this.changed();
        return;
      }
    } else {
      if (apiKey) this.deps.redactor.addSecret(apiKey);
      dispatcher = this.deps.fetchDispatcher ?? createProfileDispatcher({ kind: 'remote', extraCaPem: profile.caPem });
    }
    const session = new Session({
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
      ...(this.deps.tuning ? { tuning: this.deps.tuning } : {}),
    });
    this.current = session;
    session.start();
    log.info('Connection opened.', { profile: profile.id, kind: profile.kind });
    this.changed();
  }

  private async close(): Promise<void> {
    const session = this.current;
    this.current = null;
    if (session) {
      await session.stop();
      if (!this.deps.fetchDispatcher) await session.dispatcher.close().catch(() => {});
    }
    const sandbox = this.sandbox;
    this.sandbox = null;
    if (sandbox) await sandbox.stop().catch((error: unknown) => this.deps.log.warn('The sandbox did not stop cleanly.', { error }));
  }

  private keyRejected(id: string, code: string): void {
    this.keyOkFor = null;
    this.deps.profiles.update(id, { keyState: 'needs_new_key' });
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
    this.deps.profiles.update(id, { keyState: 'ok', keyLastUsedAt: new Date(now).toISOString() });
    this.keyOkFor = id;
    if (!wasOk) this.changed();
  }

  private derivedProblem(record: ProfileRecord | null): string | null {
    if (!record) return 'No connection is set up. Add one in Settings → Connection.';
    if (record.keyState === 'missing') return 'This connection has no API key. Paste your key in Settings → Connection.';
    if (record.keyState === 'needs_new_key') return 'The service refused this connection’s API key. Paste a new key in Settings → Connection.';
    if (this.current && !this.current.online) return 'You are offline. Your library still works; waiting jobs will go out when the connection is back.';
    return null;
  }

  private changed(): Connection {
    const connection = this.connection();
    this.deps.emit('connection.changed', connection);
    return connection;
  }
}

function checkKey(apiKey: string): void {
  if (!ApiKeyText.safeParse(apiKey.trim()).success) {
    throw new AppFailure('invalid_input', 'That is not an API key: a key is sk_live_ followed by 64 hexadecimal characters.', 'apiKey');
  }
}

function checkPem(pem: string): string {
  try {
    new X509Certificate(pem);
    return pem.trim();
  } catch {
    throw new AppFailure('invalid_input', 'The CA certificate is not a valid PEM certificate.', 'caPem');
  }
}

/** The sandbox prints its CA as a file path (or, in some builds, the PEM itself). */
function readPem(caCert: string): string {
  return caCert.includes('-----BEGIN') ? caCert : readFileSync(caCert, 'utf8');
}
