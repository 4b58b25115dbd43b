import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, inspectAtEverySize, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { StudioApp } from './pages/StudioApp.ts';

const KEY = 'sk_live_4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';

/**
 * A crash through the real path: core fails with an uncaught error on its own thread (a test-only
 * probe throws there), its crash log handler writes the crash, and the next start of the host
 * tells the page, which says Cast Studio closed unexpectedly and offers the diagnostics.
 */
describe.skipIf(chromiumMissing() !== null)('after a crash', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let adminToken: string;
  const logs = () => join(studio.userDataDir, 'logs');

  beforeAll(async () => {
    studio = await startStudioHost({ probe: new URL('./throwProbe.ts', import.meta.url).href });
    await studio.call('connection.completeOnboarding', {});
    await studio.until('the sandbox to be running', () => studio.sandbox());
    adminToken = studio.sandbox().admin_token;
    await studio.host.core.probe('throw', adminToken);
    await studio.until('the crash log', () => existsSync(join(logs(), 'last-crash.json')));
    await studio.restart();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studio.url).origin });
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  const notice = () => app.page.locator('[data-crash-notice]');

  it('core wrote the crash to the crash log with no key, admin token or home path', () => {
    const written = readFileSync(join(logs(), 'crash.log'), 'utf8') + readFileSync(join(logs(), 'last-crash.json'), 'utf8');
    expect(written).toMatch(/ core \(\S+\) uncaughtException: Core failed with \[redacted\] and \[redacted\] in ~\/Cast\/library\.db/);
    for (const secret of [KEY, adminToken, homedir()]) expect(written).not.toContain(secret);
  });

  it('the next start says Cast Studio closed unexpectedly, with what failed', async () => {
    await notice().waitFor();
    const text = await notice().innerText();
    expect(text).toContain('Cast Studio closed unexpectedly');
    expect(text).toContain('in its core: Core failed with [redacted] and [redacted] in ~/Cast/library.db');
  });

  it('reads whole at every window size in both themes', async () => {
    expect(await inspectAtEverySize(app.page, 'crash-notice')).toBe('');
  });

  it("copies diagnostics that hold the crash's summary, redacted", async () => {
    await notice().getByRole('button', { name: 'Copy diagnostics' }).click();
    await notice().getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const text = await app.page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(/Last crash:\n {2}\S+ core \(\S+\) uncaughtException: Core failed with \[redacted\] and \[redacted\] in ~\/Cast/);
    for (const secret of [KEY, adminToken, homedir()]) expect(text).not.toContain(secret);
  });

  it('a dismissed notice is forgotten: core no longer announces the crash', async () => {
    await notice().getByRole('button', { name: 'Dismiss' }).click();
    await notice().waitFor({ state: 'detached' });
    await studio.until('core to forget the crash', async () => (await studio.call('app.lastCrash', {})) === null);
    expect(existsSync(join(logs(), 'crash-seen.json'))).toBe(true);
  });
});
