import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import type { Job } from '../../../shared/ipc/index.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * No dead ends in the sandbox: Settings → Sandbox does what the web app and the team's approver do
 * (approve a pending price, add credits, change the plan and the pace), through the sandbox's admin
 * API in core, and "Buy credits" leads there.
 */
describe.skipIf(chromiumMissing() !== null)('Settings → Sandbox', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let settings: SettingsPage;

  // These tests look at money, plans and approvals, not at media: the sandbox renders placeholder
  // files. The 75-credit quote below is 15 s of 1080p video, which the real renderer takes minutes
  // to encode on a busy two-core machine even at "fast" speed (that speed shortens the wait, not
  // the render), so waiting for "done" would time out for a reason that has nothing to do with approvals.
  const rendererBefore = process.env.CAST_SANDBOX_RENDERER;
  beforeAll(async () => {
    process.env.CAST_SANDBOX_RENDERER = 'placeholder';
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1360, height: 880 } });
    settings = new SettingsPage(app.page);
    await app.startInSandbox();
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
    if (rendererBefore === undefined) delete process.env.CAST_SANDBOX_RENDERER;
    else process.env.CAST_SANDBOX_RENDERER = rendererBefore;
  });

  it('is reached from “Buy credits”, and adds credits to the balance in the header', async () => {
    await app.go('credits');
    await app.page.locator('[data-action="buy-credits"]').click();
    await app.page.locator('.screen-outlet[data-screen="settings"]').waitFor();
    const section = settings.sandboxSection();
    await section.waitFor();
    const before = await app.balance();
    await section.locator('[data-field="credits"]').fill('750');
    await section.locator('[data-action="add-credits"]').click();
    await app.waitForBalance(before + 750);
    await expect
      .poll(() => section.locator('[data-testid="sandbox-balance"]').innerText())
      .toBe(`${(before + 750).toLocaleString('en-US')} credits`);
  });

  it('changes the plan: on the free plan the header says a plan is required, and back on Creator it is online', async () => {
    const section = settings.sandboxSection();
    await section.getByRole('radiogroup', { name: 'Plan' }).getByRole('radio', { name: 'Free' }).click();
    await settings.waitForHeaderStatus('plan_required');
    expect((await settings.headerStatus()).words).toBe('plan required');
    await section.getByRole('radiogroup', { name: 'Plan' }).getByRole('radio', { name: 'Creator' }).click();
    await settings.waitForHeaderStatus('online');
  });

  it('sets the pace of jobs while the sandbox runs', async () => {
    const section = settings.sandboxSection();
    await section.getByRole('radiogroup', { name: 'Speed of jobs' }).getByRole('radio', { name: 'Real time' }).click();
    await expect.poll(async () => (await studio.call('sandbox.get', {})).speed).toBe('realtime');
    await section.getByRole('radiogroup', { name: 'Speed of jobs' }).getByRole('radio', { name: 'Fast (moments)' }).click();
    await expect.poll(async () => (await studio.call('sandbox.get', {})).speed).toBe('fast');
  });

  it('approves a price waiting for approval, as the team’s approver would, and the job goes', async () => {
    const character = await studio.call('characters.create', {
      body: { name: 'Ines Vale', parameters: { creationType: 'human', gender: 'female', age: '20s' } },
      quoteId: null,
    });
    const made = await app.waitForEvent('job.updated', (job: Job) => job.id === character.id && job.state === 'done', 60_000);
    const characterId = made.resourceId ?? '';
    const body = {
      character_id: characterId,
      type: 'video' as const,
      prompt: 'She walks the length of the pier',
      model: 'video-model-b',
      options: { duration: 15 },
    };
    const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
    expect(price).toMatchObject({ approvalRequired: true, approvalState: 'pending' });

    // Settings reads the inbox when it opens.
    await app.go('studio');
    await app.go('settings');
    const quote = settings.sandboxSection().locator(`li[data-quote-id="${price.quoteId}"]`);
    await quote.waitFor();
    expect(await quote.innerText()).toMatch(/Generation · 75 credits/);
    await quote.locator('[data-action="approve"]').click();
    await quote.waitFor({ state: 'detached' });
    expect((await studio.call('quotes.get', { id: price.quoteId })).approvalState).toBe('approved');

    // Accepted by the service (an unapproved quote is refused with quote_not_approved and fails): the job goes.
    const job = await studio.call('generations.create', { body, quoteId: price.quoteId });
    const sent = await app.waitForEvent(
      'job.updated',
      (update: Job) => update.id === job.id && ['processing', 'done', 'failed'].includes(update.state),
      60_000,
    );
    expect(sent.state).not.toBe('failed');
    expect(sent.resourceId).not.toBeNull();
    // …and finishes: the approval, the send and the polling carry it to done.
    const finished = await app.waitForEvent(
      'job.updated',
      (update: Job) => update.id === job.id && ['done', 'failed'].includes(update.state),
      60_000,
    );
    expect(finished.error).toBeNull();
    expect(finished.state).toBe('done');
  }, 180_000);
});
