import type { Browser } from 'playwright-core';
import { DEFAULT_RENDERER_DIR } from '../../electron/web/browserHost.ts';
import type { Scene } from '../../shared/ipc/index.ts';
import { SceneExportPage } from '../e2e/scenes/pages/SceneExportPage.ts';
import { renderedScene, type LineSpec } from '../e2e/scenes/renderedScene.ts';
import { launchChromium, startStudioHost } from '../e2e/support/index.ts';
import { median, round, type BenchOptions, type Metric } from './support/stats.ts';

const TALK = [
  'I told you the river would rise before morning, and now the whole lower field is under water and the fence is gone with it.',
  'We can still save the barn if we move the hay to the loft tonight, but we need every pair of hands in the valley to do it.',
  'Then wake the neighbours, take the lantern from the porch and meet me by the old bridge before the rain gets any heavier.',
  'The bridge will not hold another hour. We go round by the mill road instead, it is longer but it is the only safe way across.',
  'Fine, the mill road. Bring the rope from the shed and the spare boots, and tell your brother to stay with the horses until we return.',
  'And if the water reaches the house while we are gone, we carry the photographs upstairs first. Everything else can be replaced.',
];

/**
 * `scene_export_seconds_per_minute`: exporting a scene of real sandbox talk clips (one character
 * and codec settings throughout, so the clips are remuxed) as the export dialog does it, in
 * headless Chromium over the browser host and core, timed from the call to the finished files and
 * library item, per minute of scene. The re-encoding figure (a narrator line, so every clip is
 * decoded and encoded again with WebCodecs) is printed beside it, on a shorter scene.
 */
export async function benchSceneExport(options: BenchOptions): Promise<Metric[]> {
  const studio = await startStudioHost({ patience: { state: 600_000, job: 600_000 } });
  let browser: Browser | null = null;
  let app: SceneExportPage | null = null;
  try {
    await studio.call('connection.completeOnboarding', {});
    await SceneExportPage.build(DEFAULT_RENDERER_DIR);
    const cast = new Map([['Ada', await studio.createCharacter('Ada Quill')]]);
    const talk = TALK.slice(0, options.quick ? 2 : TALK.length).map((text): LineSpec => ({ speaker: 'Ada', text }));
    const remuxScene = await renderedScene(studio, 'Flood', cast, talk);
    const reencodeScene = await renderedScene(studio, 'Flood, told', cast, [talk[0]!, { narrator: 'The water kept rising all night.' }]);
    browser = await launchChromium();
    app = await SceneExportPage.open(browser, studio.url, { theme: 'light' });
    await app.openHarness();
    const remux = await perMinute(app, remuxScene, options.runs, options, 'remux');
    const reencode = await perMinute(app, reencodeScene, options.quick ? 1 : Math.min(options.runs, 2), options, 're-encode');
    return [
      { name: 'scene_export_seconds_per_minute', value: remux.value, unit: 's/min', note: remux.note },
      { name: 'scene_export_reencode_seconds_per_minute', value: reencode.value, unit: 's/min', note: reencode.note },
    ];
  } finally {
    await app?.close();
    await browser?.close();
    await studio.stop();
  }
}

async function perMinute(
  app: SceneExportPage,
  scene: Scene,
  runs: number,
  options: BenchOptions,
  label: string,
): Promise<{ value: number; note: string }> {
  const figures: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const outcome = await app.exportScene(scene.id, ['mp4', 'srt', 'fcpxml']);
    if (!outcome.reply.ok) throw new Error(`The ${label} export failed: ${JSON.stringify(outcome.reply.error)}`);
    const minutes = outcome.reply.value.durationMs / 60_000;
    figures.push(outcome.seconds / minutes);
    options.log(
      `  scene export (${label}) run ${run + 1}: ${round(outcome.seconds)} s for ${round(minutes * 60, 1)} s of scene → ${round(figures.at(-1)!)} s/min`,
    );
  }
  const note = `${label}: ${runs} runs, spread ${round(Math.min(...figures))}–${round(Math.max(...figures))} s/min`;
  return { value: round(median(figures)), note };
}
