import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, inspectScreen, launchChromium, makePng, startStudioHost, type StudioHost } from '../support/index.ts';
import { CastPage } from './pages/CastPage.ts';
import type { CharacterPage } from './pages/CharacterPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * The studio end to end: the real renderer in Chromium, over the browser host's real core, against
 * the embedded sandbox in fast mode on a fresh folder. One character is made and used throughout,
 * so the steps run in order.
 */
describe.skipIf(chromiumMissing() !== null)('character studio over the browser host', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let cast: CastPage;
  let character: CharacterPage;
  const name = 'Mira Vale';

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1360, height: 880 } });
    cast = app.cast();
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('welcomes a first run with the sandbox explained, then shows the empty cast', async () => {
    await app.page.locator('dialog[data-dialog="onboarding"][open]').waitFor();
    expect(await inspectScreen(app.page, 'onboarding')).toBe('');
    await app.startInSandbox();
    await app.page.getByRole('heading', { name: 'Your cast is empty' }).waitFor();
    expect(await inspectScreen(app.page, 'cast-empty')).toBe('');
  });

  it('creates a character from traits with a dropped reference image, and sees it turn ready with its two portraits', async () => {
    const balanceBefore = await app.balance();
    const dialog = await cast.openCreate();
    await dialog.setName(name);
    await dialog.chooseKind('Human');
    await dialog.setTrait('Gender', 'female');
    await dialog.setTrait('Age', '20s');
    await dialog.setTrait('Eye color', 'green');
    await dialog.setTrait('Art style', 'photorealistic');

    // A wrong type is refused with a sentence, and nothing is uploaded.
    await dialog.dropImage(Buffer.from('GIF89a'), 'old.gif', 'image/gif');
    await expect.poll(() => dialog.refusals().innerText()).toContain('old.gif');

    await dialog.dropImage(makePng(64, 80), 'reference.png');
    await dialog.waitForReferencesReady(1);
    const price = await dialog.price();
    expect(price).toBeGreaterThan(0);
    expect(await inspectScreen(app.page, 'create-character')).toBe('');
    await dialog.submit();

    // The card appears at once and its status follows character.updated.
    await cast.card(name).waitFor();
    await cast.waitForStatus(name, 'ready');
    character = await cast.open(name);
    await character.waitForStatus('ready');
    const portraits = await character.waitForPortraits();
    expect(portraits.headshot).not.toBe('');
    expect(portraits.fullbody).not.toBe(portraits.headshot);
    await app.waitForBalance(balanceBefore - price);
  });

  it('regenerates with an edit instruction, then reverts to the previous version', async () => {
    expect(await character.version()).toBe(1);
    const credits = await character.regenerate('Give her a green coat');
    expect(credits).toBeGreaterThan(0);
    await character.waitForVersion(2);
    await character.waitForPortraits();
    expect(await character.canRevert()).toBe('true');

    await character.revert();
    await character.waitForVersion(1);
    await character.waitForPortraits();
  });

  it('generates an image, and the price on the button is what the service charged', async () => {
    const panel = character.generate();
    await panel.chooseType('Image');
    await panel.setPrompt('On a rooftop at golden hour, looking over the city');
    const shown = await panel.price();
    expect(await panel.buttonText()).toBe(`Generate · ${shown} credits`);
    const jobId = await panel.submitWithKeyboard();
    expect(jobId).not.toBe('');
    const job = await app.waitForEvent('job.updated', (update) => update.id === jobId && update.state === 'done', 60_000);
    expect(job.creditsUsed).toBe(shown);
    const done = await character.waitForCompleted('image', 1);
    expect(done.creditsUsed).toBe(shown);
  });

  it('generates a video clip and sees it finish', async () => {
    const panel = character.generate();
    await panel.chooseType('Video');
    await panel.setPrompt('She turns to the camera and smiles');
    await panel.setDuration(2);
    const shown = await panel.price();
    const jobId = await panel.submitWithKeyboard();
    const job = await app.waitForEvent('job.updated', (update) => update.id === jobId && update.state === 'done', 90_000);
    expect(job.creditsUsed).toBe(shown);
    const done = await character.waitForCompleted('video', 1);
    expect(done.creditsUsed).toBe(shown);
  }, 150_000);

  it('generates a talk clip whose speech the queue makes first, in the same request', async () => {
    const panel = character.generate();
    await panel.chooseType('Talk');
    await panel.setPrompt('A warm close-up in a cosy studio');
    await panel.writeLine('Hi! I am so glad you are here.');
    const shown = await panel.price();
    expect(shown).toBeGreaterThan(0);
    const balanceBefore = await app.balance();
    await panel.submitWithKeyboard();
    await character.waitForCompleted('talk', 1, 120_000);
    await app.waitForNoJobsInFlight();
    // The button showed the speech and the clip together; the service charged exactly that.
    await app.waitForBalance(balanceBefore - shown);
  }, 150_000);

  it('passes axe on every studio screen and photographs each in both themes', async () => {
    const { page } = app;
    const panel = character.generate();
    const reports: string[] = [];
    for (const type of ['Image', 'Video', 'Talk'] as const) {
      await panel.chooseType(type);
      await panel.setPrompt('A calm portrait by the window');
      reports.push(await inspectScreen(page, `character-${type.toLowerCase()}`));
    }
    // The character's column scrolls on its own beside the panel.
    await page.locator('.character-main').evaluate((column) => column.scrollTo({ top: column.scrollHeight }));
    reports.push(await inspectScreen(page, 'character-generations'));
    await page.locator('.character-main').evaluate((column) => column.scrollTo({ top: 0 }));

    await character.root.locator('[data-action="regenerate"]').click();
    await page.locator('dialog[data-dialog="regenerate"][open] button.price-button[data-price-status="priced"]').waitFor();
    reports.push(await inspectScreen(page, 'regenerate'));
    await page.keyboard.press('Escape');

    await character.root.locator('[data-action="delete"]').click();
    await page.locator('dialog[data-dialog="delete"][open]').waitFor();
    reports.push(await inspectScreen(page, 'delete-confirm'));
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });

    await app.go('studio');
    await cast.search('mira');
    reports.push(await inspectScreen(page, 'cast'));
    expect(reports.filter(Boolean).join('\n')).toBe('');
  });
});
