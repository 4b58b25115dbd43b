import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, settleTheme, startStudioHost, type StudioHost } from '../support/index.ts';
import { CastPage } from './pages/CastPage.ts';
import { GeneratePanel } from './pages/GeneratePanel.ts';
import { LanguagePage } from './pages/LanguagePage.ts';
import { StudioApp } from './pages/StudioApp.ts';

const SHOTS = join(process.cwd(), 'test-artifacts', 'screenshots');

/**
 * Words a store keeps follow a change of language: a notice the voice lab showed in English reads
 * Arabic once Arabic is chosen, without a reload; a scene made with no title is called "Untitled
 * scene" in the language shown, never stored so; what the generate panel says a request lacks is
 * worded as it is drawn. Photographed at 1024×700 in both themes and both
 * languages (test-artifacts/screenshots/studio-words-*.png).
 */
describe.skipIf(chromiumMissing() !== null)('words kept by stores follow the language', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let sceneId: string;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1024, height: 700 }, locale: 'en-US' });
    app.page.setDefaultTimeout(20_000);
    await app.startInSandbox();
    sceneId = (await studio.call('scenes.create', {})).id;
    await studio.createCharacter('Nour');
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
  });

  async function photograph(name: string): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await settleTheme(app.page, theme);
      await app.page.screenshot({ path: join(SHOTS, `studio-words-${name}-${theme}.png`), animations: 'disabled' });
    }
    await settleTheme(app.page, 'light');
  }

  async function chooseLanguage(name: string, lang: string): Promise<void> {
    await app.go('settings');
    const language = new LanguagePage(app.page);
    await language.show();
    await language.choose(name);
    await expect.poll(async () => (await language.document()).lang).toBe(lang);
  }

  /** Nour's page, with its generate panel. */
  async function openNour(): Promise<GeneratePanel> {
    await app.go('studio');
    const panel = new GeneratePanel(app.page);
    // The studio opens on the page last seen there: the cast the first time, Nour's page after.
    const cast = new CastPage(app.page);
    await panel.root.or(cast.card('Nour')).first().waitFor();
    if (!(await panel.root.isVisible())) await cast.open('Nour');
    await panel.root.waitFor();
    return panel;
  }

  const promptError = (panel: GeneratePanel) =>
    panel.root.locator('.field', { has: app.page.locator('[data-field="prompt"]') }).locator('.field-error');

  const notice = () => app.page.locator('.track-list-notice, .status-notice', { hasText: /Harbour/ }).first();

  it('keeps a scene with no title untitled, and words it in the language shown', async () => {
    const stored = await studio.call('scenes.get', { id: sceneId });
    expect(stored.title).toBe('');
    await app.page.locator('[data-nav="scenes"]').click();
    const card = app.page.locator(`.scene-card[data-scene-id="${sceneId}"]`);
    await expect.poll(() => card.innerText()).toContain('Untitled scene');
  });

  it('says what the generate panel lacks once a submit was tried', async () => {
    const panel = await openNour();
    await panel.setPrompt('');
    await panel.root.locator('[data-field="prompt"]').press('Control+Enter');
    await expect.poll(() => promptError(panel).innerText()).toMatch(/Write a prompt/);
  });

  it('shows a track’s saved notice in Arabic once Arabic is chosen', async () => {
    const { page } = app;
    await app.go('voices');
    // The first preset voice the sandbox offers.
    await page
      .locator('.voice-row')
      .getByRole('button', { name: /^Make speech/ })
      .first()
      .click();
    await page.getByTestId('speech-text').fill('Harbour lights at dusk.');
    const speak = page.locator('.speech-form .price-button');
    await expect.poll(() => speak.getAttribute('data-price-status'), { timeout: 30_000 }).toBe('priced');
    await speak.click();
    const track = page.locator('.track', { hasText: 'Harbour lights' }).first();
    await track.waitFor({ timeout: 120_000 });
    const download = track.getByRole('button', { name: 'Download' });
    await expect.poll(() => download.isEnabled(), { timeout: 60_000 }).toBe(true);
    await download.click();
    await expect.poll(() => notice().innerText()).toMatch(/saved to/);
    await notice().scrollIntoViewIfNeeded();
    await photograph('voices-en');

    await chooseLanguage('العربية', 'ar');
    await app.go('voices');
    await expect.poll(() => notice().innerText()).toContain('حُفظ');
    expect(await notice().innerText()).not.toMatch(/saved to/);
    await notice().scrollIntoViewIfNeeded();
    await photograph('voices-ar');
  }, 300_000);

  it('words the untitled scene in Arabic too', async () => {
    await app.page.locator('[data-nav="scenes"]').click();
    const card = app.page.locator(`.scene-card[data-scene-id="${sceneId}"]`);
    await expect.poll(() => card.innerText()).toContain('مشهد');
    expect(await card.innerText()).not.toContain('Untitled scene');
    await photograph('scenes-ar');
  });

  it('words what the generate panel lacks in Arabic, as it is drawn', async () => {
    const panel = await openNour();
    await expect.poll(() => promptError(panel).innerText()).toMatch(/[\u0600-\u06ff]/);
    expect(await promptError(panel).innerText()).not.toMatch(/Write a prompt/);
    await photograph('generate-ar');
  });
});
