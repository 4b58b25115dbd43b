import type { Migration } from './migration.ts';

/**
 * The presets' spoken previews, rendered once per wording and parameters (fingerprint). The row
 * names the CDN object, not its URL, so a sandbox restarted on another port still serves them.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'preset previews',
  up(db) {
    db.exec(`
      CREATE TABLE preset_previews (
        preset_id TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        sha256 TEXT NOT NULL REFERENCES cdn_objects(sha256),
        ext TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `);
  },
};
