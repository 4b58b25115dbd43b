import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, ServiceFacts } from '../../../shared/ipc/index.ts';
import { startSandbox, type SandboxHandle } from '../../support/sandboxProcess.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { StudioApp } from './pages/StudioApp.ts';
import { SandboxAccounts } from './support/sandboxAccounts.ts';

const NAME = 'Spec-only service';

/**
 * Settings → Connections shows what a connected service supports: a service that publishes no
 * capability catalog and has no upload endpoint (a sandbox process run with `--variant
 * no-capabilities,no-uploads`, standing in for a remote service that keeps the spec) is listed with
 * the built-in catalog's models, and with uploads "not offered" once a drop has found that out.
 */
describe.skipIf(chromiumMissing() !== null)('Settings → Connections lists what the service supports', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let service: SandboxHandle;
  let accounts: SandboxAccounts;

  const handle = async <T,>(command: string, input: unknown): Promise<T> => {
    const reply = await studio.host.core.router.handle(command as never, input as never);
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.value as T;
  };

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.host.launchUrl(), { theme: 'light', viewport: { width: 1440, height: 900 } });
    service = await startSandbox({ speed: 'fast', env: { CAST_SANDBOX_RENDERER: 'placeholder' }, variants: ['no-capabilities', 'no-uploads'] });
    accounts = new SandboxAccounts(service.ready);
  });

  afterAll(async () => {
    await accounts?.close();
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
    await service?.stop();
  });

  it('shows the built-in catalog, the upload path, and uploads not offered once a drop found out', async () => {
    await app.startInSandbox();
    const owner = await accounts.account('creator');
    await handle('profiles.add', { name: NAME, baseUrl: service.ready.base_url, cdnUrl: service.ready.cdn_url, caPem: accounts.caPem, apiKey: owner.apiKey });
    const settings = new SettingsPage(app.page);
    await app.go('settings');
    const card = settings.card(NAME);
    await card.getByRole('button', { name: 'Use this connection' }).click();
    await app.waitForEvent('connection.changed', (c: Connection) => c.profile?.name === NAME && c.online);

    const facts = card.locator('[data-testid="service-facts"][data-catalog="built_in"]');
    await facts.waitFor({ timeout: 30_000 });
    expect(await facts.locator('[data-fact="catalog"]').innerText()).toMatch(/built-in catalog/);
    expect(await facts.locator('[data-fact="models-image"]').innerText()).toBe('Image A, Image B');
    expect(await facts.locator('[data-fact="voice-models"]').innerText()).toBe('voice-model-a, voice-model-b');
    expect(await facts.locator('[data-fact="uploads"]').innerText()).toMatch(/Not tried yet .*\/v1\/uploads/);

    // A reference file handed to core the way the browser host's upload route does.
    const path = join(mkdtempSync(join(tmpdir(), 'cast-e2e-drop-')), 'reference.png');
    writeFileSync(path, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]));
    const reply = await studio.host.core.router.handle('uploads.fromPath', { path });
    expect(reply.ok ? null : reply.error.code).toBe('uploads_not_offered');
    await app.waitForEvent('service.factsChanged', (f: ServiceFacts) => f.uploads === 'not_offered');
    await card.locator('[data-testid="service-facts"][data-uploads="not_offered"]').waitFor();
    expect(await facts.locator('[data-fact="uploads"]').innerText()).toMatch(/Not offered: reference files must already be on the service’s CDN/);

    await card.scrollIntoViewIfNeeded();
    await app.screenshot('settings-service-facts');
  });
});
