import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  AppError,
  EventPayload,
  Scene,
  SceneExportFormat,
  SceneExportNames,
  SceneExportResult,
  SceneExportStage,
  SceneJoin,
} from '../../../../shared/ipc/index.ts';
import { toSrt, toWebVtt, type SubtitleLine } from '../../../../shared/scenes/subtitles.ts';
import { toFcpxml, toOtio, type Timeline } from '../../../../shared/scenes/timeline.ts';
import type { MediaStore } from '../../downloads/mediaStore.ts';
import { AppFailure } from '../../ipc/appFailure.ts';
import { mediaDurationMs } from '../mediaDuration.ts';
import { copyFileInto, extensionOf, freshFolder, safeName, writeFailure, writeTextFile } from './exportFiles.ts';
import type { ExportStaging } from './exportStaging.ts';
import type { SceneExportStore } from './sceneExportStore.ts';

export type SceneExportProgress = EventPayload<'scene.exporting'>;

export type SceneExportRequest = {
  scene: Scene;
  exportId: string;
  /** A checked folder the export's own folder is made in. */
  parent: string;
  formats: readonly SceneExportFormat[];
  join: SceneJoin;
  /** The page's words (the person's language) for what has no name of its own; core has none. */
  names: SceneExportNames;
};

export type SceneExporterDeps = {
  media: Pick<MediaStore, 'resolve' | 'place'>;
  store: SceneExportStore;
  staging: ExportStaging;
  emit: (progress: SceneExportProgress) => void;
  now: () => string;
};

/** The joined MP4 may differ from the sum of its clips by this much (the join's own promise is 0.1 s). */
const DURATION_TOLERANCE_MS = 100;

type Run = {
  request: SceneExportRequest;
  folder: string;
  signal: AbortSignal;
  send: (stage: SceneExportStage, progress: number) => void;
  /** The staged MP4 once taken from staging, until the media store has it: removed if the export stops. */
  staged: string | null;
};
type Written = { format: SceneExportFormat; path: string };

/**
 * Writes a scene's export into a fresh folder of its own: the MP4 the renderer joined (checked,
 * copied out, and moved into the media store as a library item in the scene's collection),
 * subtitles and timelines timed by the clips' real durations, and the line clips the timelines
 * reference. Cancelled or failed, the folder and the staged MP4 are removed, so nothing partial
 * is left; the library item is made last, once every file is in place.
 */
export class SceneExporter {
  private readonly deps: SceneExporterDeps;
  private readonly running = new Map<string, AbortController>();

  constructor(deps: SceneExporterDeps) {
    this.deps = deps;
  }

  async run(request: SceneExportRequest): Promise<SceneExportResult> {
    const { exportId, scene } = request;
    if (this.running.has(exportId)) throw new AppFailure('export_running', {});
    checkJoin(scene, request.join);
    const controller = new AbortController();
    this.running.set(exportId, controller);
    const send = (
      stage: SceneExportStage,
      progress: number,
      state: SceneExportProgress['state'] = 'running',
      problem: AppError | null = null,
    ) => this.deps.emit({ exportId, sceneId: scene.id, state, progress, stage, problem });
    let folder: string | null = null;
    const run: Run = { request, folder: '', signal: controller.signal, send, staged: null };
    let keep = false;
    try {
      folder = await freshFolder(request.parent, baseName(request));
      run.folder = folder;
      const result = await this.write(run);
      keep = !result.cancelled;
      send('library', 1, result.cancelled ? 'cancelled' : 'done');
      return result;
    } catch (error) {
      const failure = writeFailure(error, folder ?? request.parent);
      send('saving', 0, 'failed', failure.toAppError());
      throw failure;
    } finally {
      this.running.delete(exportId);
      await this.deps.staging.discard(exportId);
      if (run.staged !== null) await rm(run.staged, { force: true });
      if (folder !== null && !keep) await rm(folder, { recursive: true, force: true });
    }
  }

  /** Stops an export (running here, or still arriving from the renderer); false when there is none. */
  async cancel(exportId: string): Promise<boolean> {
    const controller = this.running.get(exportId);
    controller?.abort();
    const discarded = await this.deps.staging.discard(exportId);
    return controller !== undefined || discarded;
  }

  private async write(run: Run): Promise<SceneExportResult> {
    const { request, folder, signal, send } = run;
    const cancelled = { cancelled: true, folder, files: [], remuxed: request.join.remuxed, durationMs: 0, itemId: null };
    const files: Written[] = [];
    const base = baseName(request);
    const mp4 = request.formats.includes('mp4') ? await this.writeVideo(run, join(folder, `${base}.mp4`)) : null;
    if (mp4) files.push({ format: 'mp4', path: mp4.path });
    if (signal.aborted) return cancelled;
    send('subtitles', 0);
    files.push(...(await this.writeSubtitles(request, folder, base)));
    if (signal.aborted) return cancelled;
    send('timeline', 0);
    files.push(...(await this.writeTimelines(run, base)));
    if (signal.aborted) return cancelled;
    const durationMs = mp4?.durationMs ?? sum(request.join.lines.map((line) => line.durationMs));
    let itemId: string | null = null;
    if (mp4) {
      send('library', 0);
      itemId = await this.addToLibrary(run, mp4, durationMs);
    }
    return { cancelled: false, folder, files, remuxed: request.join.remuxed, durationMs, itemId };
  }

  /** The staged MP4, checked (it reads, and lasts as long as its clips), copied into the folder. */
  private async writeVideo(run: Run, path: string): Promise<{ path: string; staged: string; size: number; durationMs: number }> {
    const staged = await this.deps.staging.take(run.request.exportId);
    if (!staged) throw new AppFailure('export_incomplete', {});
    run.staged = staged.path;
    run.send('saving', 0);
    const durationMs = await mediaDurationMs(staged.path);
    const expected = sum(run.request.join.lines.map((line) => line.durationMs));
    if (durationMs === null || Math.abs(durationMs - expected) > DURATION_TOLERANCE_MS) {
      throw new AppFailure('export_damaged', {
        durationMs: durationMs === null ? null : Math.max(0, Math.round(durationMs)),
        expectedMs: Math.max(0, Math.round(expected)),
      });
    }
    await copyFileInto(staged.path, path, run.signal);
    run.send('saving', 1);
    return { path, staged: staged.path, size: staged.size, durationMs };
  }

  private async writeSubtitles(request: SceneExportRequest, folder: string, base: string): Promise<Written[]> {
    const lines = this.subtitleLines(request);
    const written: Written[] = [];
    if (request.formats.includes('srt')) {
      written.push({ format: 'srt', path: join(folder, `${base}.srt`) });
      await writeTextFile(join(folder, `${base}.srt`), toSrt(lines));
    }
    if (request.formats.includes('vtt')) {
      written.push({ format: 'vtt', path: join(folder, `${base}.vtt`) });
      await writeTextFile(join(folder, `${base}.vtt`), toWebVtt(lines));
    }
    return written;
  }

  private subtitleLines(request: SceneExportRequest): SubtitleLine[] {
    const { scene, join: joined } = request;
    const names = this.deps.store.characterNames(scene.lines.flatMap((line) => (line.characterId ? [line.characterId] : [])));
    let startMs = 0;
    return scene.lines.map((line, index) => {
      const durationMs = joined.lines[index]?.durationMs ?? 0;
      const speaker = line.kind === 'talk' && line.characterId ? (names.get(line.characterId) ?? null) : null;
      const entry = { text: line.text, speaker, startMs, durationMs };
      startMs += durationMs;
      return entry;
    });
  }

  /** The line clips (a folder beside the timelines) and the timelines that reference them. */
  private async writeTimelines(run: Run, base: string): Promise<Written[]> {
    const { request, folder, signal, send } = run;
    const wanted = request.formats.filter((format): format is 'fcpxml' | 'otio' => format === 'fcpxml' || format === 'otio');
    if (wanted.length === 0) return [];
    const clips = await this.copyLineClips(request, join(folder, safeName(request.names.clipsFolder, request.exportId)), signal, (done) =>
      send('timeline', done),
    );
    if (signal.aborted) return [];
    const timeline: Timeline = {
      title: titleOf(request),
      width: request.join.width,
      height: request.join.height,
      frameRate: request.join.frameRate,
      clips,
    };
    const written: Written[] = [];
    for (const format of wanted) {
      const path = join(folder, `${base}.${format}`);
      await writeTextFile(path, format === 'fcpxml' ? toFcpxml(timeline) : toOtio(timeline));
      written.push({ format, path });
    }
    return written;
  }

  private async copyLineClips(
    request: SceneExportRequest,
    clipsFolder: string,
    signal: AbortSignal,
    progress: (done: number) => void,
  ): Promise<Timeline['clips'][number][]> {
    const names = this.deps.store.characterNames(request.scene.lines.flatMap((line) => (line.characterId ? [line.characterId] : [])));
    const clips: Timeline['clips'][number][] = [];
    for (const [index, line] of request.scene.lines.entries()) {
      if (signal.aborted) break;
      const number = index + 1;
      const stored = line.mediaId ? this.deps.media.resolve(line.mediaId) : null;
      if (!stored || !line.mediaType) {
        throw new AppFailure('clip_missing', { line: number });
      }
      const speaker = safeName(
        (line.characterId ? names.get(line.characterId) : undefined) ?? '',
        unnamedSpeaker(request.names, line.kind),
      );
      const name = [String(number).padStart(2, '0'), speaker].filter((part) => part !== '').join(' ');
      const path = join(clipsFolder, `${name}${extensionOf(line.mediaType)}`);
      await copyFileInto(stored.path, path, signal);
      const durationMs = request.join.lines[index]?.durationMs ?? 0;
      clips.push({ name, url: pathToFileURL(path).href, durationMs, hasVideo: line.mediaType.startsWith('video/') });
      progress(number / request.scene.lines.length);
    }
    return clips;
  }

  /** The MP4 into the media store (moved: the staged file is already complete) and into the library. */
  private async addToLibrary(run: Run, mp4: { staged: string; size: number }, durationMs: number): Promise<string> {
    const { request } = run;
    const contentId = await sha256Of(mp4.staged);
    const path = await this.deps.media.place(mp4.staged, contentId);
    run.staged = null;
    const itemId = `local-${randomUUID()}`;
    this.deps.store.addLocalVideo({
      itemId,
      // The gallery shows an item's title as it is, so an untitled scene's export keeps the page's words.
      title: titleOf(request),
      contentId,
      size: mp4.size,
      path,
      durationMs,
      collectionId: request.scene.collectionId,
      now: this.deps.now(),
    });
    return itemId;
  }
}

/** The scene's title, else the page's name for an untitled scene. */
function titleOf(request: SceneExportRequest): string {
  return request.scene.title.trim() || request.names.untitled.trim();
}

/** The name of the export's folder and files: the title as a file system takes it (the export's id if no word of it is left). */
function baseName(request: SceneExportRequest): string {
  return safeName(request.scene.title, safeName(request.names.untitled, request.exportId));
}

/** A line clip's name when no character names it, in the page's words ('' if none of them is left in a file name). */
function unnamedSpeaker(names: SceneExportNames, kind: Scene['lines'][number]['kind']): string {
  return safeName(kind === 'speech' ? names.narrator : kind === 'talk' ? names.someone : names.clip, '');
}

/** The join must be of this scene's lines as they are now, in order. */
function checkJoin(scene: Scene, joined: SceneJoin): void {
  const same = scene.lines.length === joined.lines.length && scene.lines.every((line, index) => joined.lines[index]?.lineId === line.id);
  if (!same) throw new AppFailure('scene_changed', {});
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
