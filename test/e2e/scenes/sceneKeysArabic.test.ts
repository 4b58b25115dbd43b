import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { ScenesApp } from './pages/ScenesApp.ts';
import { renderedScene } from './renderedScene.ts';

/**
 * The scene editor from the keyboard in Arabic, in the real renderer in Chromium over the browser
 * host's core and the embedded sandbox. The editor mirrors, and its keys follow the reading
 * direction: Enter, Alt+↑/↓ and Backspace do what they do in English; ← goes to the next view
 * (the one on the left); lines a person wrote keep their own direction. The player's timeline does
 * not mirror: → moves forward in time and its track fills from the left.
 */
describe.skipIf(chromiumMissing() !== null)('the scene editor from the keyboard in Arabic', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: ScenesApp;
  const cast = new Map<string, string>();
  let sceneId = '';

  beforeAll(async () => {
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    cast.set('Mira Vale', await studio.createCharacter('Mira Vale'));
    cast.set('Otto Brand', await studio.createCharacter('Otto Brand'));
    const scene = await renderedScene(studio, 'The morning after', cast, [
      { speaker: 'Mira Vale', text: 'Did you hear that?' },
      { narrator: 'Neither of them moved.' },
    ]);
    sceneId = scene.id;
    await studio.call('settings.set', { language: 'ar' });
    browser = await launchChromium();
    app = await ScenesApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1024, height: 700 } });
    app.page.setDefaultTimeout(15_000);
    await app.goScenes();
    await app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
    await app.editor().waitFor();
  }, 600_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('writes lines with Enter, Alt+↑ and Backspace as in English, each line in its own direction', async () => {
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await app.editor().locator('[data-action="add-line"]', { hasText: 'إضافة سطر حوار' }).click();
    await expect.poll(() => app.lines().count()).toBe(3);
    const keys = app.page.keyboard;
    // The new line answers the narrator, so it is Mira's; the caret is in it.
    await app.focusedText().waitFor();
    await keys.type('من هناك؟');
    await keys.press('Enter');
    await expect.poll(() => app.lines().count()).toBe(4);
    // Mira answered the narrator, so the narrator goes on; Alt+↑ hands the line to the one before in the cast.
    await keys.press('Alt+ArrowUp');
    await keys.type('Only the wind.');
    await keys.press('Enter');
    await expect.poll(() => app.lines().count()).toBe(5);
    await keys.press('Backspace');
    await expect.poll(() => app.lines().count()).toBe(4);

    const mira = `character:${cast.get('Mira Vale')}`;
    const otto = `character:${cast.get('Otto Brand')}`;
    expect(await app.speakers()).toEqual([mira, 'narrator', mira, otto]);
    // Each text box takes the direction of what was written in it, whatever the studio's.
    const directions = await app
      .lines()
      .evaluateAll((rows) => rows.map((row) => getComputedStyle(row.querySelector('textarea')!).direction));
    expect(directions).toEqual(['ltr', 'ltr', 'rtl', 'ltr']);
    await app.waitForSaved();
    const stored = await studio.call('scenes.get', { id: sceneId });
    expect(stored.lines.map((line) => line.text)).toEqual(['Did you hear that?', 'Neither of them moved.', 'من هناك؟', 'Only the wind.']);
  }, 120_000);

  it('goes to the next view with ← , the view on the left in Arabic', async () => {
    const views = app.editor().locator('.segmented[data-name="scene-view"]');
    const write = views.locator('label', { hasText: 'كتابة' });
    const watch = views.locator('label', { hasText: 'مشاهدة' });
    const [writeBox, watchBox] = [await write.boundingBox(), await watch.boundingBox()];
    expect(writeBox && watchBox && watchBox.x < writeBox.x).toBe(true);
    await write.locator('input').focus();
    await app.page.keyboard.press('ArrowLeft');
    await app.page.locator('.scene-player-layout').waitFor();
    expect(await watch.locator('input').isChecked()).toBe(true);
  });

  it('keeps the player’s timeline left to right: → moves forward and the track fills from the left', async () => {
    const controls = app.page.locator('.scene-player-controls');
    expect(await controls.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    const position = controls.locator('.media-scrub input[type="range"]');
    const track = controls.locator('.media-scrub .ui-slider-track');
    const fill = controls.locator('.media-scrub .ui-slider-fill');
    expect(Number(await position.inputValue())).toBe(0);
    await position.focus();
    for (let step = 0; step < 50; step++) await app.page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await position.inputValue())).toBeGreaterThan(0);
    const [trackBox, fillBox] = [await track.boundingBox(), await fill.boundingBox()];
    expect(trackBox && fillBox && Math.abs(fillBox.x - trackBox.x) < 1).toBe(true);
    expect(fillBox && fillBox.width > 0).toBe(true);
  });
});
