import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../../../../../electron/sandbox/db/database.ts';
import { MIGRATIONS } from '../../../../../../electron/sandbox/db/migrations/allMigrations.ts';
import type { Migration } from '../../../../../../electron/sandbox/db/migrations/migration.ts';
import { getObject } from '../../../../../../electron/sandbox/repos/cdnRepo.ts';
import { getGeneration } from '../../../../../../electron/sandbox/repos/generationRepo.ts';
import { currentPreview, savePreview } from '../../../../../../electron/sandbox/repos/presetPreviewRepo.ts';
import { getUser } from '../../../../../../electron/sandbox/repos/userRepo.ts';

const T = '2026-11-01T10:00:00.000Z';
const SHA = 'ab'.repeat(32);
const file = (): string => join(mkdtempSync(join(tmpdir(), 'sandbox-migrations-')), 'sandbox.db');

/** A file at `version`, opened the way the sandbox opens it (foreign keys on). */
function databaseAt(path: string, version: number): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db, MIGRATIONS, version);
  return db;
}

/** A few real rows of the first schema: a user with a starting grant, a character and its first generation, a CDN object it owns. */
function insertVersion1Rows(db: DatabaseSync): void {
  db.prepare(
    `INSERT INTO users (id, email, name, plan, team, balance, avatar_url, session_token_hash, approval_threshold, created_at)
     VALUES ('u1', 'creator@sandbox.local', 'Sandbox Creator', 'creator', NULL, 990, 'https://avatar/x', 'hash-1', 50, ?)`,
  ).run(T);
  db.prepare(
    `INSERT INTO credit_transactions (id, user_id, amount, type, description, balance_after, resource_id, operation_key, created_at)
     VALUES ('t1', 'u1', 1000, 'grant', 'Sandbox starting credits', 1000, NULL, NULL, ?), ('t2', 'u1', -10, 'usage', 'Character "Ada" created', 990, 'g1', 'k1:key-1', ?)`,
  ).run(T, T);
  db.prepare(`INSERT INTO cdn_objects (sha256, ext, content_type, size, created_at) VALUES (?, 'png', 'image/png', 128, ?)`).run(SHA, T);
  db.prepare(`INSERT INTO uploads (id, user_id, sha256, kind, source, created_at) VALUES ('up1', 'u1', ?, 'image', 'generated', ?)`).run(
    SHA,
    T,
  );
  db.prepare(
    `INSERT INTO characters (id, user_id, name, status, parameters, reference_image_urls, current_version, created_at, updated_at)
     VALUES ('c1', 'u1', 'Ada', 'generating', '{"prompt":"a lighthouse keeper"}', '[]', 1, ?, ?)`,
  ).run(T, T);
  db.prepare(
    `INSERT INTO generations (id, user_id, character_id, character_version, type, operation, status, prompt, model, options, credits_used, due_ms, created_at, updated_at)
     VALUES ('g1', 'u1', 'c1', 1, 'character_create', 'characters.create', 'processing', 'a lighthouse keeper', NULL, '{}', 10, 1000, ?, ?)`,
  ).run(T, T);
}

describe('sandbox migrations', () => {
  it('are numbered 1..n without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('0001 makes the first schema on an empty file and holds real rows under its checks', () => {
    const db = new DatabaseSync(file());
    db.exec('PRAGMA foreign_keys = ON');
    expect(schemaVersion(db)).toBe(0);
    migrate(db, MIGRATIONS, 1);
    expect(schemaVersion(db)).toBe(1);
    insertVersion1Rows(db);
    expect(db.prepare('SELECT id, balance FROM users').all()).toEqual([{ id: 'u1', balance: 990 }]);
    expect(db.prepare('SELECT seq, id FROM credit_transactions ORDER BY seq').all()).toEqual([
      { seq: 1, id: 't1' },
      { seq: 2, id: 't2' },
    ]);
    // The balance never goes negative, and a generation's status is one of the four of spec 3.
    expect(() => db.prepare(`UPDATE users SET balance = -1 WHERE id = 'u1'`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE generations SET status = 'queued' WHERE id = 'g1'`).run()).toThrow(/CHECK/);
    // An upload names a stored CDN object and a known user.
    expect(() =>
      db
        .prepare(`INSERT INTO uploads (id, user_id, sha256, kind, source, created_at) VALUES ('up2', 'u1', ?, 'image', 'upload', ?)`)
        .run('cd'.repeat(32), T),
    ).toThrow(/FOREIGN KEY/);
    // The table of 0002 does not exist yet.
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'preset_previews'`).get()).toBeUndefined();
    db.close();
  });

  it('0002 adds the preset previews to a version-1 file and keeps its rows', () => {
    const path = file();
    const old = databaseAt(path, 1);
    insertVersion1Rows(old);
    old.close();

    const db = openDatabase(path);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(getUser(db, 'u1')).toMatchObject({ email: 'creator@sandbox.local', plan: 'creator', balance: 990 });
    expect(getGeneration(db, 'g1')).toMatchObject({ characterId: 'c1', status: 'processing', creditsUsed: 10, dueMs: 1000 });
    expect(getObject(db, SHA)).toEqual({ sha256: SHA, ext: 'png', contentType: 'image/png', size: 128 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM credit_transactions').get()).toEqual({ n: 2 });

    // The new table: one preview per preset, replaced when the fingerprint changes, naming a stored object.
    expect(currentPreview(db, 'preset-ava', 'print-1')).toBeNull();
    savePreview(db, 'preset-ava', 'print-1', { sha256: SHA, ext: 'png' }, T);
    expect(currentPreview(db, 'preset-ava', 'print-1')).toEqual({ sha256: SHA, ext: 'png' });
    savePreview(db, 'preset-ava', 'print-2', { sha256: SHA, ext: 'png' }, T);
    expect(currentPreview(db, 'preset-ava', 'print-1')).toBeNull();
    expect(db.prepare('SELECT COUNT(*) AS n FROM preset_previews').get()).toEqual({ n: 1 });
    expect(() => savePreview(db, 'preset-ben', 'print-1', { sha256: 'cd'.repeat(32), ext: 'wav' }, T)).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('leaves a file at the latest version as it is, rows included', () => {
    const path = file();
    const first = openDatabase(path);
    insertVersion1Rows(first);
    first.close();
    const again = openDatabase(path);
    expect(schemaVersion(again)).toBe(MIGRATIONS.length);
    expect(getUser(again, 'u1')?.balance).toBe(990);
    again.close();
  });

  it('rolls a failing migration back whole and keeps the version it had', () => {
    const path = file();
    const db = databaseAt(path, MIGRATIONS.length);
    insertVersion1Rows(db);
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE half_made (id TEXT)');
        d.exec(`DELETE FROM users`);
      },
    };
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow(/FOREIGN KEY/);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'half_made'`).get()).toBeUndefined();
    expect(getUser(db, 'u1')?.balance).toBe(990);
    db.close();
  });
});
