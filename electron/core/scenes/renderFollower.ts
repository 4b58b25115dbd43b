import { isDeepStrictEqual } from 'node:util';
import { appError, type AppError } from '../../../shared/ipc/index.ts';
import type { Scene } from '../../../shared/ipc/scenes.ts';
import type { Clock } from '../clock/clock.ts';
import { fetchOnDemand } from '../downloads/onDemand.ts';
import type { JobRecord } from '../jobs/jobStore.ts';
import { readStoredJobError } from '../jobs/storedJobError.ts';
import type { Logger } from '../log/logger.ts';
import { mediaDurationMs } from './mediaDuration.ts';
import type { SceneRender } from './sceneRenderStore.ts';
import type { SceneParts } from './sceneServices.ts';
import { sceneView } from './sceneViews.ts';

export type FollowerDeps = {
  /** The active connection's scene parts, or null when none is open. */
  parts: () => SceneParts | null;
  emitScene: (scene: Scene) => void;
  clock: Clock;
  log: Logger;
};

/**
 * Follows scene renders through the queue and the downloads: a render's state is read again from
 * its jobs and its item whenever one of them changes (`job.updated`, `library.updated`), and once
 * at start for renders left under way (a restart), so a render missed while the app was down still
 * lands. A finished render gets its real duration from its file and joins its scene's collection.
 */
export class RenderFollower {
  private readonly deps: FollowerDeps;
  private readonly reading = new Set<string>();

  constructor(deps: FollowerDeps) {
    this.deps = deps;
  }

  /**
   * A job or a library item changed: the renders that hang on it are read again. A finished clip's
   * item that changed (its thumbnail came in after its file) shows its scene again, its line's picture with it.
   */
  touched(ids: readonly string[], itemIds: ReadonlySet<string> = new Set()): void {
    const parts = this.deps.parts();
    if (!parts) return;
    const renders = new Map<string, SceneRender>();
    for (const id of ids) for (const render of parts.renders.touchedBy(id)) renders.set(render.key, render);
    this.refresh(parts, [...renders.values()], (render) => render.state === 'done' && itemIds.has(render.generationId ?? ''));
  }

  /** Every render still under way (after a start or a restart). */
  catchUp(): void {
    const parts = this.deps.parts();
    if (parts) this.refresh(parts, parts.renders.unfinished());
  }

  private refresh(parts: SceneParts, renders: readonly SceneRender[], showAgain: (render: SceneRender) => boolean = () => false): void {
    const scenes = new Set<string>();
    for (const render of renders) {
      const next = this.read(parts, render);
      if (sameRender(render, next)) {
        if (showAgain(render)) scenes.add(render.sceneId);
        continue;
      }
      parts.renders.settle(next, this.now());
      scenes.add(next.sceneId);
      if (next.state === 'done' && render.state !== 'done') this.finished(parts, next);
    }
    for (const id of scenes) this.emit(parts, id);
  }

  /** What the render's jobs and item say now. */
  private read(parts: SceneParts, render: SceneRender): SceneRender {
    const { jobs } = parts.services;
    const speech = render.speechJobId ? jobs.get(parts.renders.latestOf(render.speechJobId)) : null;
    const talk = render.talkJobId ? jobs.get(parts.renders.latestOf(render.talkJobId)) : null;
    const audioId = speech?.resource_id ?? render.audioId;
    // A render adopted from another machine has no jobs here: its ids are what it keeps.
    const adopted = !render.speechJobId && !render.talkJobId;
    const generationId = talk?.resource_id ?? (adopted ? render.generationId : null);
    const base = {
      ...render,
      speechJobId: speech?.id ?? render.speechJobId,
      talkJobId: talk?.id ?? render.talkJobId,
      audioId,
      generationId,
      error: null,
    };
    const broken = [speech, talk].find((job) => job && (job.state === 'failed' || job.state === 'cancelled'));
    if (broken) return { ...base, state: 'failed', error: failureOf(broken) };
    const last = render.kind === 'talk' ? talk : speech;
    const made = last?.state === 'done' ? last.resource_id : adopted ? (render.kind === 'talk' ? generationId : audioId) : null;
    if (made) {
      if (render.state === 'done' && render.mediaId) return render;
      const item = parts.services.queries.item(made);
      if (item?.downloaded && item.mediaId) return { ...base, state: 'done', mediaId: item.mediaId, mediaType: item.mediaType };
      // The clip is made; its file is what the scene plays, so it is fetched now whatever auto-download says.
      fetchOnDemand(parts.services.library, parts.services.downloader, [made], 'output');
      return { ...base, state: 'rendering' };
    }
    const moving = [speech, talk].some(
      (job) => job && job.state !== 'queued' && job.state !== 'paused' && job.state !== 'waiting_connection',
    );
    return { ...base, state: moving ? 'rendering' : 'queued' };
  }

  /** The clip joins the scene's collection; its real length is read from the file. */
  private finished(parts: SceneParts, render: SceneRender): void {
    const scene = parts.scenes.get(render.sceneId);
    const itemId = render.kind === 'talk' ? render.generationId : render.audioId;
    if (scene?.collectionId && itemId && parts.services.collections.exists(scene.collectionId))
      parts.services.collections.addItems(scene.collectionId, [itemId]);
    const path = render.mediaId ? parts.services.media.resolve(render.mediaId)?.path : null;
    if (!path || this.reading.has(render.key)) return;
    this.reading.add(render.key);
    void mediaDurationMs(path)
      .then((durationMs) => {
        const now = this.deps.parts();
        const current = now?.renders.get(render.key);
        if (!now || !current || current.mediaId !== render.mediaId || durationMs === null) return;
        now.renders.settle({ ...current, durationMs }, this.now());
        this.emit(now, current.sceneId);
      })
      .catch((error: unknown) => this.deps.log.warn('A scene clip’s length could not be read.', { key: render.key, error }))
      .finally(() => this.reading.delete(render.key));
  }

  private emit(parts: SceneParts, sceneId: string): void {
    const record = parts.scenes.get(sceneId);
    if (record) this.deps.emitScene(sceneView(parts, record));
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}

/** Why a line's render failed: its job was cancelled, or failed with its own error (the page words both). */
function failureOf(job: JobRecord): AppError {
  if (job.state === 'cancelled') return appError('render_cancelled', {});
  return readStoredJobError(job) ?? appError('render_failed', {});
}

function sameRender(a: SceneRender, b: SceneRender): boolean {
  return (
    a.state === b.state &&
    a.speechJobId === b.speechJobId &&
    a.talkJobId === b.talkJobId &&
    a.audioId === b.audioId &&
    a.generationId === b.generationId &&
    a.mediaId === b.mediaId &&
    a.mediaType === b.mediaType &&
    a.durationMs === b.durationMs &&
    isDeepStrictEqual(a.error, b.error)
  );
}
