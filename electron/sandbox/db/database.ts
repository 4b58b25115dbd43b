import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations/allMigrations.ts';
import type { Migration } from './migrations/migration.ts';

export type Db = DatabaseSync;
export type Row = Record<string, unknown>;

/**
 * Opens the sandbox database in WAL mode and applies the numbered migrations.
 * node:sqlite is synchronous, so a transaction opened and closed without an `await` in between is
 * atomic with respect to every other request of this process; SQLite makes it atomic against a
 * kill -9 too (no half-written charge).
 */
export function openDatabase(file: string): Db {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  migrate(db);
  return db;
}

/** The schema version of the file: the number of the last migration applied to it. */
export function schemaVersion(db: Db): number {
  return Number((db.prepare('PRAGMA user_version').get() as Row).user_version);
}

/** Applies, each in its own transaction, the migrations above the file's version, up to `target` (all by default). */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, target = migrations.length): void {
  const current = schemaVersion(db);
  for (const migration of migrations) {
    if (migration.version <= current || migration.version > target) continue;
    transaction(db, () => {
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}

let depth = 0;

/** Runs `work` in one IMMEDIATE transaction; nested calls join the outer one. Never await inside. */
export function transaction<T>(db: Db, work: () => T): T {
  if (depth > 0) return work();
  db.exec('BEGIN IMMEDIATE');
  depth += 1;
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  } finally {
    depth -= 1;
  }
}

export function getMeta(db: Db, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as Row | undefined;
  return row ? String(row.value) : null;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Reads a column as a string (node:sqlite returns `unknown`-typed rows). */
export function str(row: Row, key: string): string {
  const value = row[key];
  if (typeof value !== 'string') throw new Error(`Column ${key} is not text.`);
  return value;
}

export function strOrNull(row: Row, key: string): string | null {
  const value = row[key];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw new Error(`Column ${key} is not text.`);
}

export function num(row: Row, key: string): number {
  const value = row[key];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new Error(`Column ${key} is not a number.`);
}

export function numOrNull(row: Row, key: string): number | null {
  const value = row[key];
  return value === null || value === undefined ? null : num(row, key);
}
