import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scene, SceneExportFormat, SceneExportNames, SceneLine } from '../../../../../../shared/ipc/index.ts';
import type { ExportStaging } from '../../../../../../electron/core/scenes/export/exportStaging.ts';
import { SceneExporter } from '../../../../../../electron/core/scenes/export/sceneExporter.ts';
import type { LocalVideo, SceneExportStore } from '../../../../../../electron/core/scenes/export/sceneExportStore.ts';
import { toneWav } from '../../../../../support/wavFiles.ts';
import { tempDir } from '../../support/tempDir.ts';

const JAPANESE: SceneExportNames = {
  untitled: '無題のシーン',
  clipsFolder: 'クリップ',
  narrator: 'ナレーター',
  someone: '誰か',
  clip: 'クリップ',
};
const GERMAN: SceneExportNames = {
  untitled: 'Szene ohne Titel',
  clipsFolder: 'Clips',
  narrator: 'Erzähler',
  someone: 'Jemand',
  clip: 'Clip',
};
const ARABIC: SceneExportNames = {
  untitled: 'مشهد بلا عنوان',
  clipsFolder: 'المقاطع',
  narrator: 'الراوي',
  someone: 'شخص ما',
  clip: 'مقطع',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function line(kind: SceneLine['kind'], characterId: string | null, mediaId: string): SceneLine {
  return {
    id: randomUUID(),
    kind,
    characterId,
    voiceId: null,
    text: `A ${kind} line.`,
    emotion: null,
    talk: null,
    clipItemId: null,
    state: 'done',
    key: mediaId,
    speechJobId: null,
    talkJobId: null,
    audioId: null,
    generationId: null,
    mediaId,
    mediaType: 'audio/wav',
    thumbId: null,
    durationMs: 1000,
    error: null,
    renderingOn: null,
  };
}

/**
 * A scene of one-second lines (a narrator's, a known character's, one whose character is gone, a
 * gallery clip), its clips as real files, and the exporter with a library that only records.
 */
function setup(title: string) {
  const dir = tempDir('cast-scene-exporter-');
  dirs.push(dir);
  const clips = new Map<string, string>();
  for (const id of ['m1', 'm2', 'm3', 'm4']) {
    const path = join(dir, `${id}.wav`);
    writeFileSync(path, toneWav(1));
    clips.set(id, path);
  }
  const scene: Scene = {
    id: 'scene-1',
    title,
    aspect: '16:9',
    quality: 'standard',
    lines: [line('speech', null, 'm1'), line('talk', 'ada', 'm2'), line('talk', 'gone', 'm3'), line('clip', null, 'm4')],
    collectionId: 'collection-1',
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
  };
  const added: LocalVideo[] = [];
  const store = {
    characterNames: (ids: readonly string[]) => new Map(ids.filter((id) => id === 'ada').map((id) => [id, 'Ada'])),
    addLocalVideo: (video: LocalVideo) => void added.push(video),
  } as unknown as SceneExportStore;
  // The "joined MP4": a file as long as the clips together, which is all the exporter checks of it.
  const staged = join(dir, 'staged.wav');
  writeFileSync(staged, toneWav(4));
  const staging = {
    take: async () => ({ path: staged, size: readFileSync(staged).length }),
    discard: async () => false,
  } as unknown as ExportStaging;
  const exporter = new SceneExporter({
    media: {
      resolve: (id: string) => {
        const path = clips.get(id);
        return path ? { path, contentType: 'audio/wav', size: 1 } : null;
      },
      place: async (partial: string, contentId: string) => {
        const path = join(dir, contentId);
        renameSync(partial, path);
        return path;
      },
    },
    store,
    staging,
    emit: () => {},
    now: () => '2026-12-02T10:00:00.000Z',
  });
  const parent = join(dir, 'exports');
  const run = (names: SceneExportNames, formats: SceneExportFormat[] = ['mp4', 'srt', 'vtt', 'fcpxml', 'otio']) =>
    exporter.run({
      scene,
      exportId: 'export-1',
      parent,
      formats,
      join: {
        remuxed: true,
        lines: scene.lines.map((each) => ({ lineId: each.id, durationMs: 1000 })),
        width: 1280,
        height: 720,
        frameRate: 30,
      },
      names,
    });
  return { run, added, parent };
}

describe('a scene export’s names', () => {
  it('are the page’s words for an untitled scene: its folder, files, line clips, timeline and library item', async () => {
    const { run, added } = setup('');
    const result = await run(JAPANESE);
    expect(basename(result.folder)).toBe('無題のシーン');
    expect(result.files.map((file) => basename(file.path))).toEqual([
      '無題のシーン.mp4',
      '無題のシーン.srt',
      '無題のシーン.vtt',
      '無題のシーン.fcpxml',
      '無題のシーン.otio',
    ]);
    expect(readdirSync(join(result.folder, 'クリップ')).sort()).toEqual([
      '01 ナレーター.wav',
      '02 Ada.wav',
      '03 誰か.wav',
      '04 クリップ.wav',
    ]);
    const fcpxml = readFileSync(join(result.folder, '無題のシーン.fcpxml'), 'utf8');
    expect(fcpxml).toContain('<project name="無題のシーン">');
    expect(fcpxml).toContain('name="01 ナレーター"');
    expect(JSON.parse(readFileSync(join(result.folder, '無題のシーン.otio'), 'utf8'))).toMatchObject({ name: '無題のシーン' });
    // The gallery shows an item's title as it is stored, so the untitled scene's video keeps the page's words.
    expect(added).toMatchObject([{ itemId: result.itemId, title: '無題のシーン', collectionId: 'collection-1' }]);
  });

  it('keep no English word for what has no name of its own', async () => {
    const { run } = setup('   ');
    const result = await run(GERMAN, ['srt', 'fcpxml']);
    const written = [basename(result.folder), ...readdirSync(result.folder), ...readdirSync(join(result.folder, 'Clips'))];
    expect(written).toEqual(
      expect.arrayContaining(['Szene ohne Titel', 'Szene ohne Titel.fcpxml', '01 Erzähler.wav', '03 Jemand.wav', '04 Clip.wav']),
    );
    expect(written.join('\n')).not.toMatch(/Scene|Narrator|Line\b/);
    expect(readFileSync(join(result.folder, 'Szene ohne Titel.fcpxml'), 'utf8')).not.toMatch(/"Scene"|Narrator/);
  });

  it('keep Arabic words whole in file names, and the scene’s own title over the page’s', async () => {
    const untitled = await setup('').run(ARABIC, ['fcpxml']);
    expect(basename(untitled.folder)).toBe('مشهد بلا عنوان');
    expect(readdirSync(join(untitled.folder, 'المقاطع')).sort()).toEqual(['01 الراوي.wav', '02 Ada.wav', '03 شخص ما.wav', '04 مقطع.wav']);

    const { run, added } = setup('Rain: "thunder"?');
    const titled = await run(ARABIC);
    expect(basename(titled.folder)).toBe('Rain thunder');
    expect(added[0]?.title).toBe('Rain: "thunder"?');
  });
});
