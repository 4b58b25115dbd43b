import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxReady } from '../../shared/api/sandboxAdmin.ts';
import { acquireDataFolderLock } from '../core/app/dataFolderLock.ts';
import { makePrivateDir } from '../core/app/privateFiles.ts';
import { createCore } from '../core/createCore.ts';
import { childProcessCore } from '../core/host/coreChild.ts';
import { inThreadCore, SHELL_STOP_GRACE_MS, startRemoteCore, type CoreSpawner, type ShellCore } from '../core/host/remoteCore.ts';
import { FileLogSink, RedactingLogger, type Logger } from '../core/log/logger.ts';
import { corePreferences, peekPreferences } from '../core/preferences/preferences.ts';
import { startScreenIn } from '../core/app/screenMemory.ts';
import { chosenCatalogIn } from '../core/app/startLanguage.ts';
import { KeytarKeychain, type Keychain } from '../core/secrets/keychain.ts';
import { UPDATES_IN_DESKTOP_APP } from '../core/updates/registerUpdateHandlers.ts';
import { routerWatchingSettings, startUpdates } from '../core/updates/startUpdates.ts';
import type { Updater } from '../core/updates/updateService.ts';
import type { HostSessionView } from './hostAuth.ts';
import { HostKeychain } from './hostKeychain.ts';
import { launchLocale, loadHostWords } from './hostWords.ts';
import { startHostServer } from './hostServer.ts';
import { removeLaunchPage, writeLaunchPage } from './launchPage.ts';
import { openBrowser } from './openBrowser.ts';
import { childProcessSandbox, existingSandbox, type SandboxLauncher, type SandboxSpeed } from './sandboxProcess.ts';

/** Where `vite build --mode renderer` writes; `CAST_RENDERER_DIR` moves both (see vite.config.ts). */
/** The licence notices `npm run build` writes beside the renderer's build. */
const NOTICES_FILE = fileURLToPath(new URL('../../dist/notices/notices.json', import.meta.url));

export const DEFAULT_RENDERER_DIR = process.env.CAST_RENDERER_DIR ?? fileURLToPath(new URL('../../dist/renderer', import.meta.url));

export type BrowserHostOptions = {
  /** Preferences, library, media and the embedded sandbox's data live here. */
  userDataDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * `'embedded'` (default): core starts the sandbox as a child process when it needs it.
   * `{ ready }`: a sandbox that is already running. `'none'`: no sandbox at all.
   */
  sandbox?: 'embedded' | 'none' | { ready: SandboxReady };
  /** How fast the embedded sandbox finishes jobs; tests use 'fast'. */
  sandboxSpeed?: SandboxSpeed;
  /** Open the default browser on the URL (the CLI does unless --no-open). Default false. */
  open?: boolean;
  /** The built renderer (`vite build --mode renderer`). */
  rendererDir?: string;
  /** Default: the OS keychain through keytar, refusing to store keys when none is reachable. */
  keychain?: Keychain;
  log?: Logger;
  /**
   * `'process'` (default): core runs in a child process, as it runs in a utility process in the
   * desktop app, so this process only serves pages and outlives any end of core's. `'in-thread'`: core runs in this thread, for the
   * tests that look inside its session (`core.session()`).
   */
  core?: 'process' | 'in-thread';
  /**
   * Core's built entry (`vite build --mode main` → dist/main/coreEntry.js) for its process, instead of
   * its TypeScript sources: the code the desktop app runs, loaded in one file rather than hundreds.
   */
  coreEntry?: URL;
  /**
   * Called once the server listens, before core has started: a page opened now (from `launchUrl`)
   * loads while core starts, and its bridge socket waits for core.
   */
  onListening?: (launchUrl: () => string) => void;
  /** Tests: how core's process is started (to end it from outside); default a child process. */
  spawnCore?: CoreSpawner;
  /** Tests: a module whose `probe(core, op, arg)` answers `core.probe(op, arg)` inside core's process. */
  probe?: string;
  /**
   * Tests: an updater driven from outside, so the page's update states can be seen over this host
   * through the desktop app's own update service. Without it the host answers that updates come
   * with the desktop app.
   */
  updater?: Updater;
};

export type BrowserHost = {
  /**
   * `http://127.0.0.1:PORT/#launch=…`, with a new launch code at each call: the URL that opens the
   * studio in one tab. The code works once, within 60 s; the page trades it for a session token.
   */
  launchUrl(): string;
  origin: string;
  /** `http://127.0.0.1:PORT/media/<media key>/`: a content id appended reads that media file. */
  mediaBase: string;
  port: number;
  /** A session token, as a page gets by trading a launch code (tests open sockets with it). */
  sessionToken(): string;
  /** The sessions of pages opened from this host's links, as Settings lists them (no tokens). */
  sessions(): HostSessionView[];
  core: ShellCore;
  /** The embedded sandbox's ready line once core has started it (tests use its admin token). */
  sandbox(): SandboxReady | null;
  stop(): Promise<void>;
};

/**
 * The browser host: the same core as the Electron app, behind a WebSocket bridge on 127.0.0.1,
 * serving the built renderer and the library's media. Everything it needs is passed in, so tests
 * start it in-process on a temporary folder.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `The renderer is not built (${rendererDir} has no index.html). Run \`npx vite build --mode renderer\`, or \`npm run start:browser\` which builds it.`,
    );
  }
  // The user's alone (0700): the launch page and the lock live here.
  makePrivateDir(options.userDataDir);
  // One process per data folder: two cores on one queue would both send it. Throws the sentence.
  const lock = await acquireDataFolderLock(options.userDataDir);
  try {
    return await startLocked(options, rendererDir, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startLocked(options: BrowserHostOptions, rendererDir: string, releaseLock: () => void): Promise<BrowserHost> {
  const log = options.log ?? new RedactingLogger([new FileLogSink(join(options.userDataDir, 'logs', 'browser-host.log'))]);

  // Read before core starts, as core reads it: the screen kept when this run began. The language is
  // read at each load of the page: a reload after a change in Settings starts in the new one.
  const preferences = peekPreferences(options.userDataDir);
  const host = await startHostServer({
    port: options.port,
    rendererDir,
    startScreen: startScreenIn(preferences),
    startLanguage: () => chosenCatalogIn(peekPreferences(options.userDataDir)),
    uploadDir: join(options.userDataDir, 'uploads-incoming'),
    log,
  });
  let sandboxReady: SandboxReady | null = null;
  const launcher = launcherFor(options, log);
  const launchSandbox: SandboxLauncher | undefined = launcher
    ? async (request) => {
        const launched = await launcher(request);
        sandboxReady = launched.ready;
        return launched;
      }
    : undefined;
  const { auth } = host;
  // The page may open at once, as the desktop app's window does: its bridge socket waits for core.
  // The opener's command line names only a private page in the data folder, never the launch code
  // (another local user can read command lines); the browser's history sees a code spent at once.
  // Its words are in Settings' language as this run began, else the system's (no browser has asked yet).
  if (options.open) {
    const words = await loadHostWords(launchLocale(chosenCatalogIn(preferences)));
    openBrowser(writeLaunchPage(options.userDataDir, host.launchUrl(), words), (message) => log.warn(message));
  }
  options.onListening?.(() => host.launchUrl());
  const core = await startCore(options, { log, mediaBase: host.mediaBase, launchSandbox }).catch(async (error: unknown) => {
    await host.close();
    throw error;
  });
  const updates = await startUpdates(core.router, options.updater ?? UPDATES_IN_DESKTOP_APP, log);
  host.attach({
    router: routerWatchingSettings(core.router, updates),
    resolveMedia: (id) => core.mediaFile(id),
  });

  let stopping: Promise<void> | null = null;
  return {
    launchUrl: () => host.launchUrl(),
    origin: auth.origin,
    mediaBase: host.mediaBase,
    port: host.port,
    sessionToken: () => auth.redeem(auth.mintLaunchCode()) ?? '',
    sessions: () => auth.listSessions(),
    core,
    sandbox: () => sandboxReady,
    stop: () => {
      stopping ??= (async () => {
        try {
          updates.stop();
          await host.close();
          await core.stop();
        } finally {
          if (options.open) removeLaunchPage(options.userDataDir);
          releaseLock();
        }
      })();
      return stopping;
    },
  };
}

/** Core in a child process (the default, as the desktop app runs it in a utility process) or in this thread. */
async function startCore(
  options: BrowserHostOptions,
  shell: { log: Logger; mediaBase: string; launchSandbox: SandboxLauncher | undefined },
): Promise<ShellCore> {
  const keychain = options.keychain ?? new HostKeychain(new KeytarKeychain(), shell.log);
  const { userDataDir } = options;
  if (options.core === 'in-thread') {
    const core = await createCore({
      userDataDir,
      keychain,
      preferences: corePreferences(userDataDir, shell.log),
      log: shell.log,
      host: 'browser',
      mediaBase: shell.mediaBase,
      noticesFile: NOTICES_FILE,
      ...(shell.launchSandbox ? { launchSandbox: shell.launchSandbox } : {}),
    });
    return inThreadCore(core);
  }
  return startRemoteCore({
    spawn: options.spawnCore ?? childProcessCore(shell.log, options.coreEntry),
    // Stopping is bounded: a core that cannot finish (its sandbox frozen mid-request) is ended.
    stopGraceMs: SHELL_STOP_GRACE_MS,
    config: {
      userDataDir,
      host: 'browser',
      mediaBase: shell.mediaBase,
      noticesFile: NOTICES_FILE,
      ...(options.probe ? { probe: options.probe } : {}),
    },
    keychain,
    launchSandbox: shell.launchSandbox,
    log: shell.log,
  });
}

function launcherFor(options: BrowserHostOptions, log: Logger): SandboxLauncher | null {
  const sandbox = options.sandbox ?? 'embedded';
  if (sandbox === 'none') return null;
  if (sandbox === 'embedded')
    return childProcessSandbox({ speed: options.sandboxSpeed ?? 'realtime', log, crashLogsDir: join(options.userDataDir, 'logs') });
  return existingSandbox(sandbox.ready);
}
