import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDurationMs } from '../../../electron/core/scenes/mediaDuration.ts';
import { DEFAULT_RENDERER_DIR } from '../../../electron/web/browserHost.ts';
import type { Scene } from '../../../shared/ipc/index.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { SceneExportPage } from './pages/SceneExportPage.ts';
import { renderedScene } from './renderedScene.ts';

/** The clips' own lengths, read from their files in core (not from what the renderer measured): seconds. */
async function sumOfClips(studio: StudioHost, scene: Scene): Promise<number> {
  let total = 0;
  for (const line of scene.lines) {
    const file = await studio.host.core.resolveMedia(line.mediaId ?? '');
    const ms = file ? await mediaDurationMs(file.path) : null;
    if (ms === null) throw new Error(`Line ${line.text} has no readable file.`);
    total += ms;
  }
  return total / 1000;
}

/**
 * Exporting a scene in Chromium, as the export dialog runs it: the renderer joins real talk clips
 * of the sandbox (a worker, WebCodecs where needed) and core writes the files and the library item.
 */
describe.skipIf(chromiumMissing() !== null)('exporting a scene', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: SceneExportPage;
  let dialogue: Scene;
  let narrated: Scene;
  const destinations: string[] = [];
  const destination = () => {
    const folder = mkdtempSync(join(tmpdir(), 'cast-scene-export-'));
    destinations.push(folder);
    return folder;
  };

  beforeAll(async () => {
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    await SceneExportPage.build(DEFAULT_RENDERER_DIR);
    browser = await launchChromium();
    const cast = new Map([
      ['Ada', await studio.createCharacter('Ada Quill')],
      ['Bo', await studio.createCharacter('Bo Marsh')],
    ]);
    dialogue = await renderedScene(studio, 'Rain & "thunder"', cast, [
      { speaker: 'Ada', text: 'Did you hear that? It sounded like thunder over the hills.' },
      { speaker: 'Bo', text: 'Only the barn door again.' },
      { speaker: 'Ada', text: 'Then why is the dog hiding under the table?' },
    ]);
    narrated = await renderedScene(studio, 'Night falls', cast, [
      { speaker: 'Ada', text: 'It is getting dark.' },
      { narrator: 'And so the night fell over the valley.' },
      { speaker: 'Bo', text: 'Light the lamp.' },
    ]);
    app = await SceneExportPage.open(browser, studio.url, { theme: 'light' });
    await app.openHarness();
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
    for (const folder of destinations) rmSync(folder, { recursive: true, force: true });
  });

  it('joins clips of one kind without re-encoding into an MP4 that plays to its end, with subtitles and a timeline', async () => {
    const outcome = await app.exportScene(dialogue.id, ['mp4', 'srt', 'fcpxml']);
    if (!outcome.reply.ok) throw new Error(JSON.stringify(outcome.reply.error));
    const result = outcome.reply.value;
    expect(result.cancelled).toBe(false);
    expect(result.remuxed).toBe(true);
    expect(result.files.map((file) => file.format)).toEqual(['mp4', 'srt', 'fcpxml']);
    // The default folder is the library exports' own, never the library or the media store.
    expect(result.folder.startsWith(join(studio.userDataDir, 'exports'))).toBe(true);
    const expected = await sumOfClips(studio, dialogue);
    console.log(`remuxed ${expected.toFixed(2)} s of scene in ${outcome.seconds.toFixed(2)} s`);

    const item = await studio.call('library.get', { id: result.itemId ?? '' });
    expect(item.kind).toBe('video');
    expect(item.collections).toContain(dialogue.collectionId);
    const played = await app.playToEnd(`${studio.host.mediaBase}${item.mediaId}`);
    expect(played.ended).toBe(true);
    expect(Math.abs(played.duration - expected)).toBeLessThanOrEqual(0.1);

    const srt = readFileSync(result.files.find((file) => file.format === 'srt')!.path, 'utf8');
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\nDid you hear that\?/);
    expect(srt.match(/-->/g)).toHaveLength(3);
    const fcpxml = readFileSync(result.files.find((file) => file.format === 'fcpxml')!.path, 'utf8');
    expect(fcpxml).toContain('<fcpxml version="1.10">');
    expect(fcpxml).toContain('name="Rain &amp; &quot;thunder&quot;"');
    const referenced = [...fcpxml.matchAll(/src="file:\/\/([^"]+)"/g)].map((match) =>
      decodeURIComponent((match[1] ?? '').replaceAll('&amp;', '&')),
    );
    expect(referenced).toHaveLength(3);
    for (const path of referenced) expect(statSync(path).size).toBeGreaterThan(0);
    // The clips' folder and names are the page's words (English here) and the characters' names.
    expect(referenced.map((path) => basename(dirname(path)))).toEqual(['Clips', 'Clips', 'Clips']);
    expect(referenced.map((path) => basename(path).replace(/\.\w+$/, ''))).toEqual(['01 Ada Quill', '02 Bo Marsh', '03 Ada Quill']);
    expect(readdirSync(result.folder).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('re-encodes a scene with a narrator line, holding a still picture while the narrator speaks', async () => {
    const outcome = await app.exportScene(narrated.id, ['mp4', 'vtt', 'fcpxml'], { destination: destination() });
    if (!outcome.reply.ok) throw new Error(JSON.stringify(outcome.reply.error));
    const result = outcome.reply.value;
    expect(result.remuxed).toBe(false);
    expect(outcome.progress.some((each) => each.stage === 'encoding')).toBe(true);
    const expected = await sumOfClips(studio, narrated);
    console.log(`re-encoded ${expected.toFixed(2)} s of scene in ${outcome.seconds.toFixed(2)} s`);
    const item = await studio.call('library.get', { id: result.itemId ?? '' });
    const played = await app.playToEnd(`${studio.host.mediaBase}${item.mediaId}`);
    expect(played.ended).toBe(true);
    expect(Math.abs(played.duration - expected)).toBeLessThanOrEqual(0.1);
    const vtt = readFileSync(result.files.find((file) => file.format === 'vtt')!.path, 'utf8');
    expect(vtt).toContain('<v Ada Quill>It is getting dark.');
    expect(vtt).toContain('\nAnd so the night fell over the valley.\n');
    // A narrator's line clip is named by the page's word for a narrator.
    const fcpxml = readFileSync(result.files.find((file) => file.format === 'fcpxml')!.path, 'utf8');
    expect([...fcpxml.matchAll(/<asset id="\w+" name="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '01 Ada Quill',
      '02 Narrator',
      '03 Bo Marsh',
    ]);
  });

  it('cancelled midway, leaves no file behind', async () => {
    const folder = destination();
    const outcome = await app.exportScene(dialogue.id, ['mp4', 'srt', 'fcpxml'], { destination: folder, cancelAt: 0.3 });
    expect(outcome.reply).toMatchObject({ ok: true, value: { cancelled: true, itemId: null } });
    expect(readdirSync(folder)).toEqual([]);
    const partials = join(studio.userDataDir, 'media');
    const staged = findFiles(partials, (name) => name.startsWith('scene-export-'));
    expect(staged).toEqual([]);
  });

  it('names the line whose clip file is damaged, and writes nothing', async () => {
    const line = dialogue.lines[1]!;
    const file = await studio.host.core.resolveMedia(line.mediaId ?? '');
    if (!file) throw new Error('The second line has no file.');
    const backup = join(destination(), basename(file.path));
    copyFileSync(file.path, backup);
    truncateSync(file.path, Math.floor(file.size / 3));
    try {
      const folder = destination();
      const outcome = await app.exportScene(dialogue.id, ['mp4', 'srt'], { destination: folder });
      expect(outcome.reply.ok).toBe(false);
      if (outcome.reply.ok) return;
      expect(outcome.reply.error).toMatchObject({ code: 'clip_damaged', params: { line: 2 } });
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      copyFileSync(backup, file.path);
    }
  });
});

function findFiles(dir: string, match: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findFiles(path, match));
    else if (match(entry.name)) found.push(path);
  }
  return found;
}
