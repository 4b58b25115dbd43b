import { BrowserWindow, type WebContents } from 'electron';
import { systemLanguagesArgument } from '../../shared/ipc/systemLanguages.ts';
import { originOf } from './appUrls.ts';
import { openExternalLink } from './openExternal.ts';
import { MIN_SIZE, type WindowState } from './windowState.ts';

export type MainWindowOptions = {
  preload: string;
  url: string;
  /** Where to open: from restoreWindowState. */
  state: { x?: number; y?: number; width: number; height: number; maximized: boolean };
  backgroundColor: string;
  /** The system's preferred languages, for the page to speak the first it can (preload.ts reads them). */
  systemLanguages: readonly string[];
  /** Called with the bounds to remember when the window closes. */
  onClose: (state: WindowState) => void;
};

/**
 * The studio window, locked down: the page runs sandboxed with context isolation and no Node, web
 * security on, no webview tag, and it cannot navigate anywhere or open windows. Its only door to
 * main is the preload's `window.cast`.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...(options.state.x === undefined || options.state.y === undefined ? {} : { x: options.state.x, y: options.state.y }),
    width: options.state.width,
    height: options.state.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Cast Studio',
    backgroundColor: options.backgroundColor,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      additionalArguments: [systemLanguagesArgument(options.systemLanguages)],
    },
  });
  hardenContents(win.webContents, originOf(options.url) ?? '');
  if (options.state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => {
    options.onClose({ ...win.getNormalBounds(), maximized: win.isMaximized() });
  });
  void win.loadURL(options.url);
  return win;
}

/**
 * For every web contents the app has (the window, devtools): no navigation away from the app's
 * origin, no new windows (https links on the allowlist open in the user's browser instead), no
 * webviews.
 */
export function hardenContents(contents: WebContents, appOrigin: string): void {
  contents.on('will-navigate', (event, url) => {
    // The renderer routes in memory; a real navigation is a link the page did not handle.
    event.preventDefault();
    openExternalLink(url);
  });
  contents.on('will-frame-navigate', (event) => {
    if (originOf(event.url) !== appOrigin && event.url !== 'about:blank' && event.url !== 'about:srcdoc') event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (originOf(event.url) !== appOrigin) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternalLink(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
