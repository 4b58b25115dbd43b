import type { Migration } from './migration.ts';

/**
 * The library as the gallery reads it: one row per item (generations and audio tracks), indexed for
 * filters and ordering over 100k rows, an FTS5 index over prompts, names and speech text, favorites
 * and collections. Items that 0001 already mirrored are backfilled.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'library index, search, favorites and collections',
  up(db) {
    db.exec(`
      CREATE TABLE library_items (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        title TEXT NOT NULL,
        prompt TEXT,
        speech_text TEXT,
        character_id TEXT,
        character_name TEXT,
        model TEXT,
        options_json TEXT NOT NULL DEFAULT '{}',
        credits_used INTEGER,
        media_id TEXT,
        thumb_id TEXT,
        media_type TEXT,
        favorite INTEGER NOT NULL DEFAULT 0,
        error_message TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT
      );
      CREATE INDEX library_items_created ON library_items (created_at, seq);
      CREATE INDEX library_items_kind ON library_items (kind, created_at);
      CREATE INDEX library_items_status ON library_items (status, created_at);
      CREATE INDEX library_items_character ON library_items (character_id, created_at);
      CREATE INDEX library_items_favorite ON library_items (created_at) WHERE favorite = 1;

      CREATE VIRTUAL TABLE library_fts USING fts5 (
        title, prompt, speech_text, character_name,
        content = 'library_items', content_rowid = 'seq',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER library_items_ai AFTER INSERT ON library_items BEGIN
        INSERT INTO library_fts (rowid, title, prompt, speech_text, character_name)
        VALUES (new.seq, new.title, new.prompt, new.speech_text, new.character_name);
      END;
      CREATE TRIGGER library_items_ad AFTER DELETE ON library_items BEGIN
        INSERT INTO library_fts (library_fts, rowid, title, prompt, speech_text, character_name)
        VALUES ('delete', old.seq, old.title, old.prompt, old.speech_text, old.character_name);
      END;
      CREATE TRIGGER library_items_au AFTER UPDATE OF title, prompt, speech_text, character_name ON library_items BEGIN
        INSERT INTO library_fts (library_fts, rowid, title, prompt, speech_text, character_name)
        VALUES ('delete', old.seq, old.title, old.prompt, old.speech_text, old.character_name);
        INSERT INTO library_fts (rowid, title, prompt, speech_text, character_name)
        VALUES (new.seq, new.title, new.prompt, new.speech_text, new.character_name);
      END;

      CREATE TABLE collections (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        character_id TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE collection_items (
        collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        item_id TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (collection_id, item_id)
      );
      CREATE INDEX collection_items_item ON collection_items (item_id);

      INSERT INTO library_items (id, kind, status, title, prompt, character_id, character_name, model, options_json,
                                 credits_used, media_id, thumb_id, media_type, error_message, created_at, completed_at)
      SELECT g.id, g.type, g.status,
             CASE WHEN g.type = 'character_create' THEN 'Character ' || coalesce(c.name, '') ELSE substr(coalesce(g.prompt, g.type), 1, 80) END,
             g.prompt, g.character_id, c.name, g.model, g.options_json, g.credits_used,
             (SELECT d.content_id FROM downloads d WHERE d.owner_kind = 'generation' AND d.owner_id = g.id AND d.role = 'output' AND d.state = 'done'),
             (SELECT d.content_id FROM downloads d WHERE d.owner_kind = 'generation' AND d.owner_id = g.id AND d.role = 'thumbnail' AND d.state = 'done'),
             (SELECT m.content_type FROM downloads d JOIN media m ON m.content_id = d.content_id
               WHERE d.owner_kind = 'generation' AND d.owner_id = g.id AND d.role = 'output' AND d.state = 'done'),
             g.error_message, g.created_at, g.completed_at
      FROM generations g LEFT JOIN characters c ON c.id = g.character_id;

      INSERT INTO library_items (id, kind, status, title, speech_text, model, options_json, credits_used, media_id, media_type,
                                 error_message, created_at, completed_at)
      SELECT a.id, 'audio', a.status, a.name, a.text, a.model, json_object('emotion', a.emotion, 'voice_id', a.voice_id), a.credits_used,
             (SELECT d.content_id FROM downloads d WHERE d.owner_kind = 'audio' AND d.owner_id = a.id AND d.role = 'output' AND d.state = 'done'),
             (SELECT m.content_type FROM downloads d JOIN media m ON m.content_id = d.content_id
               WHERE d.owner_kind = 'audio' AND d.owner_id = a.id AND d.role = 'output' AND d.state = 'done'),
             a.error_message, a.created_at, a.completed_at
      FROM audio_tracks a;
    `);
  },
};
