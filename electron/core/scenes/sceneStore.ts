import { Emotion } from '../../../shared/api/audio.ts';
import { Quality } from '../../../shared/api/catalog.ts';
import { SceneAspect, SceneLineKind, TalkOptions, type Scene, type SceneLineInput } from '../../../shared/ipc/scenes.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { localChanges } from '../spaces/localChanges.ts';

/** A scene as its row holds it, without its lines. */
export type SceneRecord = {
  id: string;
  title: string;
  aspect: SceneAspect;
  quality: Scene['quality'];
  collectionId: string | null;
  createdAt: string;
  updatedAt: string;
};

type SceneRow = {
  id: string;
  title: string;
  aspect: string;
  quality: string;
  collection_id: string | null;
  created_at: string;
  updated_at: string;
};
type LineRow = {
  id: string;
  kind: string;
  character_id: string | null;
  voice_id: string | null;
  text: string;
  emotion: string | null;
  talk_json: string | null;
  clip_item_id: string | null;
};

const LINE_COLUMNS = 'id, kind, character_id, voice_id, text, emotion, talk_json, clip_item_id';

/** Scenes and their ordered lines: the app's own data, saved as the creator types. */
export class SceneStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  insert(scene: SceneRecord): void {
    this.library.run(
      'INSERT INTO scenes (id, title, aspect, quality, collection_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      scene.id,
      scene.title,
      scene.aspect,
      scene.quality,
      scene.collectionId,
      scene.createdAt,
      scene.updatedAt,
    );
    localChanges(this.library).report({ kind: 'scene', sceneId: scene.id });
  }

  get(id: string): SceneRecord | null {
    const row = this.library.get<SceneRow>('SELECT * FROM scenes WHERE id = ?', id);
    return row ? toRecord(row) : null;
  }

  /** Every scene, the latest edited first. */
  all(): SceneRecord[] {
    return this.library.all<SceneRow>('SELECT * FROM scenes ORDER BY updated_at DESC, id').map(toRecord);
  }

  update(
    id: string,
    change: { title?: string; aspect?: SceneAspect; quality?: Scene['quality']; collectionId?: string },
    now: string,
  ): void {
    this.library.run(
      `UPDATE scenes SET title = COALESCE(?, title), aspect = COALESCE(?, aspect), quality = COALESCE(?, quality),
         collection_id = COALESCE(?, collection_id), updated_at = ? WHERE id = ?`,
      change.title ?? null,
      change.aspect ?? null,
      change.quality ?? null,
      change.collectionId ?? null,
      now,
      id,
    );
    localChanges(this.library).report({ kind: 'scene', sceneId: id });
  }

  lines(sceneId: string): SceneLineInput[] {
    return this.library.all<LineRow>(`SELECT ${LINE_COLUMNS} FROM scene_lines WHERE scene_id = ? ORDER BY position`, sceneId).map(toLine);
  }

  /**
   * The whole ordered list at once (the editor saves every few hundred ms as the creator types):
   * one transaction, unchanged rows kept, only changed ones written, removed ones deleted.
   */
  replaceLines(sceneId: string, lines: readonly SceneLineInput[]): void {
    const { library } = this;
    library.transaction(() => {
      const before = new Map(
        library
          .all<LineRow & { position: number }>(`SELECT ${LINE_COLUMNS}, position FROM scene_lines WHERE scene_id = ?`, sceneId)
          .map((row) => [row.id, row]),
      );
      lines.forEach((line, position) => {
        const row = toRow(line);
        const old = before.get(line.id);
        before.delete(line.id);
        if (old && old.position === position && sameRow(old, row)) return;
        library.run(
          `INSERT INTO scene_lines (scene_id, id, position, kind, character_id, voice_id, text, emotion, talk_json, clip_item_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (scene_id, id) DO UPDATE SET position = excluded.position, kind = excluded.kind, character_id = excluded.character_id,
             voice_id = excluded.voice_id, text = excluded.text, emotion = excluded.emotion, talk_json = excluded.talk_json,
             clip_item_id = excluded.clip_item_id`,
          sceneId,
          line.id,
          position,
          row.kind,
          row.character_id,
          row.voice_id,
          row.text,
          row.emotion,
          row.talk_json,
          row.clip_item_id,
        );
      });
      for (const gone of before.keys()) library.run('DELETE FROM scene_lines WHERE scene_id = ? AND id = ?', sceneId, gone);
    });
    localChanges(library).report({ kind: 'scene', sceneId });
  }

  /** One line of a scene, or null when the scene has no such line. */
  line(sceneId: string, lineId: string): SceneLineInput | null {
    const row = this.library.get<LineRow>(`SELECT ${LINE_COLUMNS} FROM scene_lines WHERE scene_id = ? AND id = ?`, sceneId, lineId);
    return row ? toLine(row) : null;
  }

  /** One line's words (typed into the editor); false when the scene has no such line. */
  setLineText(sceneId: string, lineId: string, text: string, now: string): boolean {
    const changed = this.library.transaction(() => {
      const written = this.library.run('UPDATE scene_lines SET text = ? WHERE scene_id = ? AND id = ?', text, sceneId, lineId).changes > 0;
      if (written) this.library.run('UPDATE scenes SET updated_at = ? WHERE id = ?', now, sceneId);
      return written;
    });
    if (changed) localChanges(this.library).report({ kind: 'scene', sceneId });
    return changed;
  }

  delete(id: string): boolean {
    const deleted = this.library.transaction(() => {
      this.library.run('DELETE FROM scene_lines WHERE scene_id = ?', id);
      return this.library.run('DELETE FROM scenes WHERE id = ?', id).changes > 0;
    });
    if (deleted) localChanges(this.library).report({ kind: 'sceneRemoved', sceneId: id });
    return deleted;
  }

  /** The version each of these characters is at now (absent: not in the library). */
  characterVersions(ids: readonly string[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const id of new Set(ids)) {
      const row = this.library.get<{ version: number }>('SELECT version FROM characters WHERE id = ?', id);
      if (row) out.set(id, row.version);
    }
    return out;
  }
}

function toRecord(row: SceneRow): SceneRecord {
  return {
    id: row.id,
    title: row.title,
    aspect: SceneAspect.catch('16:9').parse(row.aspect),
    quality: Quality.catch('standard').parse(row.quality),
    collectionId: row.collection_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(line: SceneLineInput): Omit<LineRow, 'id'> {
  return {
    kind: line.kind,
    character_id: line.characterId,
    voice_id: line.voiceId,
    text: line.text,
    emotion: line.emotion,
    talk_json: line.talk ? JSON.stringify(line.talk) : null,
    clip_item_id: line.clipItemId,
  };
}

function sameRow(a: Omit<LineRow, 'id'>, b: Omit<LineRow, 'id'>): boolean {
  return (
    a.kind === b.kind &&
    a.character_id === b.character_id &&
    a.voice_id === b.voice_id &&
    a.text === b.text &&
    a.emotion === b.emotion &&
    a.talk_json === b.talk_json &&
    a.clip_item_id === b.clip_item_id
  );
}

function toLine(row: LineRow): SceneLineInput {
  const talk = row.talk_json === null ? null : TalkOptions.safeParse(JSON.parse(row.talk_json));
  return {
    id: row.id,
    kind: SceneLineKind.catch('talk').parse(row.kind),
    characterId: row.character_id,
    voiceId: row.voice_id,
    text: row.text,
    emotion: row.emotion === null ? null : Emotion.catch('auto').parse(row.emotion),
    talk: talk?.success ? talk.data : null,
    clipItemId: row.clip_item_id,
  };
}
