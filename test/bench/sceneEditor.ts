import type { Browser, Locator } from 'playwright-core';
import type { SceneLineInput } from '../../shared/ipc/index.ts';
import { benchChromiumPath, launchChromium } from '../e2e/support/chromium.ts';
import { startStudioHost } from '../e2e/support/studioHost.ts';
import { median, percentile, round, type BenchOptions, type Metric } from './support/stats.ts';

const LINES = 200;
const VIEWPORT = { width: 1440, height: 900 };

/**
 * `scene_editor_keystroke_p95_ms`: typing into one line of a 200-line scene in the built renderer in
 * headless Chromium, through the browser host over core. Keys go in one at a time, each after the last
 * one's frame, and each is timed from its keydown to the end of the frame that shows it (the task
 * after that frame's animation callbacks runs once its style, layout and paint are done), less one
 * thing: the renderer's idle wait, once the key is handled, for the display's next refresh.
 *
 * Why that wait is left out: a frame starts only at a refresh (every 16.7 ms at 60 Hz), so a key that
 * lands just after one waits up to a whole refresh with nothing to do, on any page. Kept in, it made
 * the figure a measure of where keys fall against the refresh, not of the editor: the method read
 * 24 ms p95 on a bare <textarea> in an empty page on this machine (median 12.6), over the 16 ms target
 * before the editor did any work; and this benchmark sends each key just after a frame, the worst
 * place to land. What stays in is every millisecond the renderer works or is busy for the key: the
 * input's delay behind other tasks, the key's handlers (React, the store), a frame started late
 * because the main thread was busy at the refresh, and the frame's style, layout, paint and commit.
 * Only the wait between the handlers' end and the refresh is taken out, and at most one refresh of
 * it: a frame dropped because of work still counts in full. Both figures are logged per run.
 *
 * `_reference` is the same keys by the same method into a bare <textarea> in the same run, and
 * `_ratio` the editor's p95 over it: the figure judged, as the machine's speed moves both alike.
 */
export async function benchSceneEditor(options: BenchOptions): Promise<Metric[]> {
  // The sandbox renders nothing here: its placeholder media keep the CPU for the renderer.
  process.env.CAST_SANDBOX_RENDERER ??= 'placeholder';
  const studio = await startStudioHost({ keychain: 'memory' });
  const browser = await launchChromium(benchChromiumPath());
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
      const samples = await typeAndTime(page.locator(`li.scene-line[data-line-id="${lines[100 + run]?.id ?? ''}"] textarea`), keystrokes);
      const p95 = percentile(
        samples.map((sample) => sample.latency),
        95,
      );
      p95s.push(p95);
      options.log(`  scene editor run ${run + 1}: ${describe(samples)}`);
    }
    await context.close();
    const bare = await bareTextareaP95s(browser, keystrokes, options);
    const ours = median(p95s);
    const reference = median(bare);
    return [
      {
        name: 'scene_editor_keystroke_p95_ms',
        value: round(ours, 1),
        unit: 'ms',
        note: `200-line scene, p95 of each run: ${p95s.map((value) => round(value, 1)).join(', ')}`,
      },
      {
        name: 'scene_editor_keystroke_p95_ms_reference',
        value: round(reference, 1),
        unit: 'ms',
        note: `a bare <textarea> on an empty page, p95 of each run: ${bare.map((value) => round(value, 1)).join(', ')}`,
      },
      { name: 'scene_editor_keystroke_p95_ms_ratio', value: round(ours / reference, 2), unit: 'ratio' },
    ];
  } finally {
    await browser.close();
    await studio.stop();
  }
}

/**
 * The reference: the same keys, by the same method, into a bare <textarea> on an empty page, as
 * many runs as the editor's; each run's p95 in ms.
 */
async function bareTextareaP95s(browser: Browser, keystrokes: number, options: BenchOptions): Promise<number[]> {
  const bare = await browser.newContext({ viewport: VIEWPORT });
  try {
    const empty = await bare.newPage();
    await empty.setContent('<textarea aria-label="Text" rows="3" cols="80"></textarea>');
    const p95s: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const samples = await typeAndTime(empty.locator('textarea'), keystrokes);
      options.log(`  bare textarea run ${run + 1}, same method: ${describe(samples)}`);
      p95s.push(
        percentile(
          samples.map((sample) => sample.latency),
          95,
        ),
      );
    }
    return p95s;
  } finally {
    await bare.close();
  }
}

/** One key: keydown to the end of its frame (`painted`), and the same less the idle wait for the refresh (`latency`), in ms. */
type Keystroke = { painted: number; latency: number };

function describe(samples: readonly Keystroke[]): string {
  const latency = samples.map((sample) => sample.latency);
  const painted = samples.map((sample) => sample.painted);
  return (
    `${samples.length} keys, median ${round(median(latency), 1)} ms, p95 ${round(percentile(latency, 95), 1)} ms, ` +
    `max ${round(Math.max(...latency), 1)} ms (keydown to painted, the refresh's wait included: median ` +
    `${round(median(painted), 1)}, p95 ${round(percentile(painted, 95), 1)})`
  );
}

/** Types `count` letters at the end of a text box and answers each one's times. */
async function typeAndTime(text: Locator, count: number): Promise<Keystroke[]> {
  const page = text.page();
  await text.scrollIntoViewIfNeeded();
  await text.click();
  await page.keyboard.press('End');
  await page.evaluate(async () => {
    const holder = window as unknown as { __keystrokes?: { painted: number; latency: number }[] };
    if (holder.__keystrokes) return;
    // The display's refresh interval, from the frames' own timestamps.
    const frames: number[] = [];
    await new Promise<void>((resolve) => {
      const tick = (at: number) => (frames.push(at) < 31 ? requestAnimationFrame(tick) : resolve());
      requestAnimationFrame(tick);
    });
    const gaps = frames.slice(1).map((at, index) => at - (frames[index] ?? at));
    const refresh = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 1000 / 60;
    const samples: { painted: number; latency: number }[] = [];
    holder.__keystrokes = samples;
    let downAt = 0;
    document.addEventListener('keydown', (event) => (downAt = event.timeStamp), { capture: true });
    // On window, bubbling: after every handler of the page (React's sit on its root) has run.
    window.addEventListener('input', () => {
      const start = downAt;
      const handled = performance.now();
      requestAnimationFrame((frameStart) => {
        const idle = Math.min(Math.max(frameStart - handled, 0), refresh);
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.now() - start;
          samples.push({ painted, latency: painted - idle });
        };
        channel.port2.postMessage(null);
      });
    });
  });
  const letters = 'the quick brown fox jumps over the lazy dog ';
  for (let index = 0; index < count; index += 1) {
    await page.keyboard.press(letters[index % letters.length] === ' ' ? 'Space' : (letters[index % letters.length] ?? 'a'));
    // The next key goes once this one is on screen, as a fast typist's keys land frame by frame.
    await page.evaluate(
      (done) =>
        new Promise<void>((resolve) => {
          const check = () =>
            (window as unknown as { __keystrokes: Keystroke[] }).__keystrokes.length >= done ? resolve() : requestAnimationFrame(check);
          check();
        }),
      index + 1,
    );
  }
  return page.evaluate(() => {
    const samples = (window as unknown as { __keystrokes: Keystroke[] }).__keystrokes;
    const taken = [...samples];
    samples.length = 0;
    return taken;
  });
}
