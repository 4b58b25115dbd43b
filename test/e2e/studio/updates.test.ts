import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedUpdater } from '../../support/scriptedUpdater.ts';
import { chromiumMissing, inspectAtEverySize, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { AboutPage } from './pages/AboutPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

const NOTES = '<h2>Cast Studio 1.2.0</h2><ul><li>Faster gallery</li><li>Voices &amp; speech in one place</li></ul>';

/**
 * The desktop app's update states on the page, over the browser host running the desktop app's own
 * update service and bridge path, with an updater the test drives in place of electron-updater
 * (Electron and a feed of signed builds cannot run here).
 */
describe.skipIf(chromiumMissing() !== null)('updates on the page', () => {
  const updater = new ScriptedUpdater();
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let about: AboutPage;

  beforeAll(async () => {
    studio = await startStudioHost({ updater });
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.startInSandbox();
    await app.go('settings');
    about = new AboutPage(app.page);
    await about.show();
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('checked at start on the stable channel, and shows a check that found nothing', async () => {
    expect(updater.checks).toBe(1);
    expect(updater.configured.at(-1)).toMatchObject({ channel: 'latest', autoDownload: true });
    updater.fire({ kind: 'none' });
    expect(await about.updatesWords(/up to date/)).toMatch(/^Cast Studio is up to date \(checked .+\)\.$/);
  });

  it('a channel chosen in About reaches the updater, which looks again', async () => {
    await about.root.getByRole('radio', { name: 'Beta' }).check();
    await app.page.waitForFunction(() => document.querySelector('[data-update-state="checking"]') !== null);
    expect(updater.configured.at(-1)).toMatchObject({ channel: 'beta', allowPrerelease: true });
    expect(updater.checks).toBe(2);
  });

  it('shows the download, then "Restart to update" in the header and in About with the notes as text', async () => {
    updater.fire({ kind: 'available', version: '1.2.0' });
    updater.fire({ kind: 'progress', percent: 40 });
    expect(await about.updatesWords(/Downloading/)).toBe('Downloading Cast Studio 1.2.0: 40 %');
    updater.fire({ kind: 'downloaded', version: '1.2.0', notes: NOTES });
    expect(await about.updatesWords(/ready/)).toBe('Cast Studio 1.2.0 is ready.');
    expect(await about.releaseNotes()).toBe('Cast Studio 1.2.0\n• Faster gallery\n• Voices & speech in one place');
    await app.page.locator('[data-update="ready"]').waitFor();
    expect(await about.root.getByRole('button', { name: 'Restart to update' }).isVisible()).toBe(true);
  });

  it('reads whole with an update ready at every window size in both themes', async () => {
    const findings = await inspectAtEverySize(app.page, 'updates-ready', () =>
      about.root.locator('[data-testid="updates"]').scrollIntoViewIfNeeded(),
    );
    expect(findings).toBe('');
  });

  it('restarts when asked with no paid request being sent', async () => {
    await app.page.locator('[data-update="ready"]').click();
    await expect.poll(() => updater.restarts).toBe(1);
  });
});
