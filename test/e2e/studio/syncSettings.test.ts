import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/ipc/index.ts';
import {
  inviteCode,
  startSyncServerProcess,
  tempFolder,
  type SyncServerProcess,
} from '../../integration/sync/support/syncServerProcess.ts';
import { chromiumMissing, launchChromium, resize, settleTheme, startStudioHost, type StudioHost } from '../support/index.ts';
import { LanguagePage } from './pages/LanguagePage.ts';
import { StudioApp } from './pages/StudioApp.ts';
import { SyncPage } from './pages/SyncPage.ts';

type Language = Settings['language'];

/** Screenshots to look at, outside the repository (SYNC_SHOTS names the folder; none are taken without it). */
const SHOTS = process.env.SYNC_SHOTS ?? null;
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/**
 * Settings → Sync over the browser host: a person joins with a code printed by a sync server this
 * test starts, sees the space's name, who they are and its status (the session's own space link
 * syncing with that server), and leaves.
 */
describe.skipIf(chromiumMissing() !== null)('Settings → Sync', () => {
  const data = tempFolder('sync-e2e-server-');
  let server: SyncServerProcess;
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let sync: SyncPage;

  /** Photographs the section at each size and theme in `language`, when asked to. */
  async function photograph(name: string, language: Language): Promise<void> {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await chooseLanguage(language);
    for (const size of SIZES)
      for (const theme of ['light', 'dark'] as const) {
        await resize(app.page, size);
        await settleTheme(app.page, theme);
        await sync.show();
        await app.page.screenshot({ path: join(SHOTS, `${name}-${language}-${size.width}-${theme}.png`), animations: 'disabled' });
      }
    await chooseLanguage('en');
    await settleTheme(app.page, 'light');
    await resize(app.page, SIZES[1]);
  }

  /** Settings → Language, as a person picks it (no reload); the pseudo-locale is set and the page reloaded. */
  async function chooseLanguage(language: Language): Promise<void> {
    const names: Partial<Record<Language, string>> = { en: 'English', ja: '日本語', ar: 'العربية' };
    const name = names[language];
    if (name) await new LanguagePage(app.page).choose(name);
    else {
      await studio.call('settings.set', { language });
      await app.page.reload();
      await app.waitForReady();
      await app.go('settings');
    }
    await app.page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  }

  beforeAll(async () => {
    server = await startSyncServerProcess(data.path);
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    app.page.setDefaultTimeout(20_000);
    await app.startInSandbox();
    await app.go('settings');
    sync = new SyncPage(app.page);
    await sync.show();
  }, 300_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
    await server?.kill();
    data.remove();
  });

  it('says so when a code is not accepted', async () => {
    await sync.join(server.httpUrl, 'AAAAA-BBBBB-CCCCC-DDDDD');
    expect(await sync.fieldError('joinCode')).toBe(
      'The server did not accept this join code: it is wrong, already used or expired. Ask the space’s owner for a new one.',
    );
    await photograph('sync-join-refused', 'ja');
    await photograph('sync-join-refused', 'ar');
  });

  it('joins with a code the server printed, and shows the space, who this is and its status', async () => {
    const { code } = await inviteCode(data.path, 'Night market', 'Ana');
    await sync.join(server.httpUrl, code);
    await sync.waitForState('synced');
    expect(await sync.spaceName()).toBe('Night market');
    expect(await sync.memberName()).toBe('Ana');
    expect(await sync.stateText()).toMatch(/^Synced/);
    for (const language of ['en', 'ja', 'ar', 'en-XA'] as const) await photograph('sync-synced', language);
  });

  it('shows the space offline once its server stops', async () => {
    await server.kill();
    await sync.waitForState('offline');
    expect(await sync.stateText()).toMatch(/^Offline\s*no changes waiting/);
    for (const language of ['en', 'ja', 'ar'] as const) await photograph('sync-offline', language);
  });

  it('leaves the space after asking', async () => {
    if (SHOTS) {
      await chooseLanguage('ar');
      await resize(app.page, SIZES[0]);
      await sync.root.locator('[data-action="leave-space"]').click();
      await app.page.locator('dialog[data-dialog="leave-space"][open]').waitFor();
      await app.page.screenshot({ path: join(SHOTS, 'sync-leave-ar-1024-light.png'), animations: 'disabled' });
      await app.page.keyboard.press('Escape');
      await app.page.locator('dialog[data-dialog="leave-space"][open]').waitFor({ state: 'detached' });
      await chooseLanguage('en');
    }
    await sync.leave();
    expect(await sync.root.locator('[data-testid="sync-space"]').count()).toBe(0);
    expect(await studio.call('spaces.status', {})).toEqual({ membership: null, state: 'off', pendingChanges: 0 });
  });
});
