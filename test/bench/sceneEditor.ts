import type { Page } from 'playwright-core';
import type { SceneLineInput } from '../../shared/ipc/index.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import { startStudioHost } from '../e2e/support/studioHost.ts';
import { median, percentile, round, type BenchOptions, type Metric } from './support/stats.ts';

const LINES = 200;
const VIEWPORT = { width: 1440, height: 900 };

/**
 * `scene_editor_keystroke_p95_ms`: typing into one line of a 200-line scene in the built renderer in
 * headless Chromium, through the browser host over core. Each keystroke is timed from its keydown to
 * the frame that shows it: the next animation frame after the input, then the task after that frame
 * (which runs once it is painted). Keys go in one at a time, each after the last one's frame.
 */
export async function benchSceneEditor(options: BenchOptions): Promise<Metric[]> {
  // The sandbox renders nothing here: its placeholder media keep the CPU for the renderer.
  process.env.CAST_SANDBOX_RENDERER ??= 'placeholder';
  const studio = await startStudioHost({ keychain: 'memory' });
  const browser = await launchChromium();
  try {
    await studio.call('connection.completeOnboarding', {});
    const speakers = [await studio.createCharacter('Mira Vale'), await studio.createCharacter('Otto Brand')];
    const scene = await studio.call('scenes.create', { title: 'Two hundred lines' });
    const lines: SceneLineInput[] = Array.from({ length: LINES }, (_, index) => ({
      id: crypto.randomUUID(),
      kind: 'talk',
      characterId: speakers[index % 2] ?? null,
      voiceId: null,
      text: `Line ${index + 1}: the wind does not knock twice, and nobody opens a door for the wind.`,
      emotion: null,
      talk: null,
      clipItemId: null,
    }));
    await studio.call('scenes.update', { id: scene.id, lines });

    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(studio.url);
    await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.locator('[data-nav="scenes"]').click();
    await page.locator(`.scene-card[data-scene-id="${scene.id}"] .scene-card-open`).click();
    await page.waitForFunction((count) => document.querySelectorAll('li.scene-line').length === count, LINES, { timeout: 30_000 });

    const keystrokes = options.quick ? 60 : 150;
    const p95s: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const samples = await typeAndTime(page, lines[100 + run]?.id ?? '', keystrokes);
      const p95 = percentile(samples, 95);
      p95s.push(p95);
      options.log(
        `  scene editor run ${run + 1}: ${samples.length} keys, median ${round(median(samples), 1)} ms, p95 ${round(p95, 1)} ms, max ${round(Math.max(...samples), 1)} ms`,
      );
    }
    await context.close();
    return [
      {
        name: 'scene_editor_keystroke_p95_ms',
        value: round(median(p95s), 1),
        unit: 'ms',
        target: '<= 16',
        note: `200-line scene, p95 of each run: ${p95s.map((value) => round(value, 1)).join(', ')}`,
      },
    ];
  } finally {
    await browser.close();
    await studio.stop();
  }
}

/** Types `count` letters at the end of one line's text and answers each one's keydown-to-painted time in ms. */
async function typeAndTime(page: Page, lineId: string, count: number): Promise<number[]> {
  const text = page.locator(`li.scene-line[data-line-id="${lineId}"] textarea`);
  await text.scrollIntoViewIfNeeded();
  await text.click();
  await page.keyboard.press('End');
  await page.evaluate(() => {
    const holder = window as unknown as { __keystrokes?: number[] };
    if (holder.__keystrokes) return;
    const samples: number[] = [];
    holder.__keystrokes = samples;
    let downAt = 0;
    document.addEventListener('keydown', (event) => (downAt = event.timeStamp), { capture: true });
    document.addEventListener(
      'input',
      () => {
        const start = downAt;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => samples.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
  const letters = 'the quick brown fox jumps over the lazy dog ';
  for (let index = 0; index < count; index += 1) {
    await page.keyboard.press(letters[index % letters.length] === ' ' ? 'Space' : (letters[index % letters.length] ?? 'a'));
    // The next key goes once this one is on screen, as a fast typist's keys land frame by frame.
    await page.evaluate(
      (done) =>
        new Promise<void>((resolve) => {
          const check = () =>
            (window as unknown as { __keystrokes: number[] }).__keystrokes.length >= done ? resolve() : requestAnimationFrame(check);
          check();
        }),
      index + 1,
    );
  }
  return page.evaluate(() => {
    const samples = (window as unknown as { __keystrokes: number[] }).__keystrokes;
    const taken = [...samples];
    samples.length = 0;
    return taken;
  });
}
