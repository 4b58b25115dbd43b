import type { Migration } from './migration.ts';

/**
 * The mirror of the service: every record kept as its raw JSON beside the columns we index, plus
 * the outbox (jobs), quotes, the media store's index and download state.
 */
export const migration0001: Migration = {
  version: 1,
  name: 'mirrors',
  up(db) {
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE characters (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        can_revert INTEGER NOT NULL DEFAULT 0,
        parameters_json TEXT NOT NULL DEFAULT '{}',
        headshot_url TEXT,
        fullbody_url TEXT,
        error_message TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT,
        raw_json TEXT NOT NULL,
        synced_at TEXT
      );
      CREATE TABLE character_versions (
        character_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        headshot_url TEXT,
        fullbody_url TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (character_id, version)
      );

      CREATE TABLE generations (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        status TEXT NOT NULL,
        prompt TEXT,
        character_id TEXT,
        model TEXT,
        options_json TEXT NOT NULL DEFAULT '{}',
        credits_used INTEGER,
        error_message TEXT,
        output_url TEXT,
        thumbnail_url TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT,
        updated_at TEXT,
        raw_json TEXT NOT NULL,
        synced_at TEXT
      );
      CREATE INDEX generations_status ON generations (status);
      CREATE INDEX generations_character ON generations (character_id);

      CREATE TABLE voices (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        source_type TEXT NOT NULL,
        owner TEXT,
        model TEXT,
        description TEXT,
        preview_url TEXT,
        error_message TEXT,
        created_at TEXT,
        raw_json TEXT NOT NULL,
        synced_at TEXT
      );

      CREATE TABLE audio_tracks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        voice_id TEXT,
        text TEXT,
        model TEXT,
        emotion TEXT,
        audio_url TEXT,
        duration_seconds REAL,
        credits_used INTEGER,
        error_message TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT,
        raw_json TEXT NOT NULL,
        synced_at TEXT
      );
      CREATE INDEX audio_tracks_voice ON audio_tracks (voice_id);

      CREATE TABLE credit_transactions (
        id TEXT PRIMARY KEY,
        amount INTEGER NOT NULL,
        type TEXT NOT NULL,
        description TEXT NOT NULL,
        resource_id TEXT,
        balance_after INTEGER,
        created_at TEXT NOT NULL,
        raw_json TEXT NOT NULL
      );
      CREATE INDEX credit_transactions_created ON credit_transactions (created_at);

      CREATE TABLE quotes (
        id TEXT PRIMARY KEY,
        operation_id TEXT NOT NULL,
        credits INTEGER NOT NULL,
        approval_required INTEGER NOT NULL,
        approval_state TEXT,
        expires_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        raw_json TEXT NOT NULL
      );

      -- The outbox. body holds the exact bytes sent on every attempt.
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        title TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        body TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        quote_id TEXT,
        quoted_credits INTEGER,
        credits_used INTEGER,
        resource_kind TEXT,
        resource_id TEXT,
        depends_on TEXT REFERENCES jobs (id),
        dependency_json TEXT,
        retry_of TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        key_fingerprint TEXT,
        error_code TEXT,
        error_message TEXT,
        progress REAL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        accepted_at TEXT
      );
      CREATE INDEX jobs_state ON jobs (state, created_at);
      CREATE INDEX jobs_depends_on ON jobs (depends_on);
      CREATE INDEX jobs_resource ON jobs (resource_id);

      CREATE TABLE media (
        content_id TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        content_type TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE downloads (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        owner_kind TEXT NOT NULL,
        owner_id TEXT NOT NULL,
        role TEXT NOT NULL,
        state TEXT NOT NULL,
        content_id TEXT,
        content_type TEXT,
        expected_size INTEGER,
        received INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        error_message TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (owner_kind, owner_id, role)
      );
      CREATE INDEX downloads_state ON downloads (state);
      CREATE INDEX downloads_content ON downloads (content_id);
    `);
  },
};
