import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, seedCreditHistory, startStudioHost, type StudioHost } from '../support/index.ts';
import { LanguagePage } from './pages/LanguagePage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * The queue and credits screens in the studio's language: German from the browser's languages,
 * then Arabic chosen in Settings, which turns their words, dates and direction at once (no
 * reload). Each is photographed at 1440×900 (test-artifacts/screenshots/studio-words-*.png).
 */
describe.skipIf(chromiumMissing() !== null)('the queue and credits in other languages', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
    app.page.setDefaultTimeout(15_000);
  }, 300_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('welcomes a first run in German', async () => {
    const dialog = app.page.locator('dialog[data-dialog="onboarding"][open]');
    await dialog.getByText('Willkommen bei Cast Studio').waitFor({ timeout: 20_000 });
    expect(await dialog.locator('[data-action="start-sandbox"]').innerText()).toBe('In der Sandbox starten');
    await app.startInSandbox();
    const characterId = await studio.createCharacter('Mira Vale');
    await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    seedCreditHistory(studio, 12);
  }, 300_000);

  it('shows the queue in German, its jobs by kind and their charges', async () => {
    await app.go('queue');
    const screen = app.page.locator('.queue-screen');
    await screen.locator('#queue-heading', { hasText: 'Warteschlange' }).waitFor();
    await screen.locator('.job-kind', { hasText: 'Generierung' }).first().waitFor();
    await screen.locator('.job-kind', { hasText: 'Figur' }).first().waitFor();
    expect(await screen.locator('[data-testid="job-price"]').first().innerText()).toMatch(/^[\d.]+ Credits? berechnet$/);
    await screen.getByRole('button', { name: 'Warteschlange anhalten' }).click();
    await screen.getByRole('button', { name: 'Warteschlange fortsetzen' }).waitFor();
    await screen.getByText('Die Warteschlange ist angehalten.', { exact: false }).waitFor();
    await app.screenshot('studio-words-queue-de');
    await screen.getByRole('button', { name: 'Warteschlange fortsetzen' }).click();
    await screen.getByRole('button', { name: 'Warteschlange anhalten' }).waitFor();
  });

  it('shows the credits in German, with German dates', async () => {
    await app.go('credits');
    const screen = app.page.locator('.credits-screen');
    await screen.locator('[data-action="buy-credits"]', { hasText: 'Credits kaufen' }).waitFor();
    await screen.locator('#usage-heading', { hasText: 'Buchungen' }).waitFor();
    await screen.locator('[data-testid="usage-table"] tbody tr').first().waitFor();
    expect(await screen.locator('[data-testid="usage-table"] thead th').first().innerText()).toBe('Wann');
    expect(await screen.locator('#spend-heading').innerText()).toBe('Ausgaben pro Tag, letzte 30 Tage');
    await app.screenshot('studio-words-credits-de');
  });

  it('turns both screens to Arabic, right to left, when Arabic is chosen', async () => {
    const firstDate = app.page.locator('[data-testid="usage-table"] tbody tr td').first();
    const germanDate = await firstDate.innerText();
    await app.go('settings');
    const language = new LanguagePage(app.page);
    await language.show();
    await language.choose('العربية');
    await language.waitForNavLabel('settings', 'الإعدادات');
    expect(await language.document()).toEqual({ lang: 'ar', dir: 'rtl' });

    await app.go('credits');
    await app.page.locator('[data-action="buy-credits"]', { hasText: 'شراء نقاط' }).waitFor();
    await app.page.locator('[data-testid="usage-table"] tbody tr').first().waitFor();
    // The same moment, written the Arabic way: dates are formatted again in the language chosen.
    expect(await firstDate.innerText()).not.toBe(germanDate);
    await app.screenshot('studio-words-credits-ar');

    await app.go('queue');
    await app.page.locator('#queue-heading', { hasText: 'قائمة الانتظار' }).waitFor();
    await app.page.locator('.job-kind', { hasText: 'توليد' }).first().waitFor();
    // A job's title is worded in Arabic; the creator's own text inside it is isolated, so its quotes stay where they were typed.
    expect(await app.page.locator('.job-title').first().innerText()).toMatch(/[\u0600-\u06FF]/);
    const isolation = await app.page
      .locator('.job-title bdi')
      .evaluateAll((subjects) => subjects.map((subject) => getComputedStyle(subject).unicodeBidi));
    expect(isolation.length).toBeGreaterThan(0);
    expect(new Set(isolation)).toEqual(new Set(['isolate']));
    await app.screenshot('studio-words-queue-ar');
  });
});
