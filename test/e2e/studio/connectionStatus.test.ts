import { createServer, type AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../../shared/ipc/index.ts';
import { startSandbox, type SandboxHandle } from '../../support/sandboxProcess.ts';
import { chromiumMissing, launchChromium, SandboxAdmin, startStudioHost, type StudioHost } from '../support/index.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * The connection status tells the truth: second connections pointed at a sandbox service (its own
 * process, standing in for a remote service: the embedded one stops when the app leaves it) in each
 * way a real one goes wrong (a certificate not trusted, a stopped port, a refused or expired key, a
 * free account, failing answers) each show their own words in the header and on the card; a new
 * connection is checked before it is saved; the connection in use is never offered for removal.
 */
describe.skipIf(chromiumMissing() !== null)('the connection status tells the truth', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let settings: SettingsPage;
  let accounts: SandboxAdmin;
  let service: SandboxHandle;
  let closedPort = 0;

  const profiles = () => studio.call('profiles.list', {});
  /** A second connection set up without the UI, then switched to from its card. */
  const addAndUse = async (fields: { name: string; baseUrl?: string; caPem?: string; apiKey?: string }): Promise<void> => {
    const ready = accounts.ready;
    await studio.call('profiles.add', { baseUrl: ready.base_url, cdnUrl: ready.cdn_url, ...fields });
    // Settings reads the list when it opens.
    await app.go('studio');
    await app.go('settings');
    await settings.card(fields.name).getByRole('button', { name: 'Use this connection' }).click();
    await app.waitForEvent('connection.changed', (c: Connection) => c.profile?.name === fields.name);
  };

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1360, height: 880 } });
    settings = new SettingsPage(app.page);
    service = await startSandbox({ speed: 'fast', env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
    accounts = new SandboxAdmin(service.ready);
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  afterAll(async () => {
    await accounts?.close();
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
    await service?.stop();
  });

  it('offers the same form in onboarding as in Settings, with the CA certificate field and a CDN example', async () => {
    const dialog = app.page.locator('dialog[data-dialog="onboarding"][open]');
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Connect a service…' }).click();
    const form = dialog.locator('form[data-testid="connect-service"]');
    await form.waitFor();
    expect(await form.locator('[data-field="caPem"]').count()).toBe(1);
    expect(await form.locator('[data-field="cdnUrl"]').getAttribute('placeholder')).toBe('https://cdn.example.com');
    await form.getByRole('button', { name: 'Back' }).click();
    await app.startInSandbox();
    await app.go('settings');
    const settingsForm = await settings.openConnectForm();
    expect(await settingsForm.locator('[data-field="caPem"]').count()).toBe(1);
    expect(await settingsForm.locator('[data-field="cdnUrl"]').getAttribute('placeholder')).toBe('https://cdn.example.com');
    await settingsForm.getByRole('button', { name: 'Cancel' }).click();
    expect(await settings.headerStatus()).toEqual({ status: 'online', words: 'online' });
  });

  it('checks a new connection before saving it: a refused key is not saved unless “Save anyway”', async () => {
    const before = (await profiles()).length;
    const form = await settings.openConnectForm();
    await settings.fill(form, {
      name: 'Wrong key',
      baseUrl: accounts.ready.base_url,
      cdnUrl: accounts.ready.cdn_url,
      caPem: accounts.caPem,
      apiKey: `sk_live_${'0'.repeat(64)}`,
    });
    await settings.checkAndConnect(form);
    const refused = await settings.checkResult(form);
    expect(refused.status).toBe('key_refused');
    expect(refused.text).toMatch(/did not accept this API key/);
    expect((await profiles()).length).toBe(before);

    await form.locator('[data-action="save-anyway"]').click();
    await app.waitForEvent('connection.changed', (c: Connection) => c.profile?.name === 'Wrong key');
    expect((await profiles()).length).toBe(before + 1);
    await settings.waitForHeaderStatus('key_refused');
    expect(await settings.headerStatus()).toEqual({ status: 'key_refused', words: 'key refused' });
    await form.getByRole('button', { name: 'Done' }).click();
    await settings.card('Wrong key').locator('[data-key-state="needs_new_key"]').waitFor();
  });

  it('shows what the service said of a good connection (account, plan, balance), then saves and uses it', async () => {
    const owner = await accounts.account('creator', 1234);
    const form = await settings.openConnectForm();
    await settings.fill(form, {
      name: 'Good service',
      baseUrl: accounts.ready.base_url,
      cdnUrl: accounts.ready.cdn_url,
      caPem: accounts.caPem,
      apiKey: owner.apiKey,
    });
    await settings.checkAndConnect(form);
    const found = await settings.checkResult(form);
    expect(found.status).toBe('online');
    expect(found.text).toContain(`Connected as ${owner.name}.`);
    expect(found.text).toMatch(/Plan Creator/);
    expect(found.text).toMatch(/Balance 1,234 credits/);
    await app.waitForEvent('connection.changed', (c: Connection) => c.profile?.name === 'Good service' && c.status === 'online');
    await settings.waitForHeaderStatus('online');
    await form.getByRole('button', { name: 'Done' }).click();
    // "Key not checked yet" does not outlive the first answer.
    await settings.card('Good service').locator('[data-key-state="ok"]').waitFor();
  });

  it('tests any saved connection, not only the one in use', async () => {
    const result = await settings.testConnection('Wrong key');
    expect(result.status).toBe('key_refused');
    expect(result.text).toMatch(/did not accept this API key/);
  });

  it('names each state with its own words: certificate, unreachable, key expired, plan required, service error', async () => {
    const owner = await accounts.account('creator');
    await addAndUse({ name: 'No CA', apiKey: owner.apiKey });
    await settings.waitForHeaderStatus('untrusted_certificate');
    expect((await settings.headerStatus()).words).toBe('certificate not trusted');
    expect(await settings.card('No CA').locator('[data-testid="profile-status"]').innerText()).toBe('Certificate not trusted');

    await addAndUse({ name: 'Stopped', baseUrl: `https://127.0.0.1:${closedPort}`, caPem: accounts.caPem, apiKey: owner.apiKey });
    await settings.waitForHeaderStatus('unreachable');
    expect((await settings.headerStatus()).words).toBe('service unreachable');
    expect(await app.page.locator('.header-problem').innerText()).not.toMatch(/internet/);

    const free = await accounts.account('free');
    await addAndUse({ name: 'Free account', caPem: accounts.caPem, apiKey: free.apiKey });
    await settings.waitForHeaderStatus('plan_required');
    expect((await settings.headerStatus()).words).toBe('plan required');

    // spec 2.1 / 5.6: past its expiration date a key is refused with 401 expired_api_key.
    const expiring = await accounts.account('creator', 100, new Date(Date.now() + 1_500).toISOString());
    await expect.poll(() => accounts.answerFor(expiring.apiKey), { timeout: 10_000, interval: 250 }).toBe('expired_api_key');
    await addAndUse({ name: 'Expired key', caPem: accounts.caPem, apiKey: expiring.apiKey });
    await settings.waitForHeaderStatus('key_expired');
    expect((await settings.headerStatus()).words).toBe('key expired');
    await settings.card('Expired key').locator('[data-key-state="expired"]').waitFor();

    await settings.card('Good service').getByRole('button', { name: 'Use this connection' }).click();
    await settings.waitForHeaderStatus('online');
    await accounts.setFaults({ rate_5xx: 1 });
    try {
      await settings.testConnection('Good service');
      await settings.waitForHeaderStatus('service_error');
      expect((await settings.headerStatus()).words).toBe('service error');
    } finally {
      await accounts.setFaults({});
    }
    await settings.testConnection('Good service');
    await settings.waitForHeaderStatus('online');
  }, 120_000);

  it('does not offer to remove the connection in use, and names it in the Library section', async () => {
    const inUse = settings.card('Good service');
    await inUse.getByText('In use', { exact: true }).waitFor();
    expect(await inUse.locator('[data-action="remove-connection"]').count()).toBe(0);
    expect(await settings.card('Stopped').locator('[data-action="remove-connection"]').count()).toBe(1);
    expect(await settings.root.locator('[data-testid="library-connection"]').innerText()).toContain('Good service');
  });
});
