import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../../shared/ipc/index.ts';
import { startSandbox, type SandboxHandle } from '../../support/sandboxProcess.ts';
import { toneWav } from '../../support/wavFiles.ts';
import { chromiumMissing, launchChromium, makePng, SandboxAdmin, startStudioHost, type StudioHost } from '../support/index.ts';
import { CastPage } from './pages/CastPage.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

const NAME = 'Spec-only service';

/**
 * Settings → Connections shows what a connected service supports: a service that publishes no
 * capability catalog and has no upload endpoint (a sandbox process run with `--variant
 * no-capabilities,no-uploads`, standing in for a remote service that keeps the spec) is listed with
 * the built-in catalog's models; a reference image dropped on a field says the service needs a CDN
 * URL, and uploads are then listed as "not offered".
 */
describe.skipIf(chromiumMissing() !== null)('Settings → Connections lists what the service supports', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let service: SandboxHandle;
  let accounts: SandboxAdmin;
  let settings: SettingsPage;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    settings = new SettingsPage(app.page);
    service = await startSandbox({
      speed: 'fast',
      env: { CAST_SANDBOX_RENDERER: 'placeholder' },
      variants: ['no-capabilities', 'no-uploads'],
    });
    accounts = new SandboxAdmin(service.ready);
  });

  afterAll(async () => {
    await accounts?.close();
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
    await service?.stop();
  });

  it('lists the built-in catalog and the default upload path of a service that publishes no capabilities', async () => {
    await app.startInSandbox();
    const owner = await accounts.account('creator');
    await studio.call('profiles.add', {
      name: NAME,
      baseUrl: service.ready.base_url,
      cdnUrl: service.ready.cdn_url,
      caPem: accounts.caPem,
      apiKey: owner.apiKey,
    });
    await app.go('settings');
    await settings.card(NAME).getByRole('button', { name: 'Use this connection' }).click();
    await app.waitForEvent('connection.changed', (c: Connection) => c.profile?.name === NAME && c.online);

    const facts = settings.card(NAME).locator('[data-testid="service-facts"][data-catalog="built_in"]');
    await facts.waitFor({ timeout: 30_000 });
    expect(await facts.locator('[data-fact="catalog"]').innerText()).toMatch(/built-in catalog/);
    expect(await facts.locator('[data-fact="models-image"]').innerText()).toBe('Image A, Image B');
    expect(await facts.locator('[data-fact="voice-models"]').innerText()).toBe('voice-model-a, voice-model-b');
    expect(await facts.locator('[data-fact="uploads"]').innerText()).toMatch(/Not tried yet .*\/v1\/uploads/);
  });

  it('says on the field that a dropped reference image needs a CDN URL, then lists uploads as not offered', async () => {
    await app.go('studio');
    const dialog = await new CastPage(app.page).openCreate();
    await dialog.setName('Ada Quill');
    await dialog.chooseKind('Human');
    await dialog.dropImage(makePng(64, 80), 'reference.png');
    await expect.poll(() => dialog.refusals().innerText(), { timeout: 30_000 }).toMatch(/This service does not take uploads.*CDN/s);
    // No slot is left waiting, and the form is still priced and usable.
    expect(await dialog.root.locator('[data-attachment-state]').count()).toBe(0);
    expect(await dialog.price()).toBeGreaterThan(0);
    await app.screenshot('create-character-no-uploads');
    await app.page.keyboard.press('Escape');
    // Opened again, the field still says what it needs.
    const again = await new CastPage(app.page).openCreate();
    expect(await again.root.locator('.attachment-field').innerText()).toMatch(/CDN/);
    await app.page.keyboard.press('Escape');

    // An audio sample for a voice clone says the same.
    await app.go('voices');
    const wav = [...toneWav(1)];
    await app.page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'my-voice.wav', { type: 'audio/wav' }));
      const zone = document.querySelector('[data-drop-zone="voice-sample"]');
      if (!zone) throw new Error('no voice sample drop zone');
      for (const type of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, wav);
    await expect
      .poll(() => app.page.locator('.voice-create [role="alert"]').innerText(), { timeout: 30_000 })
      .toMatch(/This service does not take uploads.*CDN/s);

    await app.go('settings');
    const facts = settings.card(NAME).locator('[data-testid="service-facts"][data-uploads="not_offered"]');
    await facts.waitFor();
    expect(await facts.locator('[data-fact="uploads"]').innerText()).toMatch(
      /Not offered: reference files must already be on the service’s CDN/,
    );
    await settings.card(NAME).scrollIntoViewIfNeeded();
    await app.screenshot('settings-service-facts');
  });
});
