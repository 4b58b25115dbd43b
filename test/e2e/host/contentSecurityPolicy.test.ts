import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryApp } from '../library/pages/LibraryApp.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * The renderer under its real Content-Security-Policy (no `'unsafe-inline'` for styles, no eval) and
 * cross-origin isolated (opener and embedder policies) in Chromium: every main screen, with media, a
 * detail view and an export running, reports no violation and has no request refused. A style
 * attribute written into the page afterwards is refused and reported, which shows both that the
 * policy is the strict one and that a violation would have been seen.
 */
describe.skipIf(chromiumMissing() !== null)('the renderer needs no inline style', () => {
  let studio: StudioHost;
  let browser: Browser;
  let context: BrowserContext;
  let app: LibraryApp;
  let policy = '';
  const consoleViolations: string[] = [];
  /** Requests the browser refused for a policy (the embedder policy refuses with ERR_BLOCKED_BY_RESPONSE). */
  const refused: string[] = [];

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1360, height: 880 } });
    // Before any script of the page runs: every violation the document reports, in order.
    await context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}: ${event.sample}`);
      });
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      if (/BLOCKED/i.test(reason)) refused.push(`${request.url()}: ${reason}`);
    });
    app = new LibraryApp(context, page, 'light');
    const response = await page.goto(studio.url);
    policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    await app.waitForReady();
    page.setDefaultTimeout(20_000);
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await studio?.stop();
  });

  const violations = () => app.page.evaluate(() => window.cspViolations ?? []);

  it('is served a style policy without unsafe-inline', () => {
    expect(policy).toMatch(/style-src 'self'(;|$)/);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('is cross-origin isolated, so its clocks are precise', async () => {
    expect(await app.page.evaluate(() => window.crossOriginIsolated)).toBe(true);
    // Isolated, performance.now() reads to 5 µs; otherwise it is rounded to 100 µs.
    const readings = await app.page.evaluate(() => Array.from({ length: 200 }, () => performance.now()));
    expect(readings.some((ms) => Math.abs(ms * 10 - Math.round(ms * 10)) > 0.01)).toBe(true);
  });

  it('shows every main screen, media, a detail view and an export without a violation', async () => {
    await studio.call('connection.completeOnboarding', {});
    await app.page.locator('dialog[data-dialog="onboarding"][open]').waitFor({ state: 'detached' });
    const characterId = await studio.createCharacter('Mira Vale');
    await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    await studio.generate(characterId, 'video', 'Mira walking along the pier');

    for (const screen of ['studio', 'voices', 'credits', 'queue', 'settings', 'gallery'] as const) await app.go(screen);
    await app.galleryTotal();
    await app.tiles().first().waitFor();
    await app.openTile(0);
    await app.closeDetail();
    await app.tiles().nth(0).click();
    await app
      .tiles()
      .nth(1)
      .click({ modifiers: ['Shift'] });
    await app.waitForSelection(2);
    await app.bulk('Export');
    expect(await app.bulkNotice()).toMatch(/exported to/);

    // Thumbnails load under the embedder policy (this host's media is same-origin and says so).
    expect(
      await app.page
        .locator('.gallery-tile img')
        .evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
    ).toBeGreaterThan(0);

    expect(await violations()).toEqual([]);
    expect(consoleViolations).toEqual([]);
    expect(refused).toEqual([]);
  }, 300_000);

  it('refuses and reports a style attribute written into the page', async () => {
    await app.page.evaluate(() => {
      const probe = document.createElement('div');
      probe.setAttribute('style', 'outline: 1px solid red');
      document.body.append(probe);
    });
    // Reported once per policy that refuses it: the response header's and the page's own.
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    for (const violation of await violations()) expect(violation).toMatch(/^style-src-attr blocked inline/);
    expect(
      await app.page.evaluate(
        () => document.body.lastElementChild instanceof HTMLElement && getComputedStyle(document.body.lastElementChild).outlineStyle,
      ),
    ).toBe('none');
  });
});
