import { readFileSync } from 'node:fs';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  inspectScreen,
  launchChromium,
  startStudioHost,
  textThatDoesNotFit,
  type FitAllowance,
  type StudioHost,
} from '../support/index.ts';
import { ScenesApp } from '../scenes/pages/ScenesApp.ts';
import { AboutPage } from './pages/AboutPage.ts';
import { CastPage } from './pages/CastPage.ts';
import { DetailViewPage } from './pages/DetailViewPage.ts';
import { GeneratePanel } from './pages/GeneratePanel.ts';
import { LanguagePage } from './pages/LanguagePage.ts';

const catalog = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../renderer/i18n/messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const ENGLISH = catalog('en');
/** A non-English catalog's chunk, as the build names it. */
const CATALOG_CHUNK = /\/assets\/(es|pt-BR|fr|de|ja|zh-CN|ar)-[\w-]+\.js$/;
const SMALL = { width: 1024, height: 700 };

/**
 * Text that runs past its box by design, each reachable in full: the scroll containers scroll and
 * the truncated names carry their whole text in a title.
 */
const FITS_BY_DESIGN: readonly FitAllowance[] = [
  { name: "a gallery tile's title", selector: '.gallery-title[title]' },
  { name: "a gallery tile's maker and date", selector: '.gallery-meta[title]' },
];

/**
 * A creator's first use of the studio in Japanese and in Arabic, over the browser host in Chromium
 * at 1024×700, the studio following the browser's language: connect, create a character, generate
 * an image, make speech, write and render a one-line scene, and browse the gallery. Elements are
 * found by role, test id and structure, never by their English words. Then every screen is
 * photographed in both themes (test-artifacts/screenshots/studio-language-<locale>-<screen>-<theme>.png)
 * and checked by axe; in the pseudo-locale, whose words are longer than any translation's, no
 * text may be cut off or spill out of its box.
 */
describe.skipIf(chromiumMissing() !== null).each([
  { locale: 'ja', browserLocale: 'ja-JP', settings: '設定' },
  { locale: 'ar', browserLocale: 'ar-EG', settings: 'الإعدادات' },
])('the first use in $locale', ({ locale, browserLocale, settings }) => {
  let studio: StudioHost;
  let browser: Browser;
  let app: ScenesApp;
  const name = locale === 'ja' ? '青木 ミラ' : 'ميرا فالي';
  let characterId = '';

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await ScenesApp.open(browser, studio.url, { theme: 'light', viewport: SMALL, locale: browserLocale });
    app.page.setDefaultTimeout(15_000);
  }, 300_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('starts in the language from the first words painted, fetching only its own catalog', async () => {
    const { page } = app;
    // Every text the page shows on its way up, recorded from the first node.
    await page.addInitScript(() => {
      const texts = new Set<string>();
      const record = () => {
        const text = document.body?.textContent;
        if (text) texts.add(text);
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
      (window as unknown as { shownTexts: Set<string> }).shownTexts = texts;
    });
    const catalogs: string[] = [];
    page.on('request', (request) => {
      const chunk = CATALOG_CHUNK.exec(new URL(request.url()).pathname);
      if (chunk?.[1]) catalogs.push(chunk[1]);
    });
    await page.reload();
    await app.waitForReady();
    await page.locator('dialog[data-dialog="onboarding"][open]').waitFor({ timeout: 20_000 });
    await new LanguagePage(page).waitForNavLabel('settings', settings);
    expect(await new LanguagePage(page).document()).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
    expect(catalogs).toEqual([locale]);

    const shown = await page.evaluate(() => [...(window as unknown as { shownTexts: Set<string> }).shownTexts]);
    expect(shown.length).toBeGreaterThan(0);
    const english = ['app.loading.starting', 'nav.screen.gallery', 'nav.screen.settings', 'nav.screen.voices'].map(
      (id) => ENGLISH[id] ?? id,
    );
    for (const text of shown) {
      for (const word of english) expect(text, 'English before the catalog arrived').not.toContain(word);
      expect(text, 'a message id instead of its words').not.toMatch(/\b(app|nav)\.[a-z]+\.[a-zA-Z]+/);
    }
  });

  it('connects to the sandbox and creates a character', async () => {
    await app.startInSandbox();
    const cast = new CastPage(app.page);
    const dialog = await cast.openCreate();
    await dialog.setName(name);
    await dialog.root.locator('[data-name="creation-type"] input[value="human"]').check();
    expect(await dialog.price()).toBeGreaterThan(0);
    await dialog.submit();
    await cast.waitForStatus(name, 'ready');
    const character = await cast.open(name);
    await character.waitForStatus('ready');
    await character.waitForPortraits();
    characterId = (await character.root.getAttribute('data-character-id')) ?? '';
    expect(characterId).not.toBe('');
  }, 120_000);

  it('generates an image of the character', async () => {
    const panel = new GeneratePanel(app.page);
    await panel.root.locator('[data-name="generation-type"] input[value="image"]').check();
    await panel.setPrompt('On a rooftop at golden hour');
    const shown = await panel.price();
    const jobId = await panel.submitWithKeyboard();
    const job = await app.waitForEvent('job.updated', (update) => update.id === jobId && update.state === 'done', 90_000);
    expect(job.creditsUsed).toBe(shown);
    await app.page.locator('.generation-tile[data-kind="image"][data-status="completed"]').first().waitFor({ timeout: 60_000 });
  }, 120_000);

  it('makes speech with a preset voice', async () => {
    await app.go('voices');
    const { page } = app;
    const voice = page.locator('[data-testid="preset-voices"] .voice-row:has([data-status="ready"])').first();
    await voice.waitFor({ timeout: 30_000 });
    // The row's first action: make speech with this voice.
    await voice.locator('.voice-row-actions > button').first().click();
    await page.getByTestId('speech-text').fill(locale === 'ja' ? 'ようこそ、屋上へ。' : 'مرحبًا بكم على السطح.');
    const speak = page.locator('.speech-form .price-button');
    await expect.poll(() => speak.getAttribute('data-price-status'), { timeout: 30_000 }).toBe('priced');
    await speak.click();
    await page
      .locator('[data-testid="tracks"] .track[data-status="completed"], [data-testid="tracks"] .track[data-status="ready"]')
      .first()
      .waitFor({ timeout: 120_000 });
  }, 180_000);

  it('writes a one-line scene for the character and renders it', async () => {
    const { presets } = await studio.call('voices.list', {});
    const voice = presets.find((each) => each.status === 'ready');
    if (!voice) throw new Error('The sandbox offers no ready preset voice.');
    await showCast(app, name);
    await app.giveVoice(characterId, name, voice.name);
    await app.goScenes();
    await app.newScene(locale === 'ja' ? '朝' : 'الصباح');
    await app.editor().locator('[data-action="add-line"]').click();
    await expect.poll(() => app.lines().count()).toBe(1);
    await app.chooseSpeaker(0, `character:${characterId}`);
    await app
      .line(0)
      .locator('textarea')
      .fill(locale === 'ja' ? '聞こえた?' : 'هل سمعت ذلك؟');
    await app.waitForSaved();
    expect(await app.waitForPrice(1)).toBeGreaterThan(0);
    await app.render();
    await app.waitForLinesDone(1);
  }, 300_000);

  it('browses the gallery and opens an item', async () => {
    await app.go('gallery');
    await app.page.locator('.gallery-tile:not(.is-loading)').first().waitFor({ timeout: 30_000 });
    const detail = await openImage(app);
    expect(await detail.title()).not.toBe('');
    await detail.close();
  });

  it('passes axe on every screen, photographed in both themes', async () => {
    expect(await everyScreen(app, characterId, name, `language-${locale}`)).toBe('');
  }, 300_000);

  if (locale === 'ja')
    it('keeps Japanese on screen until the Arabic catalog has arrived', async () => {
      const { page } = app;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const hold = async (route: Route) => {
        await held;
        await route.continue();
      };
      await page.route(/\/assets\/ar-[\w-]+\.js$/, hold);
      await app.go('settings');
      const language = new LanguagePage(page);
      await language.show();
      const asked = page.waitForRequest((request) => /\/assets\/ar-[\w-]+\.js$/.test(request.url()));
      await language.choose('العربية');
      await asked;
      await expect.poll(() => language.chosen()).toBe('ar');
      // The choice is made and its catalog asked for; the words stay Japanese, never ids or English.
      expect(await language.navLabel('settings')).toBe('設定');
      expect(await language.document()).toEqual({ lang: 'ja', dir: 'ltr' });
      release();
      await language.waitForNavLabel('settings', 'الإعدادات');
      expect(await language.document()).toEqual({ lang: 'ar', dir: 'rtl' });
      await page.unroute(/\/assets\/ar-[\w-]+\.js$/, hold);
    });

  if (locale === 'ja')
    it('starts in the language chosen in Settings, never first in the system’s', async () => {
      const { page } = app;
      const catalogs: string[] = [];
      page.on('request', (request) => {
        const chunk = CATALOG_CHUNK.exec(new URL(request.url()).pathname);
        if (chunk?.[1]) catalogs.push(chunk[1]);
      });
      await page.reload();
      await app.waitForReady();
      await new LanguagePage(page).waitForNavLabel('settings', 'الإعدادات');
      expect(catalogs).toEqual(['ar']);
      // Settings are read after the first screen shows; until then the choice this window saw stands for theirs.
      const japanese = ['nav.screen.gallery', 'nav.screen.settings', 'nav.screen.voices'].map((id) => catalog('ja')[id] ?? id);
      const shown = await page.evaluate(() => [...(window as unknown as { shownTexts: Set<string> }).shownTexts]);
      expect(shown.length).toBeGreaterThan(0);
      for (const text of shown) for (const word of japanese) expect(text, 'the system’s language before Settings’').not.toContain(word);
    });

  if (locale === 'ar')
    it('lets no text be cut off or spill out in the pseudo-locale, on every screen', async () => {
      await studio.call('settings.set', { language: 'en-XA' });
      await app.page.reload();
      await app.waitForReady();
      await new LanguagePage(app.page).waitForNavLabel('settings', /^⟦Šéţţíñĝš·+⟧$/);
      const overflow: string[] = [];
      const axe = await everyScreen(app, characterId, name, 'language-en-XA', overflow);
      expect({ axe, overflow }).toEqual({ axe: '', overflow: [] });
    }, 300_000);
});

/**
 * Shows each screen in turn at 1024×700 and inspects it (screenshots in both themes, axe); with
 * `overflow`, also collects the text that does not fit on each. Returns axe's report, empty when clean.
 */
async function everyScreen(app: ScenesApp, characterId: string, name: string, prefix: string, overflow?: string[]): Promise<string> {
  const { page } = app;
  const reports: string[] = [];
  const inspect = async (screen: string) => {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (overflow) for (const problem of await textThatDoesNotFit(page, FITS_BY_DESIGN)) overflow.push(`${screen}: ${problem}`);
    reports.push(await inspectScreen(page, `${prefix}-${screen}`));
  };
  await page.setViewportSize(SMALL);

  await showCast(app, name);
  await inspect('cast');

  await new CastPage(page).open(name);
  await page.locator(`section.character-page[data-character-id="${characterId}"] .generation-tile`).first().waitFor();
  await inspect('character');

  await app.go('gallery');
  await page.locator('.gallery-tile:not(.is-loading)').first().waitFor();
  await inspect('gallery');
  const detail = await openImage(app);
  await inspect('detail');
  await detail.close();

  await app.go('voices');
  await page.locator('[data-testid="preset-voices"] .voice-row').first().waitFor();
  await inspect('voices');

  await app.goScenes();
  // The scenes screen comes back to the scene left open; its back button leads to the list.
  if ((await app.editor().count()) > 0) await app.editor().locator('.scene-heading > button').first().click();
  const card = page.locator('.scene-card').first();
  await card.waitFor();
  await inspect('scenes');
  await card.locator('.scene-card-open').click();
  await app.editor().locator('li.scene-line').first().waitFor();
  await inspect('scene-editor');

  for (const screen of ['credits', 'queue', 'settings'] as const) {
    await app.go(screen);
    await page.locator(`.screen-outlet[data-screen="${screen}"] h1`).first().waitFor();
    await inspect(screen);
  }
  const about = new AboutPage(page);
  await about.show();
  await inspect('about');
  return reports.filter(Boolean).join('\n');
}

/** The studio's cast grid, even when the studio was left on a character's page (its entry, clicked again, goes back). */
async function showCast(app: ScenesApp, name: string): Promise<void> {
  await app.go('studio');
  if ((await app.page.locator('section.character-page').count()) > 0) await app.page.locator('[data-nav="studio"]').click();
  await new CastPage(app.page).card(name).waitFor();
}

/** Opens the gallery's first image in the detail view (a double click; an audio tile's double click plays it). */
async function openImage(app: ScenesApp): Promise<DetailViewPage> {
  const detail = new DetailViewPage(app.page);
  await app.page.locator('.gallery-tile[data-kind="image"]').first().dblclick();
  await detail.root.waitFor();
  return detail;
}
