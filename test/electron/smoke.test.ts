import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Electron smoke test: the real app, built, in the real Electron binary, driven by Playwright.
 * It runs wherever the binary is installed and is skipped, with the reason printed, where it is
 * not (the `electron` package downloads its binary on first use, which some machines cannot do).
 * Nothing here requires the `electron` package itself: that would start the download.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const APP_ORIGIN = 'castapp://studio';

/** The binary the `electron` package would launch, if it is on disk (as scripts/start.mjs finds it). */
function electronBinary(): string | null {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return join(override, executable ?? 'electron');
  if (!executable) return null;
  const binary = join(dir, 'dist', executable);
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
const skipReason = binary
  ? null
  : 'Electron smoke test skipped: the Electron binary is not installed on this machine (node_modules/electron has no dist/). ' +
    'Run `node node_modules/electron/install.js` where the download is allowed, then `npx vitest run test/electron`.';
if (skipReason) console.warn(skipReason);

/**
 * Test-only main-process hook, loaded with --require before the app: with no keychain reachable
 * and no safe storage backend (a headless CI runner), the app asks the user before storing the
 * sandbox key without encryption; here the "user" says yes, so no dialog blocks the run.
 */
const CONSENT_HOOK = `
if (process.type === 'browser') {
  const { dialog } = require('electron');
  dialog.showMessageBox = async () => ({ response: 1, checkboxChecked: false });
}
`;

describe.skipIf(skipReason !== null)('the Electron app (smoke)', () => {
  let app: ElectronApplication;
  let window: Page;
  let userData: string;

  beforeAll(async () => {
    for (const mode of ['renderer', 'main', 'preload', 'sandbox']) {
      const build = spawnSync(
        process.execPath,
        [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', mode, '--logLevel', 'warn'],
        { cwd: root, encoding: 'utf8' },
      );
      if (build.status !== 0) throw new Error(`vite build --mode ${mode} failed:\n${build.stdout}\n${build.stderr}`);
    }
    userData = mkdtempSync(join(tmpdir(), 'cast-electron-'));
    const hook = join(userData, 'consent-hook.cjs');
    await import('node:fs/promises').then((fs) => fs.writeFile(hook, CONSENT_HOOK));
    const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;
    app = await _electron.launch({
      executablePath: binary ?? undefined,
      args: [...(process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : []), `--user-data-dir=${userData}`, root],
      cwd: root,
      env: { ...env, NODE_OPTIONS: `--require ${hook}` },
      timeout: 60_000,
    });
    window = await app.firstWindow();
    await window.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  });
  afterAll(async () => {
    await app?.close();
    if (userData) rmSync(userData, { recursive: true, force: true });
  });

  it('opens the window on the studio, connected to the embedded sandbox', async () => {
    expect(window.url()).toBe(`${APP_ORIGIN}/index.html`);
    const connection = await window.evaluate(async () => {
      const cast = (
        window as unknown as {
          cast: { invoke(c: string, i: unknown): Promise<{ ok: boolean; value?: { profile: { kind: string } | null } }> };
        }
      ).cast;
      return cast.invoke('connection.get', {});
    });
    expect(connection).toMatchObject({ ok: true, value: { profile: { kind: 'sandbox' } } });
  });

  it('runs the page locked down', async () => {
    const preferences = await app.evaluate(({ BrowserWindow }) => {
      // Not in Electron's typings, but what Electron itself reports the window was created with.
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as
        { getLastWebPreferences?: () => Record<string, unknown> } | undefined;
      const prefs = contents?.getLastWebPreferences?.();
      return {
        contextIsolation: prefs?.contextIsolation,
        sandbox: prefs?.sandbox,
        nodeIntegration: prefs?.nodeIntegration,
        nodeIntegrationInSubFrames: prefs?.nodeIntegrationInSubFrames,
        webSecurity: prefs?.webSecurity,
        webviewTag: prefs?.webviewTag,
        allowRunningInsecureContent: prefs?.allowRunningInsecureContent,
      };
    });
    expect(preferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
  });

  it('exposes exactly invoke, on and the system languages, frozen, and no Node', async () => {
    const exposed = await window.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      const cast = w.cast as Record<string, unknown>;
      return {
        keys: Object.keys(cast).sort(),
        frozen: Object.isFrozen(cast),
        types: [typeof cast.invoke, typeof cast.on],
        languages: Array.isArray(cast.systemLanguages) && cast.systemLanguages.every((tag) => typeof tag === 'string' && tag !== ''),
        node: [typeof w.require, typeof w.process, typeof w.module, typeof w.Buffer],
      };
    });
    expect(exposed).toEqual({
      keys: ['invoke', 'on', 'systemLanguages'],
      frozen: true,
      types: ['function', 'function'],
      languages: true,
      node: ['undefined', 'undefined', 'undefined', 'undefined'],
    });
  });

  it('blocks inline script with its CSP', async () => {
    const ran = await window.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
  });

  it('refuses IPC from a foreign frame before the router sees it', async () => {
    await window.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.srcdoc = '<p>foreign</p>';
      document.body.append(frame);
      return new Promise((resolve) => frame.addEventListener('load', resolve));
    });
    const replies = await app.evaluate(async ({ BrowserWindow, ipcMain }) => {
      const contents = BrowserWindow.getAllWindows()[0]?.webContents;
      // ipcMain.handle keeps its handlers here; calling one directly lets the test play a sender
      // that a real page cannot (a subframe has no preload, another window has no reason to exist).
      const handlers = (ipcMain as unknown as { _invokeHandlers: Map<string, (event: unknown, message: unknown) => Promise<unknown>> })
        ._invokeHandlers;
      const handle = handlers.get('cast:invoke');
      if (!contents || !handle) throw new Error('no window or no IPC handler');
      const main = contents.mainFrame;
      const child = main.frames[0] ?? { url: 'https://evil.example/', parent: main };
      const ask = (senderFrame: unknown) =>
        handle({ sender: contents, senderFrame, frameId: 0, processId: 0 }, { command: 'app.info', input: {} });
      return {
        fromMain: await ask(main),
        fromSubframe: await ask(child),
        fromNull: await ask(null),
        fromOtherOrigin: await ask({ url: 'https://evil.example/', parent: null }),
      };
    });
    expect(replies.fromMain).toMatchObject({ ok: true });
    for (const refused of [replies.fromSubframe, replies.fromNull, replies.fromOtherOrigin]) {
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
  });

  it('refuses unknown media ids and anything that is not an id', async () => {
    const statuses = await app.evaluate(async ({ net }) => {
      const status = async (url: string) => (await net.fetch(url)).status;
      return {
        unknown: await status('casmedia://media/no0such0id'),
        traversal: await status('casmedia://media/..%2f..%2fetc%2fpasswd'),
        absolute: await status('casmedia://media/%2Fetc%2Fpasswd'),
      };
    });
    expect(statuses).toEqual({ unknown: 404, traversal: 400, absolute: 400 });
    const fromPage = await window.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const image = new Image();
          image.onload = () => resolve('loaded');
          image.onerror = () => resolve('refused');
          image.src = 'casmedia://media/no0such0id';
        }),
    );
    expect(fromPage).toBe('refused');
  });
});
