import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { transaction } from '../library/libraryDatabase.ts';

const SCHEMA_VERSION = 1;

/**
 * The Yjs updates of one space's documents on this machine, in a SQLite file of the space's own
 * beside the library. Each update is appended as it happens, so the documents open offline and
 * merge with the server's when it is reached again. `local` marks an update made here that the
 * server has not acknowledged yet (the pending changes).
 *
 * A file of its own rather than tables in the library: leaving a space removes one file, a damaged
 * library rebuilt from the service leaves the space's documents alone, and the library's schema
 * does not change for a feature that is off until someone joins a space.
 */
export class SpaceUpdateStore {
  private readonly db: DatabaseSync;

  private constructor(db: DatabaseSync) {
    this.db = db;
  }

  static open(path: string): SpaceUpdateStore {
    mkdirSync(dirname(path), { recursive: true });
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version > SCHEMA_VERSION) {
      db.close();
      throw new Error(`This space's documents were written by a newer Cast Studio (schema ${version}). Update Cast Studio to open them.`);
    }
    if (version < SCHEMA_VERSION) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS updates (
          seq INTEGER PRIMARY KEY,
          document TEXT NOT NULL,
          data BLOB NOT NULL,
          local INTEGER NOT NULL,
          stored_at TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS updates_document ON updates (document, seq);
        CREATE INDEX IF NOT EXISTS updates_pending ON updates (document) WHERE local = 1;
        CREATE TABLE IF NOT EXISTS facts (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        PRAGMA user_version = ${SCHEMA_VERSION};
      `);
    }
    return new SpaceUpdateStore(db);
  }

  append(document: string, data: Uint8Array, local: boolean, at: string): void {
    this.db.prepare('INSERT INTO updates (document, data, local, stored_at) VALUES (?, ?, ?, ?)').run(document, data, local ? 1 : 0, at);
  }

  /** Every stored update of a document, oldest first. */
  updates(document: string): Uint8Array[] {
    return (this.db.prepare('SELECT data FROM updates WHERE document = ? ORDER BY seq').all(document) as { data: Uint8Array }[]).map(
      (row) => row.data,
    );
  }

  /** The documents this space holds on this machine. */
  documents(): string[] {
    return (this.db.prepare('SELECT DISTINCT document FROM updates ORDER BY document').all() as { document: string }[]).map(
      (row) => row.document,
    );
  }

  /** Updates made here and not yet acknowledged by the server. */
  pending(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM updates WHERE local = 1').get() as { n: number }).n;
  }

  /** The server holds every update of this document stored so far. */
  acknowledge(document: string): void {
    this.db.prepare('UPDATE updates SET local = 0 WHERE document = ? AND local = 1').run(document);
  }

  /** How many acknowledged updates a document has (compacted past a bound). */
  acknowledgedCount(document: string): number {
    return (this.db.prepare('SELECT count(*) AS n FROM updates WHERE document = ? AND local = 0').get(document) as { n: number }).n;
  }

  /** Replaces a document's acknowledged updates with one update holding them all (pending ones stay as they are). */
  compact(document: string, merged: Uint8Array, at: string): void {
    transaction(this.db, () => {
      this.db.prepare('DELETE FROM updates WHERE document = ? AND local = 0').run(document);
      this.db.prepare('INSERT INTO updates (document, data, local, stored_at) VALUES (?, ?, 0, ?)').run(document, merged, at);
    });
  }

  fact(key: string): string | null {
    return (this.db.prepare('SELECT value FROM facts WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
  }

  setFact(key: string, value: string): void {
    this.db.prepare('INSERT INTO facts (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
