import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/ipc/index.ts';
import { chromiumMissing, inspectScreen, launchChromium, startStudioHost, type SandboxAdmin, type StudioHost } from '../support/index.ts';
import type { CharacterPage } from './pages/CharacterPage.ts';
import type { GeneratePanel } from './pages/GeneratePanel.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * The price before the click, when it cannot be spent yet: a quote above the account's approval
 * threshold (decision 9: above 50 credits) and a price the balance cannot cover. The account owner's
 * side (approve, reject, revoke, grant credits) goes through the sandbox admin API, as it would
 * happen in the web app while the studio stays open. One account of 100 credits runs the whole file:
 * a character (10), one approved 75-credit video, then prices above the 15 credits left.
 */
describe.skipIf(chromiumMissing() !== null)('price guards on the generate panel', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let admin: SandboxAdmin;
  let account: { id: string; apiKey: string };
  let character: CharacterPage;
  let panel: GeneratePanel;

  /** Generation jobs the renderer heard of: a held submit must add none. */
  const generationJobs = () =>
    app.received.filter((m) => m.type === 'event' && m.event === 'job.updated' && (m.payload as Job).kind === 'generation.create').length;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1360, height: 880 } });
    await app.startInSandbox();
    admin = studio.sandboxAdmin();
    // A fresh account of the sandbox with few credits, on the sandbox connection (its CA stays trusted).
    account = await admin.account('creator', 100);
    const profile = (await studio.call('profiles.list', {})).find((p) => p.active);
    if (!profile) throw new Error('No active profile.');
    await studio.call('profiles.setKey', { id: profile.id, apiKey: account.apiKey });
    await app.waitForBalance(100);

    const cast = app.cast();
    const dialog = await cast.openCreate();
    await dialog.setName('Noor Hale');
    await dialog.chooseKind('Human');
    await dialog.setTrait('Gender', 'female');
    await dialog.setTrait('Art style', 'photorealistic');
    expect(await dialog.price()).toBe(10);
    await dialog.submit();
    await cast.waitForStatus('Noor Hale', 'ready');
    character = await cast.open('Noor Hale');
    await character.waitForStatus('ready');
    await app.waitForBalance(90);
    panel = character.generate();
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  // A 15 s pro video renders for real in the embedded sandbox (about 20 s quiet, more on a busy
  // machine): the test's time covers the event wait inside it.
  it('says a long pro video needs approval, holds the submit while it is pending, and lets it run once approved', async () => {
    await panel.chooseType('Video');
    await panel.chooseModel('video-model-b');
    await panel.setQuality('pro');
    await panel.setDuration(15);
    await panel.setPrompt('She walks the length of the pier as the lamps come on');
    const quoteId = await panel.waitForApproval('pending');
    expect(await panel.price()).toBe(75);
    expect(await panel.buttonText()).toBe('Generate · 75 credits');
    await expect.poll(() => panel.button().isDisabled()).toBe(true);
    expect(await panel.note().innerText()).toMatch(
      /^Approval pending\. 75 credits is above your account’s approval limit\. It can run once the account owner approves it/,
    );

    // Ctrl+Enter is held too: the service would refuse this quote with quote_not_approved.
    const jobsBefore = generationJobs();
    await panel.root.locator('[data-field="prompt"]').press('Control+Enter');
    expect(await inspectScreen(app.page, 'approval-pending')).toBe('');

    // Approved in the web app: the panel's own re-read (every few seconds) picks it up, no click.
    await admin.decide(quoteId, 'approve');
    expect(await panel.waitForApproval('approved', 20_000)).toBe(quoteId);
    expect(generationJobs()).toBe(jobsBefore);
    expect(await panel.note().innerText()).toMatch(/Approved by the account owner/);
    expect(await inspectScreen(app.page, 'approval-approved')).toBe('');

    const jobId = await panel.submitWithKeyboard();
    const job = await app.waitForEvent('job.updated', (update) => update.id === jobId && update.state === 'done', 120_000);
    expect(job.creditsUsed).toBe(75);
    await app.waitForBalance(15);
  }, 180_000);

  it('says plainly when the owner rejects or revokes the price, and offers a new one', async () => {
    await panel.setPrompt('She waves from the end of the pier');
    const rejected = await panel.waitForApproval('pending');
    await admin.decide(rejected, 'reject');
    await panel.noteAction('checkApproval');
    await panel.waitForApproval('rejected');
    expect(await panel.note().innerText()).toMatch(/^Approval rejected\. The account owner declined this price, so it cannot run\./);
    expect(await panel.button().isDisabled()).toBe(true);
    expect(await inspectScreen(app.page, 'approval-rejected')).toBe('');

    // A new price asks again; approved, then withdrawn before it was spent.
    await panel.noteAction('requote');
    const revoked = await panel.waitForApproval('pending');
    expect(revoked).not.toBe(rejected);
    await admin.decide(revoked, 'approve');
    await admin.decide(revoked, 'revoke');
    await panel.noteAction('checkApproval');
    await panel.waitForApproval('revoked');
    expect(await panel.note().innerText()).toMatch(/^Approval revoked\. The account owner withdrew approval of this price/);
    expect(await panel.button().isDisabled()).toBe(true);
  });

  it('warns when the balance cannot cover the price, holds the submit, and clears once credits are granted', async () => {
    await panel.chooseModel('video-model-a');
    await panel.setDuration(4);
    await panel.setPrompt('She looks up at the first stars');
    await panel.waitForCovered(false);
    expect(await panel.price()).toBe(20);
    expect(await panel.button().isDisabled()).toBe(true);
    expect(await panel.note().innerText()).toMatch(
      /^Not enough credits\. Your balance of 15 credits cannot cover 20 credits\. Buy credits/,
    );
    expect(await inspectScreen(app.page, 'low-balance')).toBe('');

    // Credits bought in the web app; coming back to the window reads the balance again.
    expect(await admin.grantCredits(account.id, 100)).toBe(115);
    await app.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await app.waitForBalance(115);
    await panel.waitForCovered(true);
    expect(await panel.button().isDisabled()).toBe(false);
    await expect.poll(() => panel.note().innerText()).not.toMatch(/Not enough credits/);
    expect(await inspectScreen(app.page, 'low-balance-cleared')).toBe('');

    const jobId = await panel.submitWithKeyboard();
    const job = await app.waitForEvent('job.updated', (update) => update.id === jobId && update.state === 'done', 90_000);
    expect(job.creditsUsed).toBe(20);
    await app.waitForBalance(95);
  }, 150_000);
});
