import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { StudioApp } from './pages/StudioApp.ts';

const PROMPT = 'Mara by the harbour at dusk';

/** What each language says of the failed job: its title's words around the prompt, and the start of why it failed. */
const WORDS = {
  en: { locale: 'en-US', title: `Image: ${PROMPT}`, why: 'The service could not finish this job.' },
  ja: { locale: 'ja-JP', title: `画像：${PROMPT}`, why: 'サービスはこのジョブを完了できませんでした。' },
  ar: { locale: 'ar', title: `صورة: ${PROMPT}`, why: 'تعذّر على الخدمة إنهاء هذه المهمة.' },
} as const;

/**
 * A job the service failed, on the Queue screen in English, Japanese and Arabic: its title and
 * why it failed are the page's words in each language around the creator's prompt, which keeps
 * its own direction. Photographed at 1024×700 in both themes (test-artifacts/screenshots/queue-failed-*.png).
 */
describe.skipIf(chromiumMissing() !== null)('a failed job in the queue, in three languages', () => {
  let studio: StudioHost;
  let browser: Browser;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    const first = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1024, height: 700 }, locale: 'en-US' });
    await first.startInSandbox();
    const characterId = await studio.createCharacter('Mara');
    await studio.setFaults({ failure_rate: { image: 1 } });
    const body = { character_id: characterId, type: 'image' as const, prompt: PROMPT };
    const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    const job = await studio.call('generations.create', { body, quoteId: price.quoteId });
    await first.waitForEvent('job.updated', (each) => each.id === job.id && each.state === 'failed', 120_000);
    await studio.setFaults({ failure_rate: { image: 0 } });
    await first.close();
  }, 300_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  for (const [language, words] of Object.entries(WORDS)) {
    for (const theme of ['light', 'dark'] as const) {
      it(`words the failed job in ${language}, ${theme}`, async () => {
        const app = await StudioApp.open(browser, studio.url, { theme, viewport: { width: 1024, height: 700 }, locale: words.locale });
        try {
          await app.go('queue');
          const row = app.page.locator('.job-row[data-state="failed"]').first();
          await row.waitFor({ timeout: 30_000 });
          const title = row.locator('.job-title');
          await expect.poll(() => title.innerText()).toBe(words.title);
          // The creator's prompt is isolated inside the title, whatever the page's direction.
          expect(await title.locator('bdi').innerText()).toBe(PROMPT);
          expect(await title.locator('bdi').evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe('isolate');
          expect(await row.locator('.job-note').first().innerText()).toContain(words.why);
          expect(await app.page.evaluate(() => document.documentElement.lang)).toBe(language);
          await app.screenshot(`queue-failed-${language}`);
        } finally {
          await app.close();
        }
      }, 120_000);
    }
  }
});
