import type { Browser } from 'playwright-core';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavSeconds } from '../../../renderer/features/voices/sampleTrim.ts';
import { speechWav } from '../../support/wavFiles.ts';
import {
  chromiumMissing,
  inspectAtEverySize,
  launchChromium,
  resize,
  SCREEN_SIZES,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { DetailViewPage } from './pages/DetailViewPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

const SAMPLE_SECONDS = 3;

/**
 * The voice lab's sample before paying for a clone (played, trimmed in the page, the trimmed WAV
 * uploaded and cloned), and the one media player's keys on a video in the detail view.
 */
describe.skipIf(chromiumMissing() !== null)('the voice lab and the media player', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    app.page.setDefaultTimeout(20_000);
    await app.startInSandbox();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
  });

  it('plays a dropped sample, trims it in the page, and clones the voice from the trimmed file', async () => {
    const { page } = app;
    await app.go('voices');
    await page.evaluate(
      (data) => {
        const file = new File([new Uint8Array(data)], 'rooftop.wav', { type: 'audio/wav' });
        const transfer = new DataTransfer();
        transfer.items.add(file);
        const zone = document.querySelector('[data-drop-zone="voice-sample"]');
        if (!zone) throw new Error('no voice sample drop zone');
        for (const type of ['dragenter', 'dragover', 'drop'])
          zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      [...speechWav(SAMPLE_SECONDS)],
    );
    const sample = page.getByTestId('voice-sample');
    await sample.waitFor({ timeout: 30_000 });
    const firstUrl = await sample.getAttribute('data-sample-url');

    // Heard before paying: the player plays the dropped file.
    const audio = sample.getByTestId('sample-audio');
    await audio.evaluate((element: HTMLAudioElement) => (element.muted = true));
    await sample.getByRole('button', { name: /^Play Sample rooftop\.wav/ }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
    await sample.getByRole('button', { name: /^Pause Sample/ }).click();

    // Trimmed with the keyboard: half a second off each end.
    await sample.getByRole('slider', { name: 'Trim start' }).focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    await sample.getByRole('slider', { name: 'Trim end' }).focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowLeft');
    await sample.getByRole('button', { name: 'Use 2.0 s' }).click();
    await page.locator(`[data-testid="voice-sample"]:not([data-sample-url="${firstUrl}"])`).waitFor({ timeout: 30_000 });
    const trimmedUrl = (await sample.getAttribute('data-sample-url')) ?? '';
    expect(await sample.innerText()).toContain('rooftop-trimmed.wav');

    // What the service holds at the URL the clone is sent with is the trimmed WAV.
    const agent = new Agent({ connect: { ca: [studio.sandboxAdmin().caPem] } });
    try {
      const response = await fetch(trimmedUrl, { dispatcher: agent });
      expect(response.ok).toBe(true);
      expect(wavSeconds(await response.arrayBuffer())).toBeCloseTo(SAMPLE_SECONDS - 1, 1);
    } finally {
      await agent.close();
    }

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rooftop narrator');
    const clone = page.locator('.voice-create .price-button');
    await expect.poll(() => clone.getAttribute('data-price-status'), { timeout: 30_000 }).toBe('priced');
    await clone.click();
    await page.locator('.voice-row[data-voice-name="Rooftop narrator"] [data-status="ready"]').waitFor({ timeout: 120_000 });
  }, 240_000);

  it('names a track after its voice and first words, shows its voice, and keeps the text', async () => {
    const { page } = app;
    const card = page.locator('.voice-row[data-voice-name="Rooftop narrator"]');
    await card.getByRole('button', { name: 'Make speech' }).click();
    const text = 'Welcome to the rooftop, where the city hums below us.';
    await page.getByTestId('speech-text').fill(text);
    const speak = page.locator('.speech-form .price-button');
    await expect.poll(() => speak.getAttribute('data-price-status'), { timeout: 30_000 }).toBe('priced');
    await speak.click();
    const track = page.locator('.track', { hasText: 'Rooftop narrator — Welcome to the rooftop, where…' }).first();
    await track.waitFor({ timeout: 120_000 });
    await expect.poll(() => track.getByTestId('track-facts').innerText(), { timeout: 60_000 }).toContain('Rooftop narrator');
    expect(await page.getByTestId('speech-text').inputValue()).toBe(text);
  }, 240_000);

  it('filters your voices and the presets by model from the lists’ head, and shows every model again', async () => {
    const { page } = app;
    const { voices, presets } = await studio.call('voices.list', {});
    const names = (list: readonly { name: string; model?: string }[], model?: string) =>
      list.filter((voice) => model === undefined || voice.model === model).map((voice) => voice.name);
    const shown = (list: 'own-voices' | 'preset-voices') =>
      page
        .getByTestId(list)
        .locator('.voice-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-voice-name')));
    const choose = async (option: string) => {
      await page.locator('.voice-lists-head .ui-select').getByRole('button').click();
      await page.getByRole('listbox', { name: 'Model' }).getByRole('option', { name: option, exact: true }).click();
      await page.getByRole('listbox', { name: 'Model' }).waitFor({ state: 'detached' });
    };
    // A preset on another model than the clone's lets the filter tell the two lists' voices apart.
    const other = presets.find((voice) => voice.model !== voices[0]?.model)?.model;
    expect(other).toBeDefined();
    await choose(other!);
    await expect.poll(() => shown('preset-voices')).toEqual(names(presets, other));
    expect(names(presets, other).length).toBeLessThan(presets.length);
    expect(await page.getByText(`None of your voices uses ${other}`).count()).toBe(1);
    await choose('Every model');
    await expect.poll(() => shown('preset-voices')).toEqual(names(presets));
    expect(await shown('own-voices')).toEqual(names(voices));
  });

  it('shows the voice lab and the credits (quotes opened) at every size, with no serious accessibility issue', async () => {
    const { page } = app;
    await page.locator('.track canvas.waveform[aria-busy="false"]').first().waitFor({ timeout: 60_000 });
    expect(await inspectAtEverySize(page, 'voice-lab')).toBe('');
    await app.go('credits');
    await page.locator('[data-testid="character-spend"]').waitFor({ timeout: 30_000 });
    // The speech of a voice of no character is spent under its own name, read whole at every size.
    await page.locator('.character-spend-name', { hasText: 'No character (voices, speech)' }).waitFor();
    for (const size of SCREEN_SIZES) {
      await resize(page, size);
      const cut = await page
        .locator('.character-spend-name')
        .evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent));
      expect(cut, `names cut at ${size.width}×${size.height}`).toEqual([]);
    }
    await resize(page, SCREEN_SIZES[1]);
    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('region', { name: 'Quoted prices and charges' }).waitFor();
    expect(await inspectAtEverySize(page, 'credits-details')).toBe('');
  }, 240_000);

  it('plays, seeks and changes the speed of a video in the detail view from the keyboard', async () => {
    const { page } = app;
    const characterId = await studio.createCharacter('Mira Vale');
    await studio.generate(characterId, 'video', 'Mira walking along the pier at dusk');
    await app.go('gallery');
    const detail = new DetailViewPage(page);
    await detail.openFound('along the pier at dusk');
    const video = detail.root.getByTestId('media-video');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
    });
    const state = () =>
      video.evaluate((element: HTMLVideoElement) => ({ paused: element.paused, time: element.currentTime, rate: element.playbackRate }));

    const player = detail.root.getByRole('group', { name: /: player$/ });
    await player.focus();
    await page.keyboard.press(' ');
    await expect.poll(async () => (await state()).paused).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(async () => (await state()).paused).toBe(true);

    const before = (await state()).time;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await state()).time).toBeGreaterThan(before + 0.5);
    const beforeFrame = (await state()).time;
    await page.keyboard.press(',');
    await expect.poll(async () => (await state()).time).toBeCloseTo(beforeFrame - 1 / 24, 2);
    // The dialog stays on this video: the arrows seek the player rather than step to another item.
    expect(await detail.title()).toContain('along the pier at dusk');

    await page.keyboard.press('>');
    await expect.poll(async () => (await state()).rate).toBe(1.25);
    await player.getByRole('button', { name: /^Speed/ }).click();
    await page.getByRole('menuitem', { name: '2×' }).click();
    await expect.poll(async () => (await state()).rate).toBe(2);
    await detail.close();
  }, 240_000);
});
