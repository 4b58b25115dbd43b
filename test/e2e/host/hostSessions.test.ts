import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  chromiumMissing,
  formatFindings,
  launchChromium,
  resize,
  screenshotPath,
  seriousViolations,
  settleTheme,
  sizeName,
  startStudioHost,
  type StudioHost,
  type Theme,
} from '../support/index.ts';
import { StudioApp } from '../studio/pages/StudioApp.ts';

/**
 * Settings → Browser sessions, in the browser host: each tab opened from a link is listed, this
 * tab marked; ending another tab's session signs it out at once (its page says so and sends
 * nothing more), and ending this tab's own does the same here.
 */
describe.skipIf(chromiumMissing() !== null)('Settings → Browser sessions', () => {
  let studio: StudioHost;
  let browser: Browser;
  let mine: StudioApp;
  let other: StudioApp;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    mine = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await mine.startInSandbox();
    other = await StudioApp.open(browser, studio.url, { theme: 'dark' });
  });

  afterAll(async () => {
    await mine?.close().catch(() => undefined);
    await other?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  const section = () => mine.page.locator('[data-testid="host-sessions-section"]');
  const rows = () => section().locator('li.host-session');

  it('lists this host’s sessions, this tab’s marked, and reads whole at two window sizes in both themes', async () => {
    await mine.go('settings');
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().filter({ hasText: 'This tab' }).count()).toBe(1);
    expect(await rows().filter({ hasText: 'Another tab' }).count()).toBe(1);
    expect(await section().innerText()).toContain('ends after 12 hours unused, or 7 days after it began');
    const findings: string[] = [];
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ] as const) {
      await resize(mine.page, size);
      for (const theme of ['light', 'dark'] satisfies Theme[]) {
        await settleTheme(mine.page, theme);
        await section().scrollIntoViewIfNeeded();
        const path = screenshotPath(`settings-sessions-${sizeName(size)}`, theme);
        mkdirSync(dirname(path), { recursive: true });
        await mine.page.screenshot({ path, animations: 'disabled' });
        const found = await seriousViolations(mine.page);
        if (found.length > 0) findings.push(`${sizeName(size)} ${theme}:\n${formatFindings(found)}`);
        // Every row's End button is inside the panel, beside its words, not wrapped under them or cut off.
        for (const row of await rows().all()) {
          const [box, button] = [await row.boundingBox(), await row.getByRole('button').boundingBox()];
          expect(box && button && button.x + button.width <= box.x + box.width && button.y >= box.y).toBe(true);
        }
      }
    }
    expect(findings.join('\n')).toBe('');
    await settleTheme(mine.page, 'light');
  });

  it('ends another tab’s session: that tab says so and its commands are refused, this one carries on', async () => {
    await rows()
      .filter({ hasText: 'Another tab' })
      .getByRole('button', { name: /^End the session opened/ })
      .click();
    await other.page.locator('.bridge-banner[data-bridge-status="ended"]').waitFor();
    expect(await other.page.locator('.bridge-banner').innerText()).toContain('session with Cast Studio has ended');
    await expect.poll(() => rows().count()).toBe(1);
    expect(studio.host.sessions()).toHaveLength(1);
    // A reload holds the ended token: still signed out, and the page says why.
    await other.page.reload();
    await other.page.locator('.app-loading-error', { hasText: 'session with Cast Studio has ended' }).waitFor();
  });

  it('ends this tab’s own session, and the page says so', async () => {
    await rows().filter({ hasText: 'This tab' }).getByRole('button', { name: 'End this tab’s session' }).click();
    await mine.page.locator('.bridge-banner[data-bridge-status="ended"]').waitFor();
    expect(studio.host.sessions()).toEqual([]);
  });
});
