import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { registerAccountHandlers } from './account/registerAccountHandlers.ts';
import { keepPrivate, makePrivateDir, makePrivateFile } from './app/privateFiles.ts';
import { registerAboutHandlers } from './app/registerAboutHandlers.ts';
import { registerAppHandlers } from './app/registerAppHandlers.ts';
import { ScreenMemory } from './app/screenMemory.ts';
import { registerAudioHandlers } from './audio/registerAudioHandlers.ts';
import { registerCharacterHandlers } from './characters/registerCharacterHandlers.ts';
import { systemClock, type Clock } from './clock/clock.ts';
import type { CoreContext } from './coreContext.ts';
import { registerGenerationHandlers } from './generations/registerGenerationHandlers.ts';
import { Router } from './ipc/router.ts';
import { registerJobHandlers } from './jobs/registerJobHandlers.ts';
import { registerLibraryHandlers } from './library/registerLibraryHandlers.ts';
import { registerCollectionHandlers } from './library/registerCollectionHandlers.ts';
import { registerLibraryHealthHandlers } from './library/registerLibraryHealthHandlers.ts';
import { registerDiskSpaceHandlers } from './downloads/registerDiskSpaceHandlers.ts';
import { FileLogSink, RedactingLogger, type Logger } from './log/logger.ts';
import type { Preferences } from './preferences/preferences.ts';
import { KeyUse } from './profiles/keyUse.ts';
import { ProfileService } from './profiles/profileService.ts';
import { ProfileStore } from './profiles/profileStore.ts';
import { registerProfileHandlers } from './profiles/registerProfileHandlers.ts';
import { registerSandboxAdminHandlers } from './sandboxAdmin/registerSandboxAdminHandlers.ts';
import { registerQuoteHandlers } from './quotes/registerQuoteHandlers.ts';
import type { SandboxLauncher } from './sandboxLaunch/sandboxOutput.ts';
import type { Keychain } from './secrets/keychain.ts';
import { registerServiceFactsHandlers } from './serviceFacts/registerServiceFactsHandlers.ts';
import { ActiveConnection, type ConnectionDeps } from './session/activeConnection.ts';
import { ConnectionTester } from './session/connectionTester.ts';
import type { Session } from './session/session.ts';
import type { SessionTuning } from './session/sessionOptions.ts';
import { registerSettingsHandlers } from './settings/registerSettingsHandlers.ts';
import { SettingsService } from './settings/settingsService.ts';
import { registerSceneExportHandlers } from './scenes/export/registerSceneExportHandlers.ts';
import { registerSceneHandlers } from './scenes/registerSceneHandlers.ts';
import { MembershipStore } from './spaces/membership/membershipStore.ts';
import { registerSpaceHandlers } from './spaces/membership/registerSpaceHandlers.ts';
import { SpaceMemberships } from './spaces/membership/spaceMemberships.ts';
import { registerUploadHandlers } from './uploads/registerUploadHandlers.ts';
import { registerVoiceHandlers } from './voices/registerVoiceHandlers.ts';

export type { Keychain } from './secrets/keychain.ts';
export type { Preferences } from './preferences/preferences.ts';
export type { Logger } from './log/logger.ts';
export type { Clock } from './clock/clock.ts';
export type { SandboxLauncher as LaunchSandbox } from './sandboxLaunch/sandboxOutput.ts';
export { FilePreferences } from './preferences/preferences.ts';

export type CoreDeps = {
  /** The library databases, the media store and core's log live under it. */
  userDataDir: string;
  keychain: Keychain;
  preferences: Preferences;
  /** The shell's logger; core wraps it so no secret ever reaches it. */
  log: Logger;
  host: 'electron' | 'browser';
  /** The prefix the renderer puts before a media content id (the shell serves it via resolveMedia). */
  mediaBase: string;
  /** Starts the embedded sandbox; with `apiKey` it reuses that key (CAST_SANDBOX_API_KEY). */
  launchSandbox?: SandboxLauncher;
  clock?: Clock;
  random?: () => number;
  /** Replaces every profile's own dispatcher (tests); normally each profile builds its own. */
  fetchDispatcher?: Dispatcher;
  appVersion?: string;
  /** The licence notices the build wrote (dist/notices/notices.json, or the installed app's resources). */
  noticesFile?: string;
  /** Poll intervals, concurrency and request counting for tests and the benchmark. */
  tuning?: SessionTuning;
};

export type Core = {
  /** Every command of shared/ipc registered; events flow out through `router.subscribe`. */
  router: Router;
  /** A content id → its file in the store, or null. Never accepts a path. */
  resolveMedia(contentId: string): { path: string; contentType: string; size: number } | null;
  /** The active library's media folder, or null while none is open. */
  mediaRoot(): string | null;
  /** The window gained or lost focus: the poller goes fast again on focus. */
  setFocused(focused: boolean): void;
  stop(): Promise<void>;
  /** The active profile's session (tests, the crash runner and the benchmark look inside). */
  session(): Session | null;
  /** The embedded sandbox's process id while it runs (tests stop it to see the app start it again). */
  sandboxPid(): number | undefined;
  /** Core's log redactor (it knows the keys and the admin token in use), for the crash log. */
  secrets: { text(value: string): string };
};

/**
 * Wires core: the redacting log, profiles and keys, the active session (library, outbox, poller,
 * sync, downloads) and one handler module per feature on the router. On first run it creates the
 * sandbox profile and starts the embedded sandbox.
 */
export async function createCore(deps: CoreDeps): Promise<Core> {
  const { log, fileLog } = openCoreLog(deps);
  const clock = deps.clock ?? systemClock;
  const router = new Router();
  let connection: ActiveConnection | null = null;
  const spaces = createSpaces(deps, log, router, () => connection?.session ?? null);
  const settings = new SettingsService(deps.preferences, () => connection?.session?.media.root ?? join(deps.userDataDir, 'media'));
  const connections = createConnections({
    profiles: new ProfileStore(deps.preferences, deps.keychain),
    prefs: deps.preferences,
    userDataDir: deps.userDataDir,
    log,
    redactor: log.redactor,
    emit: (event, payload) => {
      try {
        router.emit(event, payload);
      } catch (error) {
        log.error('An event broke its contract and was not sent.', { event, error });
      }
    },
    clock,
    random: deps.random ?? Math.random,
    settings: () => settings.get(),
    launchSandbox: deps.launchSandbox,
    fetchDispatcher: deps.fetchDispatcher,
    tuning: deps.tuning,
    ...spaceHooks(spaces, log),
  });
  connection = connections.connection;
  registerFeatures({ router, ...connections, settings, log, redactor: log.redactor, clock, ...appContext(deps) });
  registerSpaceHandlers(router, { spaces });

  await connection.start();
  const manager = connection;
  return {
    router,
    secrets: log.redactor,
    resolveMedia: (contentId) => manager.session?.media.resolve(contentId) ?? null,
    mediaRoot: () => manager.session?.media.root ?? null,
    setFocused: (focused) => manager.setFocused(focused),
    stop: async () => {
      await manager.stop();
      await fileLog.close();
    },
    session: () => manager.session,
    sandboxPid: () => manager.sandboxPid(),
  };
}

/** The space each connection is in (Settings → Sync), for the connection in use. */
function createSpaces(deps: CoreDeps, log: RedactingLogger, router: Router, session: () => Session | null): SpaceMemberships {
  return new SpaceMemberships({
    store: new MembershipStore(deps.preferences, deps.keychain),
    activeProfileId: () => session()?.profile.id ?? null,
    redactor: log.redactor,
    log,
    changed: (status) => router.emit('spaces.changed', status),
  });
}

/** What the connections tell the spaces: a session opened (its space opens), a connection was removed (its space goes). */
function spaceHooks(spaces: SpaceMemberships, log: Logger): Pick<ConnectionDeps, 'sessionOpened' | 'connectionRemoved'> {
  return {
    sessionOpened: (session) =>
      void spaces
        .sessionOpened(session.profile.id, session.spaceLink)
        .catch((error: unknown) => log.error('The space of this connection could not be opened.', { error })),
    connectionRemoved: (id) => spaces.forgetConnection(id),
  };
}

/** The connection in use, the profiles and their keys, and their checks; all three write the keys' state. */
function createConnections(deps: ConnectionDeps): Pick<CoreContext, 'connection' | 'profiles' | 'tester'> {
  const keys = new KeyUse(deps);
  const connection = new ActiveConnection(deps, keys);
  return {
    connection,
    profiles: new ProfileService({ ...deps, keys, connection }),
    tester: new ConnectionTester({ ...deps, keys, connection }),
  };
}

/** What the app's own commands answer from: who hosts core, the screen it opens on, a preferences file set aside at this start. */
function appContext(
  deps: CoreDeps,
): Pick<CoreContext, 'host' | 'mediaBase' | 'userDataDir' | 'appVersion' | 'screens' | 'preferencesKeptAs' | 'noticesFile'> {
  const { host, mediaBase, userDataDir } = deps;
  return {
    host,
    mediaBase,
    userDataDir,
    appVersion: deps.appVersion ?? '0.1.0',
    screens: new ScreenMemory(deps.preferences),
    preferencesKeptAs: deps.preferences.damaged?.movedTo ?? null,
    noticesFile: deps.noticesFile,
  };
}

/** The user data folder and what core keeps in it are the user's alone (0700 folders, 0600 files). */
function openCoreLog(deps: CoreDeps): { log: RedactingLogger; fileLog: FileLogSink } {
  for (const dir of [
    deps.userDataDir,
    join(deps.userDataDir, 'logs'),
    join(deps.userDataDir, 'profiles'),
    join(deps.userDataDir, 'media'),
    join(deps.userDataDir, 'sandbox'),
  ])
    makePrivateDir(dir);
  makePrivateFile(join(deps.userDataDir, 'logs', 'core.log'));
  keepPrivate(deps.preferences.path);
  const fileLog = new FileLogSink(join(deps.userDataDir, 'logs', 'core.log'));
  return { log: new RedactingLogger([deps.log, fileLog]), fileLog };
}

/**
 * One handler module per feature on the router, each given the services it uses. The active
 * connection's are read at each command (`active` refuses with no_connection when none is open,
 * `current` answers null), so a profile switch takes effect at once.
 */
function registerFeatures(ctx: CoreContext): void {
  const { router, connection, clock, log } = ctx;
  const active = (): Session => connection.requireSession();
  const current = (): Session | null => connection.session;
  registerAppHandlers(router, {
    appVersion: ctx.appVersion,
    mediaBase: ctx.mediaBase,
    host: ctx.host,
    screens: ctx.screens,
    preferencesKeptAs: ctx.preferencesKeptAs,
    setFocused: (focused) => connection.setFocused(focused),
  });
  registerAboutHandlers(router, {
    appVersion: ctx.appVersion,
    host: ctx.host,
    userDataDir: ctx.userDataDir,
    noticesFile: ctx.noticesFile,
    current,
    secrets: ctx.redactor,
  });
  registerSettingsHandlers(router, { settings: ctx.settings, current });
  registerProfileHandlers(router, { connection, profiles: ctx.profiles, tester: ctx.tester });
  registerSandboxAdminHandlers(router, { access: () => connection.sandboxAdmin() });
  registerQuoteHandlers(router, { active });
  registerAccountHandlers(router, { active, clock });
  registerCharacterHandlers(router, { active });
  registerGenerationHandlers(router, { active });
  registerVoiceHandlers(router, { active, clock });
  registerAudioHandlers(router, { active });
  registerUploadHandlers(router, { active });
  registerSceneHandlers(router, { active, current, clock, log });
  registerSceneExportHandlers(router, { active, clock, userDataDir: ctx.userDataDir });
  registerServiceFactsHandlers(router, { current });
  registerJobHandlers(router, { active, current });
  registerLibraryHandlers(router, { active, clock, userDataDir: ctx.userDataDir });
  registerCollectionHandlers(router, { active });
  registerLibraryHealthHandlers(router, {
    active,
    current,
    repair: () => connection.repairLibrary(),
    checked: () => connection.whenChecked(),
    log,
  });
  registerDiskSpaceHandlers(router, { space: () => connection.diskSpace() });
}
