import type { Migration } from './migration.ts';

/**
 * Scenes and the cast's voices: the app's own data, never written by a sync. `cast_voices` gives a
 * character its default voice and speech settings; it goes with the character (the trigger), since
 * a voice for a character that is gone means nothing. A scene is a title, its aspect and quality,
 * and its ordered lines. A render belongs to a line's content key, not to the line: the same
 * content in another line or another scene (a duplicate) plays the same clip and is never paid
 * again; an edited line has a new key and renders alone. `scene_id` is the scene that asked for the
 * render (its collection receives the clip, its editor hears of the render's progress).
 */
export const migration0006: Migration = {
  version: 6,
  name: 'scenes and cast voices',
  up(db) {
    db.exec(`
      CREATE TABLE cast_voices (
        character_id TEXT PRIMARY KEY,
        voice_id TEXT NOT NULL,
        settings_json TEXT NOT NULL DEFAULT '{}',
        updated_at TEXT NOT NULL
      );
      CREATE TRIGGER cast_voices_character_gone AFTER DELETE ON characters BEGIN
        DELETE FROM cast_voices WHERE character_id = old.id;
      END;

      CREATE TABLE scenes (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        aspect TEXT NOT NULL,
        quality TEXT NOT NULL,
        collection_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX scenes_updated ON scenes (updated_at);

      CREATE TABLE scene_lines (
        scene_id TEXT NOT NULL,
        id TEXT NOT NULL,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL,
        character_id TEXT,
        voice_id TEXT,
        text TEXT NOT NULL,
        emotion TEXT,
        talk_json TEXT,
        clip_item_id TEXT,
        PRIMARY KEY (scene_id, id)
      );
      CREATE INDEX scene_lines_order ON scene_lines (scene_id, position);

      CREATE TABLE scene_renders (
        key TEXT PRIMARY KEY,
        scene_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        speech_job_id TEXT,
        talk_job_id TEXT,
        audio_id TEXT,
        generation_id TEXT,
        media_id TEXT,
        media_type TEXT,
        duration_ms INTEGER,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX scene_renders_scene ON scene_renders (scene_id);
      CREATE INDEX scene_renders_speech_job ON scene_renders (speech_job_id) WHERE speech_job_id IS NOT NULL;
      CREATE INDEX scene_renders_talk_job ON scene_renders (talk_job_id) WHERE talk_job_id IS NOT NULL;
      CREATE INDEX scene_renders_audio ON scene_renders (audio_id) WHERE audio_id IS NOT NULL;
      CREATE INDEX scene_renders_generation ON scene_renders (generation_id) WHERE generation_id IS NOT NULL;
    `);
  },
};
