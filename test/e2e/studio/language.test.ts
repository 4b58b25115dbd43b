import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { LanguagePage } from './pages/LanguagePage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * The studio's language over the browser host: it follows the browser's languages, a choice in
 * Settings → Language changes the navigation at once (no reload), Arabic turns the document right
 * to left, and the pseudo-locale shows every catalogued word accented. The navigation and the
 * language section are photographed in each (test-artifacts/screenshots/studio-language-*.png).
 */
describe.skipIf(chromiumMissing() !== null)('Settings → Language', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let language: LanguagePage;

  /** Photographs the frame, which holds still while its screen scrolls inside it. */
  async function photograph(name: string): Promise<void> {
    expect(await app.page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(900);
    await language.show();
    await app.screenshot(name);
  }

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
    await app.startInSandbox();
    await app.go('settings');
    language = new LanguagePage(app.page);
    await language.show();
  }, 300_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('follows the browser’s language until one is chosen', async () => {
    expect(await language.chosen()).toBe('system');
    await language.waitForNavLabel('settings', 'Einstellungen');
    expect(await language.document()).toEqual({ lang: 'de', dir: 'ltr' });
  });

  it('changes the navigation at once when English is chosen', async () => {
    await language.choose('English');
    await language.waitForNavLabel('settings', 'Settings');
    expect(await language.document()).toEqual({ lang: 'en', dir: 'ltr' });
    await photograph('studio-language-en');
  });

  it('speaks Japanese once it is chosen, keeping the screen where it was', async () => {
    await language.choose('日本語');
    await language.waitForNavLabel('settings', '設定');
    expect(await language.navLabel('gallery')).toBe('ギャラリー');
    expect(await language.document()).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(await app.page.locator('.screen-outlet[data-screen="settings"]').count()).toBe(1);
    await photograph('studio-language-ja');
  });

  it('says every word of the settings screen in Japanese', async () => {
    const screen = app.page.locator('section.settings-screen');
    await screen.locator('[data-testid="service-facts"]').waitFor();
    await screen.locator('[data-testid="host-sessions"]').waitFor();
    await screen.locator('[data-testid="about-version"]').waitFor();
    await screen.locator('[data-action="connect-service"]').click();
    await screen.locator('form[data-testid="connect-service"] [data-action="check-connection"]').click();
    await screen.locator('form[data-testid="connect-service"] .field-error').first().waitFor();
    expect(englishWordsIn(await ourText(screen))).toEqual([]);
  });

  it('turns the document right to left for Arabic', async () => {
    await language.choose('العربية');
    await language.waitForNavLabel('settings', 'الإعدادات');
    expect(await language.document()).toEqual({ lang: 'ar', dir: 'rtl' });
    // The navigation sits on the reading side: the right edge of the window in Arabic.
    const nav = await app.page.locator('nav.nav').boundingBox();
    const main = await app.page.locator('main.app-main').boundingBox();
    expect(nav && main && nav.x > main.x).toBe(true);
    await photograph('studio-language-ar');
  });

  it('keeps the choice for the next start, the pseudo-locale among them', async () => {
    await studio.call('settings.set', { language: 'en-XA' });
    await app.page.reload();
    await app.waitForReady();
    await app.go('settings');
    await language.show();
    expect(await language.chosen()).toBe('en-XA');
    await language.waitForNavLabel('settings', /^⟦Šéţţíñĝš·+⟧$/);
    expect(await language.document()).toEqual({ lang: 'en-XA', dir: 'ltr' });
    await photograph('studio-language-pseudo');
  });

  it('words a refused file again in the new language when the language changes while it shows', async () => {
    await studio.call('settings.set', { language: 'system' });
    const english = await StudioApp.open(browser, studio.url, { theme: 'dark', viewport: { width: 1024, height: 700 }, locale: 'en-US' });
    try {
      await english.go('studio');
      const dialog = await english.cast().openCreate();
      await dialog.dropImage(Buffer.from('GIF89a'), 'old.gif', 'image/gif');
      await expect.poll(() => dialog.refusals().innerText()).toBe('old.gif is not a file that can be used here. Use PNG, JPEG or WebP.');
      // The system's language becomes Japanese while the refusal shows (Settings follow the system).
      await systemLanguageBecomes(english.page, 'ja-JP');
      await expect
        .poll(() => dialog.refusals().innerText())
        .toBe('old.gif はここでは使えないファイルです。PNG、JPEG、WebP を使ってください。');
      expect(await english.page.evaluate(() => document.documentElement.lang)).toBe('ja');
      await dialog.refusals().scrollIntoViewIfNeeded();
      await english.screenshot('studio-language-refusal-ja');
      await systemLanguageBecomes(english.page, 'ar-EG');
      await expect.poll(() => dialog.refusals().innerText()).toContain('لا يمكن استخدام الملف');
      expect(await dialog.refusals().innerText()).toContain('old.gif');
      expect(await english.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await dialog.refusals().scrollIntoViewIfNeeded();
      await english.screenshot('studio-language-refusal-ar');
    } finally {
      await english.close();
    }
  });
});

/**
 * The settings screen's own words: what people and services wrote (names, addresses, paths, model
 * names, versions, what core noticed of the service) sits in <bdi>, address and path styles or a
 * fact of the service, and is left out; so are the fields people type into, and the menu of
 * languages, where each language is named in itself.
 */
function ourText(screen: Locator): Promise<string> {
  return screen.evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    const theirs = [
      'bdi',
      '.path',
      '.mono',
      'input',
      'textarea',
      'select',
      '[data-testid="about-version"]',
      '[data-fact^="models-"]',
      '[data-fact="voice-models"]',
      '.service-facts-row:has([data-fact^="noticed-"])',
    ];
    for (const element of copy.querySelectorAll(theirs.join(', '))) element.remove();
    // Text by text, so that the words of neighbouring elements stay apart.
    const texts: string[] = [];
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode.nodeValue ?? '');
    return texts.join(' ');
  });
}

/** Names of products, plans and formats, and the example address in a hint, which every language keeps. */
const KEPT_IN_EVERY_LANGUAGE = new Set([
  'Cast',
  'Studio',
  'Creator',
  'API',
  'CDN',
  'CA',
  'PEM',
  'pem',
  'URL',
  // An address's scheme, as a person types it: "https://".
  'https',
  'http',
  'IPC',
  'KB',
  'Chromium',
  'Node',
]);
const EXAMPLE_ADDRESS = 'https://cdn.example.com';

function englishWordsIn(text: string): string[] {
  const words = text.replaceAll(EXAMPLE_ADDRESS, ' ').match(/[A-Za-z]{2,}/g) ?? [];
  return [...new Set(words.filter((word) => !KEPT_IN_EVERY_LANGUAGE.has(word)))];
}

/** The system's language changes while the page is open, as when a person switches their computer's: its list, then the event. */
async function systemLanguageBecomes(page: Page, tag: string): Promise<void> {
  await page.evaluate((language) => {
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => [language] });
    window.dispatchEvent(new Event('languagechange'));
  }, tag);
}
