import { homedir } from 'node:os';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import {
  chromiumMissing,
  ensureNoticesBuilt,
  inspectAtEverySize,
  launchChromium,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { AboutPage } from './pages/AboutPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * Settings → About over the browser host: what runs and where its folders are, the licences the
 * build wrote (searchable, each with its text) and "Copy diagnostics", whose text holds no key,
 * token or home path. The notices are written first when the build has not written them.
 */
describe.skipIf(chromiumMissing() !== null)('Settings → About', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let about: AboutPage;

  beforeAll(async () => {
    ensureNoticesBuilt();
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(studio.url).origin });
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

  it('names the data and logs folders, and says where the browser cannot open one', async () => {
    expect(await about.folder('data')).toBe(studio.userDataDir);
    expect(await about.folder('logs')).toMatch(/[/\\]logs$/);
    expect(await about.openFolder('logs')).toContain('open this one from your file manager');
  });

  it('says that updates come with the desktop app, and offers no restart', async () => {
    expect(await about.updatesWords()).toBe('Updates come with the desktop app. The browser host runs the version it was started from.');
    expect(await app.page.locator('[data-update]').count()).toBe(0);
  });

  it('lists the licences: a search for react finds it with its licence and text', async () => {
    await about.showLicences();
    const all = await about.listedPackages();
    expect(all.length).toBeGreaterThan(50);
    expect(all).toContain('FFmpeg');
    expect(await about.programSources('FFmpeg')).toMatch(
      /^Its source: FFmpeg: https:\/\/\S+ .*\. Its licence texts are those of the packages it comes in, listed below\.$/,
    );
    await about.searchLicences('react');
    const found = await about.listedPackages();
    expect(found).toContain('react');
    expect(found.length).toBeLessThan(all.length);
    const react = await about.openLicence('react');
    expect(react.licence).toBe('MIT');
    expect(react.text).toContain('Permission is hereby granted');
    await about.searchLicences('mpl-2.0');
    expect((await about.listedPackages()).length).toBeGreaterThan(0);
  });

  it('words a program’s source in the page’s language, the build’s English inside it as written', async () => {
    const arabic = await StudioApp.open(browser, studio.url, { theme: 'light', locale: 'ar', viewport: { width: 1024, height: 700 } });
    try {
      await arabic.go('settings');
      const page = new AboutPage(arabic.page);
      await page.show();
      await page.showLicences();
      expect(await page.programSources('FFmpeg')).toMatch(
        /^مصدره: FFmpeg: https:\/\/\S+ .*\. نصوص ترخيصه هي نصوص الحزم التي يأتي ضمنها، والمدرجة أدناه\.$/,
      );
    } finally {
      await arabic.close();
    }
  });

  it('reads whole at every window size in both themes', async () => {
    await about.searchLicences('react');
    await about.openLicence('react');
    const findings = await inspectAtEverySize(app.page, 'settings-about', () => about.root.scrollIntoViewIfNeeded());
    expect(findings).toBe('');
  });

  it('copies diagnostics with the latest error and no key, token or home path in them', async () => {
    // A job the service fails, so the summary has a recent error to tell.
    const characterId = await studio.createCharacter('Mira');
    await studio.setFaults({ failure_rate: { image: 1 } });
    const failing = { character_id: characterId, type: 'image' as const, prompt: 'A portrait the service fails' };
    const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: failing });
    await studio.call('generations.create', { body: failing, quoteId: price.quoteId });
    await app.waitForEvent('job.updated', (job) => job.state === 'failed', 120_000);
    await studio.setFaults({ failure_rate: { image: 0 } });
    await about.copyDiagnostics();
    const text = await about.clipboard();
    expect(text).toContain('Cast Studio diagnostics');
    expect(text).toMatch(/Connection: the sandbox at 127\.0\.0\.1:\d+/);
    expect(text).toMatch(/Library: \d+ items/);
    expect(text).toMatch(/Recent errors:\n {2}\S+ generation\.create job \[[a-z_]+\]: \S/);
    const ready = studio.sandbox();
    for (const secret of [ready.api_key, ready.admin_token, homedir(), studio.url]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/sk_live_|token=/);
  });
});
