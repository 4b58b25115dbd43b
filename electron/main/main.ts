// The Electron shell's entry: it wires core to windows, IPC, protocols and the desktop, and holds no
// behaviour of its own (each concern is one module beside this file).
import { app, BrowserWindow, crashReporter, dialog, nativeTheme, screen, session } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import type { Reply } from '../../shared/ipc/bridge.ts';
import type { Settings } from '../../shared/ipc/models.ts';
import { preferredSystemLanguages } from '../../shared/ipc/systemLanguages.ts';
import { installCrashLog } from '../core/app/crashLog.ts';
import { acquireDataFolderLock, type DataFolderLock } from '../core/app/dataFolderLock.ts';
import { startScreenIn } from '../core/app/screenMemory.ts';
import { chosenCatalogIn, startCatalog } from '../core/app/startLanguage.ts';
import { peekPreferences } from '../core/preferences/preferences.ts';
import { SHELL_STOP_GRACE_MS, startRemoteCore, type ShellCore } from '../core/host/remoteCore.ts';
import { FileLogSink, RedactingLogger } from '../core/log/logger.ts';
import { startUpdates, type ShellUpdates } from '../core/updates/startUpdates.ts';
import { installAppMenu } from './appMenu.ts';
import { appContentSecurityPolicy } from './appResponse.ts';
import { APP_ENTRY_URL, APP_ORIGIN, MEDIA_BASE, MEDIA_SCHEME } from './appUrls.ts';
import { createDesktopKeychain } from './desktopKeychain.ts';
import { utilityCore } from './coreUtility.ts';
import { desktopUpdater } from './autoUpdates.ts';
import { attachIpcTransport } from './ipcTransport.ts';
import { watchJobs } from './jobWatcher.ts';
import { handleAppProtocol, handleMediaProtocol, registerPrivilegedSchemes } from './mediaProtocol.ts';
import { utilitySandbox } from './sandboxUtility.ts';
import { applySessionPolicy } from './sessionPolicy.ts';
import { registerShellHandlers } from './shellHandlers.ts';
import { ShellLanguage, shellLocale } from './shellWords.ts';
import { startFailureWords } from './startFailureWords.ts';
import { checkDroppedFile } from './uploadCheck.ts';
import { createMainWindow, hardenContents } from './window.ts';
import { restoreWindowState } from './windowState.ts';
import { WindowStateFile } from './windowStateFile.ts';

// Minidumps of native crashes stay on this computer (the crashDumps folder); nothing is uploaded.
crashReporter.start({ uploadToServer: false });
registerPrivilegedSchemes();
app.enableSandbox();
if (!app.requestSingleInstanceLock()) app.quit();
else void start();

async function start(): Promise<void> {
  await app.whenReady();
  // Read before core starts, as core reads it: the screen and language kept when this run began.
  const preferences = peekPreferences(app.getPath('userData'));
  // The menu, notifications and dialogs speak the page's language, and follow Settings' changes.
  const menuOptions = { platform: process.platform, isPackaged: app.isPackaged, productName: app.getName() };
  const language = new ShellLanguage(shellLocale(preferences?.settings, preferredSystemLanguages(app)), (words) =>
    installAppMenu(words, menuOptions),
  );
  // Electron's lock keeps a second desktop app out; this one also keeps out a browser host started
  // on the same folder (`--data`), which knows nothing of Electron's.
  let folderLock: DataFolderLock;
  try {
    folderLock = await acquireDataFolderLock(app.getPath('userData'));
  } catch (error) {
    dialog.showErrorBox('Cast Studio', startFailureWords(error, await language.words()));
    app.quit();
    return;
  }
  app.once('will-quit', () => folderLock.release());
  const root = app.getAppPath();
  const fileLog = new FileLogSink(join(app.getPath('logs'), 'main.log'));
  const log = new RedactingLogger([fileLog]);
  // Core's own folder for logs (Settings → About names it), where the next start looks for a crash.
  installCrashLog({
    where: 'main',
    logsDir: join(app.getPath('userData'), 'logs'),
    version: app.getVersion(),
    secrets: log.redactor,
    rejectionsThatWarn: true,
  });
  // Core is the only writer of preferences.json; the window's place has a file of its own, written only here.
  const windowState = new WindowStateFile(
    new Store<Record<string, unknown>>({ name: 'window', configFileMode: 0o600 }),
    join(app.getPath('userData'), 'preferences.json'),
  );
  const csp = appContentSecurityPolicy(MEDIA_SCHEME);
  let win: BrowserWindow | null = null;
  let updates: ShellUpdates | null = null;
  // Set once the app is on its way out (a quit, or a restart into an update): before-quit lets it go.
  let stopped = false;

  applySessionPolicy(session.defaultSession, { appOrigin: APP_ORIGIN, csp });
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, APP_ORIGIN));
  // The page's language is read at each load, so a reload after a change in Settings starts in it.
  handleAppProtocol(join(root, 'dist', 'renderer'), csp, startScreenIn(preferences), () =>
    startCatalog(chosenCatalogIn(peekPreferences(app.getPath('userData'))), preferredSystemLanguages(app)),
  );

  // The window opens at once on the renderer's "Starting…" screen; invokes wait for core, which
  // runs in a utility process of its own; the keychain and the sandbox's process stay here.
  const starting = startRemoteCore({
    spawn: utilityCore({ entry: join(root, 'dist', 'main', 'coreEntry.js'), log }),
    config: {
      userDataDir: app.getPath('userData'),
      host: 'electron',
      mediaBase: MEDIA_BASE,
      appVersion: app.getVersion(),
      // electron-builder.yml puts the build's notices in the resources folder of an installed app.
      noticesFile: app.isPackaged ? join(process.resourcesPath, 'notices', 'notices.json') : join(root, 'dist', 'notices', 'notices.json'),
    },
    keychain: createDesktopKeychain({ log, window: () => win }),
    launchSandbox: utilitySandbox({
      entry: join(root, 'dist', 'sandbox', 'cli.js'),
      speed: 'realtime',
      log,
      crashLogsDir: join(app.getPath('userData'), 'logs'),
    }),
    // Quitting is bounded: a core that cannot finish (its sandbox frozen mid-request) is ended.
    stopGraceMs: SHELL_STOP_GRACE_MS,
    log,
  });
  let started: ShellCore | null = null;
  handleMediaProtocol(async (id) => (started ? started.mediaFile(id) : null));
  const applyTheme = (reply: Reply<unknown>) => {
    if (reply.ok) nativeTheme.themeSource = (reply.value as Settings).theme;
  };
  attachIpcTransport({
    router: starting.then((core) => core.router),
    window: () => win,
    origin: APP_ORIGIN,
    log,
    checks: { 'uploads.fromPath': checkDroppedFile },
    onReply: (command, reply) => {
      if (command !== 'settings.set') return;
      applyTheme(reply);
      if (!reply.ok) return;
      updates?.settingsChanged(reply.value);
      void language.follow(shellLocale(reply.value, preferredSystemLanguages(app)));
    },
  });
  const openWindow = () => {
    const workAreas = screen.getAllDisplays().map((display) => display.workArea);
    const opened = createMainWindow({
      preload: join(root, 'dist', 'preload', 'preload.cjs'),
      url: APP_ENTRY_URL,
      state: restoreWindowState(windowState.read(), workAreas),
      backgroundColor: nativeTheme.shouldUseDarkColors ? '#16161a' : '#f7f7f8',
      systemLanguages: preferredSystemLanguages(app),
      onClose: (state) => windowState.write(state),
    });
    opened.on(
      'focus',
      () =>
        void starting.then(
          (core) => core.setFocused(true),
          () => undefined,
        ),
    );
    opened.on(
      'blur',
      () =>
        void starting.then(
          (core) => core.setFocused(false),
          () => undefined,
        ),
    );
    opened.on('closed', () => (win = null));
    win = opened;
  };
  openWindow();

  let core: ShellCore;
  try {
    core = await starting;
  } catch (error) {
    const words = await language.words();
    const logFolder = words.say('shell.start.logFolder', { folder: app.getPath('logs') });
    dialog.showErrorBox(words.say('shell.start.failed'), `${startFailureWords(error, words)}\n\n${logFolder}`);
    app.exit(1);
    return;
  }
  started = core;
  registerShellHandlers({ router: core.router, window: () => win, resolveMedia: (id) => core.resolveMedia(id) });
  watchJobs({
    router: core.router,
    window: () => win,
    notificationsEnabled: async () => {
      const reply = await core.router.handle('settings.get', {});
      return reply.ok && (reply.value as Settings).notifications;
    },
    words: () => language.words(),
  });
  applyTheme(await core.router.handle('settings.get', {}));
  const beforeRestart = async () => {
    stopped = true;
    updates?.stop();
    await core.stop();
    await fileLog.close();
  };
  updates = await startUpdates(core.router, desktopUpdater({ log, beforeRestart }), log);

  app.on('second-instance', () => {
    if (!win) return openWindow();
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('activate', () => win ?? openWindow());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    stopped = true;
    updates?.stop();
    // The file log writes in the background: its last lines reach the disk before the app quits.
    void core
      .stop()
      .finally(() => fileLog.close())
      .finally(() => app.quit());
  });
}
