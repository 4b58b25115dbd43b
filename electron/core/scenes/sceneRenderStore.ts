import { AppError, appError } from '../../../shared/ipc/index.ts';
import type { SceneLineKind } from '../../../shared/ipc/scenes.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { storedJson } from '../library/storedJson.ts';

/** Where a render stands (a line's state when its key matches). */
export type RenderState = 'queued' | 'rendering' | 'done' | 'failed';

/** The render of one content key: the jobs that make it and what came of them. */
export type SceneRender = {
  key: string;
  sceneId: string;
  kind: SceneLineKind;
  state: RenderState;
  speechJobId: string | null;
  talkJobId: string | null;
  audioId: string | null;
  generationId: string | null;
  mediaId: string | null;
  mediaType: string | null;
  durationMs: number | null;
  error: AppError | null;
};

type Row = {
  key: string;
  scene_id: string;
  kind: SceneLineKind;
  state: RenderState;
  speech_job_id: string | null;
  talk_job_id: string | null;
  audio_id: string | null;
  generation_id: string | null;
  media_id: string | null;
  media_type: string | null;
  duration_ms: number | null;
  /** The render's error as JSON (an AppError); an older version wrote an English sentence. */
  error: string | null;
};

/** The renders of scene lines, keyed by the lines' content keys. */
export class SceneRenderStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  get(key: string): SceneRender | null {
    const row = this.library.get<Row>('SELECT * FROM scene_renders WHERE key = ?', key);
    return row ? toRender(row) : null;
  }

  many(keys: readonly string[]): Map<string, SceneRender> {
    const out = new Map<string, SceneRender>();
    for (const key of new Set(keys)) {
      const render = this.get(key);
      if (render) out.set(key, render);
    }
    return out;
  }

  /** Renders still under way (their jobs are in the queue or their file is on its way). */
  unfinished(): SceneRender[] {
    return this.library.all<Row>("SELECT * FROM scene_renders WHERE state IN ('queued', 'rendering')").map(toRender);
  }

  /** The renders last queued for a scene (of its lines as they are, or as they were before an edit). */
  ofScene(sceneId: string): SceneRender[] {
    return this.library.all<Row>('SELECT * FROM scene_renders WHERE scene_id = ?', sceneId).map(toRender);
  }

  /** The renders a job or a library item belongs to. */
  touchedBy(id: string): SceneRender[] {
    return this.library
      .all<Row>(
        'SELECT * FROM scene_renders WHERE speech_job_id = ? OR talk_job_id = ? OR audio_id = ? OR generation_id = ?',
        id,
        id,
        id,
        id,
      )
      .map(toRender);
  }

  /** The job that stands for `jobId` now: itself, or the latest retry of it (a retry made from the queue too). */
  latestOf(jobId: string): string {
    let id = jobId;
    for (let hops = 0; hops < 100; hops += 1) {
      const next = this.library.get<{ id: string }>('SELECT id FROM jobs WHERE retry_of = ? ORDER BY created_at DESC LIMIT 1', id);
      if (!next) return id;
      id = next.id;
    }
    return id;
  }

  /** Whether a job of this library was made with this idempotency key already. */
  keyInUse(idempotencyKey: string): boolean {
    return this.library.get<{ id: string }>('SELECT id FROM jobs WHERE idempotency_key = ?', idempotencyKey) !== undefined;
  }

  /** Points a render at the retry of one of its jobs. */
  retried(key: string, step: 'speech' | 'talk', jobId: string, now: string): void {
    const column = step === 'speech' ? 'speech_job_id' : 'talk_job_id';
    this.library.run(
      `UPDATE scene_renders SET ${column} = ?, state = 'queued', error = NULL, updated_at = ? WHERE key = ?`,
      jobId,
      now,
      key,
    );
  }

  /** The service address of a finished speech track in the library (what a talk clip's price can be asked with). */
  readyAudioUrl(): string | null {
    return (
      this.library.get<{ audio_url: string }>(
        "SELECT audio_url FROM audio_tracks WHERE status = 'ready' AND audio_url LIKE 'https://%' ORDER BY completed_at DESC LIMIT 1",
      )?.audio_url ?? null
    );
  }

  /** A render queued (or queued again): its jobs, and what it keeps of an earlier attempt (a finished speech). */
  queued(render: Pick<SceneRender, 'key' | 'sceneId' | 'kind' | 'speechJobId' | 'talkJobId' | 'audioId'>, now: string): void {
    this.library.run(
      `INSERT INTO scene_renders (key, scene_id, kind, state, speech_job_id, talk_job_id, audio_id, generation_id, media_id, media_type,
                                  duration_ms, error, created_at, updated_at)
       VALUES (?, ?, ?, 'queued', ?, ?, ?, NULL, NULL, NULL, NULL, NULL, ?, ?)
       ON CONFLICT (key) DO UPDATE SET scene_id = excluded.scene_id, kind = excluded.kind, state = 'queued',
         speech_job_id = excluded.speech_job_id, talk_job_id = excluded.talk_job_id, audio_id = excluded.audio_id, generation_id = NULL,
         media_id = NULL, media_type = NULL, duration_ms = NULL, error = NULL, updated_at = excluded.updated_at`,
      render.key,
      render.sceneId,
      render.kind,
      render.speechJobId,
      render.talkJobId,
      render.audioId,
      now,
      now,
    );
  }

  /** A render another machine made (the space's line claims): no jobs here, its items come with history sync. */
  adopted(render: Pick<SceneRender, 'key' | 'sceneId' | 'kind' | 'audioId' | 'generationId'>, now: string): void {
    this.library.run(
      `INSERT INTO scene_renders (key, scene_id, kind, state, speech_job_id, talk_job_id, audio_id, generation_id, media_id, media_type,
                                  duration_ms, error, created_at, updated_at)
       VALUES (?, ?, ?, 'rendering', NULL, NULL, ?, ?, NULL, NULL, NULL, NULL, ?, ?)
       ON CONFLICT (key) DO UPDATE SET scene_id = excluded.scene_id, kind = excluded.kind, state = 'rendering', speech_job_id = NULL,
         talk_job_id = NULL, audio_id = excluded.audio_id, generation_id = excluded.generation_id, media_id = NULL, media_type = NULL,
         duration_ms = NULL, error = NULL, updated_at = excluded.updated_at`,
      render.key,
      render.sceneId,
      render.kind,
      render.audioId,
      render.generationId,
      now,
      now,
    );
  }

  /** Writes what the render's jobs and files now say. */
  settle(render: SceneRender, now: string): void {
    this.library.run(
      `UPDATE scene_renders SET state = ?, speech_job_id = ?, talk_job_id = ?, audio_id = ?, generation_id = ?, media_id = ?, media_type = ?,
         duration_ms = ?, error = ?, updated_at = ?
        WHERE key = ?`,
      render.state,
      render.speechJobId,
      render.talkJobId,
      render.audioId,
      render.generationId,
      render.mediaId,
      render.mediaType,
      render.durationMs,
      render.error === null ? null : JSON.stringify(render.error),
      now,
      render.key,
    );
  }
}

function toRender(row: Row): SceneRender {
  return {
    key: row.key,
    sceneId: row.scene_id,
    kind: row.kind,
    state: row.state,
    speechJobId: row.speech_job_id,
    talkJobId: row.talk_job_id,
    audioId: row.audio_id,
    generationId: row.generation_id,
    mediaId: row.media_id,
    mediaType: row.media_type,
    durationMs: row.duration_ms,
    error: readError(row.error),
  };
}

/** A stored render error; an older version's sentence reads as a render that failed without a reason of its own. */
function readError(text: string | null): AppError | null {
  if (text === null) return null;
  return storedJson(text, AppError) ?? appError('render_failed', {});
}
