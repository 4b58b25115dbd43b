import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { CastPage } from './pages/CastPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

const SMALLEST = { width: 1024, height: 700 };

/**
 * At the smallest window the studio supports, a character's Generate button is wholly in view
 * for every kind of media, in English and in the pseudo-locale, whose longer words stand for
 * German's and French's: the panel scrolls inside, its button bar stays at its foot.
 */
describe.skipIf(chromiumMissing() !== null)('the Generate button at the smallest window', () => {
  let studio: StudioHost;
  let browser: Browser;
  const name = 'Mira Vale';

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    await studio.call('connection.completeOnboarding', {});
    await studio.createCharacter(name);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
  });

  for (const language of ['en', 'en-XA'] as const) {
    it(`keeps the button inside the window in ${language}`, async () => {
      await studio.call('settings.set', { language });
      const app = await StudioApp.open(browser, studio.url, { viewport: SMALLEST });
      try {
        const { page } = app;
        page.setDefaultTimeout(15_000);
        await app.go('studio');
        await new CastPage(page).open(name);
        await page.locator('section.character-page[data-status="ready"]').waitFor({ timeout: 60_000 });
        const panel = page.locator('section.generate-panel');
        const button = panel.locator('.generate-submit button.price-button');
        // The pseudo-locale's words are on the button: the check runs on the longer text.
        if (language === 'en-XA') expect(await button.innerText()).toMatch(/⟦.+⟧/);
        const types = panel.locator('[data-name="generation-type"]').getByRole('radio');
        const outside: string[] = [];
        for (const type of ['image', 'video', 'talk'] as const) {
          await types.nth(['image', 'video', 'talk'].indexOf(type)).check();
          await page.locator(`section.generate-panel[data-generate-type="${type}"]`).waitFor();
          const box = await button.boundingBox();
          const inside =
            box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= SMALLEST.width && box.y + box.height <= SMALLEST.height;
          if (!inside) outside.push(`${type}: ${JSON.stringify(box)}`);
        }
        expect(outside).toEqual([]);
      } finally {
        await app.close();
      }
    }, 120_000);
  }
});
