import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { ffmpegPath } from '../../electron/sandbox/media/ffmpeg.ts';
import { DEFAULT_RENDERER_DIR } from '../../electron/web/browserHost.ts';
import type { Scene } from '../../shared/ipc/index.ts';
import { SceneExportPage } from '../e2e/scenes/pages/SceneExportPage.ts';
import { renderedScene, type LineSpec } from '../e2e/scenes/renderedScene.ts';
import { launchChromium, startStudioHost, type StudioHost } from '../e2e/support/index.ts';
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
 *
 * The reference is the least the remux needs: a bare `ffmpeg -f concat -c copy` of the same clip
 * files from the media store into one MP4, with no app, browser or core around it, timed the same
 * way in the same run (`…_reference`, and the ratio of the two).
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
    const reference = await bareRemuxPerMinute(studio, remuxScene, remux.minutes, options);
    const reencode = await perMinute(app, reencodeScene, options.quick ? 1 : Math.min(options.runs, 2), options, 're-encode');
    return [
      { name: 'scene_export_seconds_per_minute', value: remux.value, unit: 's/min', note: remux.note },
      { name: 'scene_export_seconds_per_minute_reference', value: reference.value, unit: 's/min', note: reference.note },
      {
        name: 'scene_export_seconds_per_minute_ratio',
        value: reference.value > 0 ? round(remux.value / reference.value) : null,
        unit: '×',
        note: `${remux.value} s/min over ${reference.value} s/min`,
      },
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
): Promise<{ value: number; note: string; minutes: number }> {
  const figures: number[] = [];
  let minutes = 0;
  for (let run = 0; run < runs; run += 1) {
    const outcome = await app.exportScene(scene.id, ['mp4', 'srt', 'fcpxml']);
    if (!outcome.reply.ok) throw new Error(`The ${label} export failed: ${JSON.stringify(outcome.reply.error)}`);
    minutes = outcome.reply.value.durationMs / 60_000;
    figures.push(outcome.seconds / minutes);
    options.log(
      `  scene export (${label}) run ${run + 1}: ${round(outcome.seconds)} s for ${round(minutes * 60, 1)} s of scene → ${round(figures.at(-1)!)} s/min`,
    );
  }
  const note = `${label}: ${runs} runs, spread ${round(Math.min(...figures))}–${round(Math.max(...figures))} s/min`;
  return { value: round(median(figures)), note, minutes };
}

const run = promisify(execFile);

/** A content id's file anywhere under the studio's data folder (the media store shards by two hex digits). */
function storedClip(root: string, contentId: string): string {
  const found = readdirSync(root, { recursive: true, encoding: 'utf8' }).find((path) => path.endsWith(`/${contentId}`));
  if (!found) throw new Error(`The clip ${contentId} is not in the media store under ${root}.`);
  return join(root, found);
}

/** The same clips joined by ffmpeg alone, stream copy, per minute of scene. */
async function bareRemuxPerMinute(
  studio: StudioHost,
  scene: Scene,
  minutes: number,
  options: BenchOptions,
): Promise<{ value: number; note: string }> {
  const runs = options.runs;
  const work = mkdtempSync(join(tmpdir(), 'bench-remux-'));
  try {
    const clips = scene.lines.map((line) => storedClip(studio.userDataDir, line.mediaId!));
    const list = join(work, 'clips.txt');
    writeFileSync(list, clips.map((clip) => `file '${clip.replaceAll("'", "'\\''")}'`).join('\n'));
    const figures: number[] = [];
    for (let attempt = 0; attempt < runs; attempt += 1) {
      const started = performance.now();
      await run(ffmpegPath(), ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', join(work, 'scene.mp4')]);
      figures.push((performance.now() - started) / 1000 / minutes);
      options.log(`  scene export (bare ffmpeg remux) run ${attempt + 1}: ${round(figures.at(-1)!)} s/min`);
    }
    return {
      value: round(median(figures)),
      note: `bare ffmpeg -c copy of ${clips.length} clips: ${runs} runs, spread ${round(Math.min(...figures))}–${round(Math.max(...figures))} s/min`,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
