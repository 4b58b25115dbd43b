import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * Settings → Connections shows how long the connection's service is taken to keep a request key
 * (an hour unless set) and lets the creator change it: core resends a request in doubt only within it.
 */
describe.skipIf(chromiumMissing() !== null)('Settings → Connections: request key retention', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('shows the conservative default and saves another window for the connection', async () => {
    await app.startInSandbox();
    await app.go('settings');
    const card = new SettingsPage(app.page).card('Sandbox');
    await expect.poll(() => card.getByTestId('key-retention').textContent()).toBe('1 hour');
    await card.getByRole('button', { name: 'Request key retention…' }).click();
    await card.getByLabel('Request keys kept (minutes)').fill('2');
    await card.getByRole('button', { name: 'Save retention' }).click();
    await expect.poll(() => card.getByTestId('key-retention').textContent()).toBe('2 minutes');
    expect((await studio.call('profiles.list', {})).find((p) => p.kind === 'sandbox')?.keyRetentionSeconds).toBe(120);
  });
});
