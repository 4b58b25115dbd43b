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
import { SyncPage } from '../studio/pages/SyncPage.ts';
import {
  chromiumMissing,
  formatFindings,
  launchChromium,
  resize,
  seriousViolations,
  settleTheme,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { ScenesApp } from './pages/ScenesApp.ts';

/** Screenshots to look at, outside the repository (SYNC_SHOTS names the folder; none are taken without it). */
const SHOTS = process.env.SYNC_SHOTS ?? null;
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** One machine: a browser host on its own data folder (its own library and sandbox) and its page. */
type Machine = { studio: StudioHost; app: ScenesApp };

/**
 * Two machines of one space over a sync server this test starts, each a browser host with its own
 * data folder, joined through Settings → Sync with a code the server printed: both type into the
 * same line of a scene at once and end with the same words, both people's, a composition with an
 * input method included; B sees A on the line.
 */
describe.skipIf(chromiumMissing() !== null)('a scene written on two machines at once', () => {
  const data = tempFolder('scene-together-server-');
  let server: SyncServerProcess;
  let browser: Browser;
  const machines: Machine[] = [];
  let a: Machine;
  let b: Machine;
  let sceneId = '';
  let lineId = '';

  async function machine(member: string): Promise<Machine> {
    const studio = await startStudioHost();
    const app = await ScenesApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    app.page.setDefaultTimeout(30_000);
    machines.push({ studio, app });
    await app.startInSandbox();
    await app.go('settings');
    const sync = new SyncPage(app.page);
    await sync.show();
    const { code } = await inviteCode(data.path, 'Night market', member);
    await sync.join(server.httpUrl, code);
    await sync.waitForState('synced');
    return { studio, app };
  }

  /** Opens the scene from the list once this machine's library has it. */
  async function openScene({ studio, app }: Machine): Promise<void> {
    await studio.until('the scene in this library', async () => (await studio.call('scenes.list', {})).some((s) => s.id === sceneId));
    await app.goScenes();
    await app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
    await app.editor().waitFor();
  }

  function textBox({ app }: Machine) {
    return app.page.locator(`li.scene-line[data-line-id="${lineId}"] textarea[data-field="text"]`);
  }

  beforeAll(async () => {
    server = await startSyncServerProcess(data.path);
    browser = await launchChromium();
    a = await machine('Ana');
    b = await machine('Ben');
  }, 400_000);

  afterAll(async () => {
    for (const { app } of machines) await app.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    for (const { studio } of machines) await studio.stop();
    await server?.kill();
    data.remove();
  });

  it('merges both people typing in one line at once: both show the same words, both people’s', async () => {
    await a.app.goScenes();
    sceneId = await a.app.newScene('Night market');
    await a.app.editor().locator('[data-action="add-line"]').click();
    await a.app.focusedText().fill('12:30');
    lineId = (await a.app.line(0).getAttribute('data-line-id')) ?? '';
    await a.app.waitForSaved();
    await openScene(b);
    await expect.poll(() => textBox(b).inputValue(), { timeout: 30_000 }).toBe('12:30');

    // Both put the caret at the end of the line and type a word, at the same time.
    for (const machine of [a, b]) {
      await textBox(machine).click();
      await textBox(machine).press('End');
    }
    await Promise.all([a.app.page.keyboard.type(' ANA WAS HERE', { delay: 40 }), b.app.page.keyboard.type(' ben was here', { delay: 40 })]);
    await Promise.all([a.app.waitForSaved(), b.app.waitForSaved()]);

    const bothWords = (text: string) => text.replace(/[^A-Z]/g, '') === 'ANAWASHERE' && text.replace(/[^a-z]/g, '') === 'benwashere';
    await expect.poll(async () => bothWords(await textBox(a).inputValue()), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => bothWords(await textBox(b).inputValue()), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await textBox(a).inputValue()) === (await textBox(b).inputValue()), { timeout: 30_000 }).toBe(true);
    const text = await textBox(a).inputValue();
    expect(text).toContain('ANA WAS HERE');
    expect(text).toContain('ben was here');
    expect(text.startsWith('12:30')).toBe(true);
    // The libraries hold it too.
    const stored = async ({ studio }: Machine) => (await studio.call('scenes.get', { id: sceneId })).lines[0]?.text;
    await expect.poll(() => stored(a)).toBe(text);
    await expect.poll(() => stored(b)).toBe(text);
  });

  it('lets a composition with an input method go on while the other machine types in the line, then merges both', async () => {
    const before = await textBox(a).inputValue();
    await textBox(a).click();
    await textBox(a).press('End');
    // A composes a word with a Japanese input method: the reading first, not yet committed.
    const ime = await a.app.page.context().newCDPSession(a.app.page);
    await ime.send('Input.imeSetComposition', { text: 'ひ', selectionStart: 1, selectionEnd: 1 });
    await ime.send('Input.imeSetComposition', { text: 'ひる', selectionStart: 2, selectionEnd: 2 });

    // Meanwhile B types at the start of the same line, and A's machine has it.
    await textBox(b).click();
    await textBox(b).press('Home');
    await b.app.page.keyboard.type('B: ', { delay: 40 });
    await b.app.waitForSaved();
    const stored = async ({ studio }: Machine) => (await studio.call('scenes.get', { id: sceneId })).lines[0]?.text;
    await expect.poll(() => stored(a), { timeout: 30_000 }).toBe(`B: ${before}`);
    // A's box is left alone while A composes: putting text in it would end the composition.
    await a.app.page.waitForTimeout(500);
    expect(await textBox(a).inputValue()).toBe(`${before}ひる`);

    // A commits the word: both machines show both people's words.
    await ime.send('Input.insertText', { text: '昼' });
    await a.app.waitForSaved();
    const both = `B: ${before}昼`;
    await expect.poll(() => textBox(a).inputValue(), { timeout: 30_000 }).toBe(both);
    await expect.poll(() => textBox(b).inputValue(), { timeout: 30_000 }).toBe(both);
    await expect.poll(() => stored(b), { timeout: 30_000 }).toBe(both);
    await ime.detach();
  });

  it('shows B who else is in the scene and on which line', async () => {
    // B looks at the scene from the title; A is in the line.
    await b.app.editor().locator('input[data-field="title"]').focus();
    await textBox(a).click();
    const member = b.app.editor().locator(`.scene-presence-member[data-line-id="${lineId}"]`);
    await member.waitFor();
    expect((await member.innerText()).trim()).toBe('A\n\u2068Ana\u2069 · line 1');
    const marker = b.app.page.locator(`li.scene-line[data-line-id="${lineId}"] .scene-line-presence`);
    await marker.waitFor();
    expect(await marker.getAttribute('aria-label')).toBe('On this line: \u2068Ana\u2069');
    // In both themes, without serious accessibility findings (names, contrast of the initials).
    for (const theme of ['light', 'dark'] as const) {
      await settleTheme(b.app.page, theme);
      const findings = await seriousViolations(b.app.page);
      expect(findings, formatFindings(findings)).toEqual([]);
    }
    await settleTheme(b.app.page, 'light');

    await photograph(b, 'scene-presence', ['en', 'ar', 'ja']);

    // A goes to another section of the app: B no longer sees A in the scene.
    await a.app.go('studio');
    await b.app.editor().locator('.scene-presence').waitFor({ state: 'detached' });
    expect(await b.app.page.locator('.scene-line-presence').count()).toBe(0);
  });

  /** B's editor at each size and theme in each language, when asked to. */
  async function photograph({ studio, app }: Machine, name: string, languages: Settings['language'][]): Promise<void> {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    for (const language of languages) {
      if (language !== 'en') {
        await studio.call('settings.set', { language });
        await app.page.reload();
        await app.waitForReady();
        await openScene({ studio, app });
        await app.editor().locator('.scene-line-presence').waitFor();
      }
      for (const size of SIZES)
        for (const theme of ['light', 'dark'] as const) {
          await resize(app.page, size);
          await settleTheme(app.page, theme);
          await app.page.screenshot({ path: join(SHOTS, `${name}-${language}-${size.width}-${theme}.png`), animations: 'disabled' });
        }
    }
    await studio.call('settings.set', { language: 'en' });
    await app.page.reload();
    await app.waitForReady();
    await openScene({ studio, app });
    await settleTheme(app.page, 'light');
    await resize(app.page, SIZES[1]);
  }
});
