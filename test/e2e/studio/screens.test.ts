import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../shared/api/index.ts';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import {
  chromiumMissing,
  inspectAtEverySize,
  launchChromium,
  makePng,
  resize,
  SCREEN_SIZES,
  seedCreditHistory,
  seedItem,
  seedLibrary,
  sizeName,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { CastPage } from './pages/CastPage.ts';
import { DetailViewPage } from './pages/DetailViewPage.ts';
import { GeneratePanel } from './pages/GeneratePanel.ts';
import { StudioApp } from './pages/StudioApp.ts';

const SEEDED = 2_000;

/**
 * Every screen at 1024×700, 1440×900 and 1920×1080 in both themes, on a library with thousands of
 * generations of one character: photographed into test-artifacts/screenshots/ and checked by axe,
 * and the frame's promises at each size (the header and navigation stay put, the generate panel
 * stays in view beside the character).
 */
describe.skipIf(chromiumMissing() !== null)('every screen at every size', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let characterId: string;
  let image: LibraryItem;
  let speech: LibraryItem;
  const name = 'Mira Vale';

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    app.page.setDefaultTimeout(15_000);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
  });

  it('welcomes a first run at every size', async () => {
    await app.page.locator('dialog[data-dialog="onboarding"][open]').waitFor({ timeout: 20_000 });
    expect(await inspectAtEverySize(app.page, 'onboarding')).toBe('');
    await studio.call('connection.completeOnboarding', {});
    await app.page.locator('dialog[data-dialog="onboarding"][open]').waitFor({ state: 'detached' });

    characterId = await studio.createCharacter(name);
    image = await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    const video = await studio.generate(characterId, 'video', 'Mira walking along the pier');
    speech = await makeSpeech('Hello there, and welcome to the lighthouse.');
    seedLibrary(studio, SEEDED, [image, video]);
    // A credit history long enough that the Credits tables scroll inside their panels.
    seedCreditHistory(studio, 40);
    // A pro 15-second video, whose run again is priced above the account's approval limit.
    seedItem(studio, {
      ...video,
      title: 'Lamps along the pier',
      prompt: 'Lamps along the pier',
      model: 'video-model-b',
      options: { duration: 15, quality: 'pro' },
    });
  }, 300_000);

  async function makeSpeech(text: string): Promise<LibraryItem> {
    const { presets } = await studio.call('voices.list', {});
    const voice = presets[0];
    if (!voice) throw new Error('The sandbox offers no preset voice.');
    const body = { voice_id: voice.id, text, emotion: 'auto' as const };
    const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createAudio, input: body });
    const job = await studio.jobDone(await studio.call('audio.create', { body, quoteId: price.quoteId }));
    const id = job.resourceId;
    if (!id) throw new Error('The speech job finished without a track id.');
    return studio.until(
      'the speech downloaded',
      async () => {
        const item = await studio.call('library.get', { id }).catch(() => null);
        return item?.downloaded ? item : null;
      },
      120_000,
    );
  }

  it('shows the cast at every size', async () => {
    await app.go('studio');
    await new CastPage(app.page).card(name).waitFor();
    expect(await inspectAtEverySize(app.page, 'cast')).toBe('');
  });

  it('keeps the frame still and the generate panel in view beside thousands of generations', async () => {
    const character = await new CastPage(app.page).open(name);
    await character.waitForPortraits();
    const { page } = app;
    const problems: string[] = [];
    for (const size of SCREEN_SIZES) {
      await resize(page, size);
      // Scrolled to the end of the generations, as a creator looking for an old one would be.
      await page.locator('#main').evaluate((main) => main.scrollTo({ top: main.scrollHeight }));
      await page.locator('.character-main').evaluate((column) => column.scrollTo({ top: column.scrollHeight }));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const layout = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
        return {
          windowScroll: scrollY,
          header: box('.app-header'),
          nav: box('.nav'),
          prompt: box('.generate-panel [data-field="prompt"]'),
          submit: box('.generate-panel .price-button'),
          height: innerHeight,
          width: innerWidth,
        };
      });
      const visible = (rect: DOMRect | null) =>
        rect !== null && rect.top >= 0 && rect.bottom <= layout.height && rect.left >= 0 && rect.right <= layout.width;
      const where = sizeName(size);
      if (layout.windowScroll !== 0) problems.push(`${where}: the window itself scrolled`);
      if (!layout.header || layout.header.top !== 0) problems.push(`${where}: the header moved`);
      if (!visible(layout.nav)) problems.push(`${where}: the navigation left the window`);
      if (!visible(layout.prompt)) problems.push(`${where}: the prompt is out of view`);
      if (!visible(layout.submit)) problems.push(`${where}: the Generate button is out of view`);
    }
    expect(problems).toEqual([]);
  });

  it('shows the character page and its generate panel at every size', async () => {
    const { page } = app;
    const top = () => page.locator('#main').evaluate((main) => main.scrollTo({ top: 0 }));
    expect(await inspectAtEverySize(page, 'character', top)).toBe('');
    const panel = new GeneratePanel(page);
    await panel.chooseType('Video');
    await panel.setPrompt('She turns to the camera and smiles');
    await panel.price();
    expect(await inspectAtEverySize(page, 'generate', top)).toBe('');
  });

  it('shows the gallery and the detail view at every size', async () => {
    await app.go('gallery');
    await app.page.locator('.gallery-tile:not(.is-loading)').first().waitFor();
    expect(await inspectAtEverySize(app.page, 'gallery')).toBe('');
    const detail = new DetailViewPage(app.page);
    await detail.openTile(0);
    expect(await inspectAtEverySize(app.page, 'detail')).toBe('');
    await detail.close();
  });

  it('shows a video in the detail view with the media player at every size', async () => {
    const detail = new DetailViewPage(app.page);
    await detail.openFound('walking along the pier');
    await detail.root.getByRole('group', { name: /: player$/ }).waitFor();
    expect(await inspectAtEverySize(app.page, 'detail-video')).toBe('');
    await detail.close();
    await app.page.fill('[data-testid="gallery-search"]', '');
  });

  it("reads an audio track's length as time, never as raw seconds", async () => {
    const detail = new DetailViewPage(app.page);
    await detail.openFound('welcome');
    expect(await detail.title()).toBe(speech.title);
    const shown = (await detail.fact('Duration').textContent()) ?? '';
    expect(shown).toMatch(/^\d+:\d\d$/);
    expect(await inspectAtEverySize(app.page, 'detail-audio')).toBe('');
    await detail.close();
    await app.page.fill('[data-testid="gallery-search"]', '');
  });

  it('shows voices, credits, queue and settings at every size', async () => {
    const reports: string[] = [];
    for (const screen of ['voices', 'credits', 'queue', 'settings'] as const) {
      await app.go(screen);
      await app.page.locator(`.screen-outlet[data-screen="${screen}"] h1`).first().waitFor();
      reports.push(await inspectAtEverySize(app.page, screen));
    }
    // The quotes beside their charges, behind their disclosure, opened.
    await app.go('credits');
    await app.page.getByRole('button', { name: 'Details' }).click();
    await app.page.getByRole('region', { name: 'Quoted prices and charges' }).waitFor();
    reports.push(await inspectAtEverySize(app.page, 'credits-details'));
    expect(reports.filter(Boolean).join('\n')).toBe('');
  });
  it('keeps the focus in the detail view while zooming: the arrows step and Escape closes', async () => {
    const { page } = app;
    await resize(page, SCREEN_SIZES[1]);
    await app.go('gallery');
    const detail = new DetailViewPage(page);
    // Images only, so every step lands on an image with its zoom buttons.
    await page.locator('.gallery-kinds').getByRole('button', { name: 'Image', exact: true }).click();
    // The filter applies when the gallery's next page arrives: wait for a grid of images only.
    await page.waitForFunction(() => {
      const tiles = [...document.querySelectorAll('.gallery-tile:not(.is-loading)')];
      return tiles.length >= 3 && tiles.every((tile) => tile.getAttribute('data-kind') === 'image');
    });
    await detail.openTile(0);
    await detail.zoom('200%');
    const first = await detail.title();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => detail.title()).not.toBe(first);
    const second = await detail.title();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => detail.title()).not.toBe(second);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => detail.title()).toBe(second);
    await detail.close();
    await page.locator('.gallery-kinds').getByRole('button', { name: 'Image', exact: true }).click();
  });

  it('gives the focus back to the grid on close, but never takes it from a field the person moved to meanwhile', async () => {
    const { page } = app;
    const detail = new DetailViewPage(page);
    // The grid keeps the focus itself and points at the tile with aria-activedescendant.
    const focusedGrid = () => page.evaluate(() => document.activeElement?.classList.contains('gallery-scroller') ?? false);
    await app.go('gallery');
    await page.locator('.gallery-tile:not(.is-loading)').nth(1).waitFor();
    await detail.openTile(1);
    await detail.close();
    await expect.poll(focusedGrid).toBe(true);
    // The dialog shuts and, before its 'close' event arrives a task later, the search field is focused:
    // a Delete typed there must stay in the field, never reach the grid as "delete this tile".
    await detail.openTile(1);
    const kept = await page.evaluate(async () => {
      const dialog = document.querySelector<HTMLDialogElement>('[data-testid="detail-dialog"][open]');
      const search = document.querySelector<HTMLInputElement>('[data-testid="gallery-search"]');
      if (!dialog || !search) return 'missing';
      dialog.close();
      search.focus();
      await new Promise((done) => setTimeout(done, 50));
      await new Promise((done) => requestAnimationFrame(done));
      return document.activeElement === search ? 'search' : (document.activeElement?.className ?? 'none');
    });
    expect(kept).toBe('search');
    await page.keyboard.press('Delete');
    expect(await page.locator('[data-dialog="confirm-delete"][open]').count()).toBe(0);
  });

  it('saves as a browser download and offers no "Show in folder" on the browser host', async () => {
    const { page } = app;
    const detail = new DetailViewPage(page);
    await detail.openTile(0);
    expect(await detail.root.getByRole('button', { name: 'Show in folder' }).count()).toBe(0);
    const saveAs = detail.root.getByRole('link', { name: 'Save as…' });
    const href = (await saveAs.getAttribute('href')) ?? '';
    const disposition = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-disposition'), href);
    expect(disposition).toMatch(/^attachment; filename="[^"]+\.(png|mp4)"/);
    const [download] = await Promise.all([page.waitForEvent('download'), saveAs.click()]);
    expect(download.suggestedFilename()).toMatch(/\.(png|mp4)$/);
    await download.cancel();
    await detail.close();
    await page.fill('[data-testid="gallery-search"]', '');
  });

  it('holds "Run again" with its reason while the price waits for approval', async () => {
    await app.go('gallery');
    const detail = new DetailViewPage(app.page);
    await detail.openFound('Lamps along the pier');
    const runAgain = detail.root.locator('[data-testid="run-again"]');
    await expect.poll(() => runAgain.getAttribute('data-held'), { timeout: 30_000 }).toBe('approval');
    expect(await runAgain.isDisabled()).toBe(true);
    const reason = detail.root.locator('[data-price-note="approval"]');
    expect(await reason.innerText()).toMatch(/^Approval pending\./);
    expect(await runAgain.getAttribute('aria-describedby')).toBe(await reason.locator('p').getAttribute('id'));
    expect(await inspectAtEverySize(app.page, 'detail-approval')).toBe('');
    await detail.close();
    await app.page.fill('[data-testid="gallery-search"]', '');
  });

  it('reaches the gallery grid in a few Tab presses', async () => {
    const { page } = app;
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    // Moving to the gallery puts the focus at the top of the screen: one Tab, then Enter.
    await app.go('studio');
    await app.go('gallery');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to the gallery grid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('gallery-scroller'))).toBe(true);
    // A fresh page starts with "Skip to content", then the screen's own link.
    await page.reload();
    await app.waitForReady();
    await page.locator('.screen-outlet[data-screen="studio"]').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to the cast');
  });

  it('lets the keyboard reach and scroll the Credits tables', async () => {
    const { page } = app;
    await resize(page, SCREEN_SIZES[0]);
    await app.go('credits');
    const usage = page.getByRole('region', { name: 'Credit transactions' });
    await usage.locator('tbody tr').nth(15).waitFor();
    expect(await usage.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    // Moving to Credits puts the focus at the top of the screen.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the transactions');
    await page.keyboard.press('Enter');
    expect(await usage.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('PageDown');
    await expect.poll(() => usage.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const details = page.getByRole('button', { name: 'Details' });
    if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
    expect(await page.getByRole('region', { name: 'Quoted prices and charges' }).getAttribute('tabindex')).toBe('0');
  });

  it('never cuts an over-long prompt: counts it, marks the excess and refuses with the number to remove', async () => {
    const { page } = app;
    await resize(page, SCREEN_SIZES[1]);
    await app.go('studio');
    await new CastPage(page).open(name);
    const panel = new GeneratePanel(page);
    await panel.chooseType('Image');
    const prompt = `${'a'.repeat(2_000)}0123456789`;
    await panel.setPrompt(prompt);
    expect(await panel.root.locator('[data-field="prompt"]').inputValue()).toBe(prompt);
    const counter = panel.root.locator('.field-counter[data-over]');
    expect((await counter.innerText()).replace(/\s+/g, ' ')).toContain(`${(2_010).toLocaleString()} / ${(2_000).toLocaleString()}`);
    expect(await panel.root.locator('.field-excess mark').innerText()).toBe('0123456789');
    const sentence = `A prompt has at most ${(2_000).toLocaleString()} characters; remove 10.`;
    expect(await panel.root.locator('.field-error').first().innerText()).toBe(sentence);
    const before = await panel.root.locator('.generate-submit').getAttribute('data-last-job-id');
    await panel.button().click();
    expect(await panel.root.locator('.field-error').first().innerText()).toBe(sentence);
    expect(await panel.root.locator('.generate-submit').getAttribute('data-last-job-id')).toBe(before);
    await panel.setPrompt('');
  });

  it('asks "Send another?" when a paid button is clicked again at once', async () => {
    const { page } = app;
    const panel = new GeneratePanel(page);
    await panel.setPrompt('A quiet harbor at first light');
    await panel.price();
    const submit = panel.root.locator('.generate-submit');
    const before = await submit.getAttribute('data-last-job-id');
    await panel.button().click();
    await page
      .locator(`.generate-submit[data-last-job-id]${before ? `:not([data-last-job-id="${before}"])` : ''}`)
      .waitFor({ timeout: 30_000 });
    const first = await submit.getAttribute('data-last-job-id');
    // The button is clickable again (a fresh quote for the next one); a click now asks first.
    await panel.root.locator('button.price-button[data-price-status="priced"]:not([disabled])').waitFor({ timeout: 30_000 });
    await panel.button().click();
    const ask = panel.root.getByRole('alertdialog', { name: 'Send another?' });
    await ask.waitFor();
    expect(await ask.innerText()).toContain('each one is charged');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('keep-one');
    await ask.getByRole('button', { name: 'No, keep one' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await submit.getAttribute('data-last-job-id')).toBe(first);
    // Asked again, the creator means it: one more goes out.
    await panel.button().click();
    await ask.getByRole('button', { name: 'Send another' }).click();
    await page.locator(`.generate-submit:not([data-last-job-id="${first}"])`).waitFor({ timeout: 30_000 });
  });

  it('refuses a file that is not what its name says in one sentence, and leaves no slot behind', async () => {
    const { page } = app;
    await app.go('studio');
    await page.locator('[data-nav="studio"]').click();
    const dialog = await new CastPage(page).openCreate();
    await dialog.setName('Ada Quill');
    await dialog.chooseKind('Human');
    await dialog.dropImage(Buffer.from('These are notes, not a picture.\n'), 'photo.png', 'image/png');
    await expect
      .poll(() => dialog.refusals().innerText())
      .toBe('photo.png is not what its name says: its content is not PNG, JPEG or WebP, which is what this place takes.');
    expect(await dialog.root.locator('[data-attachment-state]').count()).toBe(0);
    // Create stays open to a valid form: priced and clickable.
    expect(await dialog.price()).toBeGreaterThan(0);
    expect(await dialog.root.locator('button.price-button').isDisabled()).toBe(false);
    // An error with a long unbroken word (a generated file name) wraps inside the dialog, at the smallest size.
    await resize(page, SCREEN_SIZES[0]);
    const longName = `${'IMG_20261124_'.repeat(12)}.png`;
    await dialog.dropImage(Buffer.from('Still not a picture.\n'), longName, 'image/png');
    await expect.poll(() => dialog.refusals().innerText()).toContain(longName);
    const fits = await dialog.refusals().evaluate((element) => {
      const dialogBox = element.closest('dialog')?.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return (
        element.scrollWidth <= element.clientWidth && dialogBox !== undefined && box.right <= dialogBox.right && box.left >= dialogBox.left
      );
    });
    expect(fits).toBe(true);
    await dialog.dropImage(makePng(64, 80), 'reference.png');
    await dialog.waitForReferencesReady(1);
    await page.keyboard.press('Escape');
    await dialog.root.waitFor({ state: 'detached' });
  });
});
