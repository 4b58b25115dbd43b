import type { Migration } from './migration.ts';

/**
 * The whole first schema. Listable tables carry `seq` (insertion order, the cursor position) beside
 * the public UUID `id`. Timestamps are ISO-8601 text in UTC; `*_ms` columns are epoch milliseconds
 * used by the scheduler.
 */
export const migration0001: Migration = {
  version: 1,
  name: 'first schema',
  up(db) {
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        plan TEXT NOT NULL CHECK (plan IN ('free', 'creator', 'studio')),
        team TEXT,
        balance INTEGER NOT NULL CHECK (balance >= 0),
        avatar_url TEXT NOT NULL,
        session_token_hash TEXT UNIQUE,
        approval_threshold INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        scopes TEXT NOT NULL,
        expires_at TEXT,
        revoked_at TEXT,
        last_used_at TEXT,
        is_seed INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      );
      CREATE INDEX api_keys_user ON api_keys (user_id);

      CREATE TABLE credit_transactions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id),
        amount INTEGER NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('usage', 'refund', 'purchase', 'grant')),
        description TEXT NOT NULL,
        balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
        resource_id TEXT,
        operation_key TEXT,
        refund_of TEXT UNIQUE,
        created_at TEXT NOT NULL
      );
      CREATE INDEX credit_transactions_user ON credit_transactions (user_id, seq);
      CREATE INDEX credit_transactions_operation ON credit_transactions (operation_key);

      CREATE TABLE idempotency (
        api_key_id TEXT NOT NULL,
        key TEXT NOT NULL,
        user_id TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL,
        resource_kind TEXT,
        resource_id TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (api_key_id, key)
      );
      CREATE INDEX idempotency_created ON idempotency (created_at);

      CREATE TABLE cdn_objects (
        sha256 TEXT PRIMARY KEY,
        ext TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE uploads (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id),
        sha256 TEXT NOT NULL REFERENCES cdn_objects(sha256),
        kind TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('upload', 'generated')),
        created_at TEXT NOT NULL,
        UNIQUE (user_id, sha256)
      );

      CREATE TABLE characters (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('generating', 'ready', 'failed')),
        parameters TEXT NOT NULL,
        reference_image_urls TEXT NOT NULL,
        current_version INTEGER NOT NULL,
        headshot_url TEXT,
        fullbody_url TEXT,
        error_message TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE INDEX characters_user ON characters (user_id, seq);

      CREATE TABLE character_versions (
        character_id TEXT NOT NULL REFERENCES characters(id),
        version INTEGER NOT NULL,
        previous_version INTEGER,
        origin TEXT NOT NULL CHECK (origin IN ('create', 'regenerate')),
        status TEXT NOT NULL CHECK (status IN ('generating', 'ready', 'failed')),
        custom_details TEXT,
        generation_id TEXT NOT NULL,
        headshot_url TEXT,
        fullbody_url TEXT,
        reverted_at TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (character_id, version)
      );

      CREATE TABLE generations (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id),
        character_id TEXT NOT NULL,
        character_version INTEGER,
        type TEXT NOT NULL,
        operation TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
        prompt TEXT,
        model TEXT,
        options TEXT NOT NULL,
        credits_used INTEGER NOT NULL,
        output_url TEXT,
        thumbnail_url TEXT,
        duration_seconds REAL,
        error_message TEXT,
        due_ms INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        completed_at TEXT,
        deleted_at TEXT
      );
      CREATE INDEX generations_user ON generations (user_id, seq);
      CREATE INDEX generations_active ON generations (status, due_ms);

      CREATE TABLE voices (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        description TEXT,
        source_type TEXT NOT NULL,
        model TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
        source_sha256 TEXT,
        params TEXT,
        preview_url TEXT,
        error_message TEXT,
        credits_used INTEGER NOT NULL,
        due_ms INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE INDEX voices_user ON voices (user_id, seq);
      CREATE INDEX voices_active ON voices (status);

      CREATE TABLE audio_tracks (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id),
        voice_id TEXT NOT NULL,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        model TEXT NOT NULL,
        emotion TEXT NOT NULL,
        extra TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
        audio_url TEXT,
        duration_seconds REAL,
        credits_used INTEGER NOT NULL,
        error_message TEXT,
        due_ms INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        completed_at TEXT,
        deleted_at TEXT
      );
      CREATE INDEX audio_tracks_user ON audio_tracks (user_id, seq);
      CREATE INDEX audio_tracks_active ON audio_tracks (status);
      CREATE INDEX audio_tracks_voice ON audio_tracks (user_id, voice_id, seq);

      CREATE TABLE quotes (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        api_key_id TEXT NOT NULL,
        payer_id TEXT NOT NULL,
        operation_id TEXT NOT NULL,
        input_hash TEXT NOT NULL,
        asset_hash TEXT NOT NULL,
        capability_version TEXT NOT NULL,
        pricing_version TEXT NOT NULL,
        credits INTEGER NOT NULL,
        retry_budget INTEGER NOT NULL,
        approval_required INTEGER NOT NULL,
        approval_state TEXT,
        expires_at TEXT NOT NULL,
        used_by TEXT,
        created_at TEXT NOT NULL
      );
    `);
  },
};
