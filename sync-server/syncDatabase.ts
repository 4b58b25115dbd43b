import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The sync server's one file, `<data folder>/sync.sqlite` (node:sqlite, built into Node: no native
 * package to download). WAL with FULL sync: a commit is on disk when it returns, which is what lets
 * the server acknowledge an edit only once it is stored. Several server processes on one machine
 * may open the same file (each write waits for the others up to the busy timeout).
 *
 * It holds what the server needs and nothing more: spaces, the hashes of join codes and member
 * tokens, and the documents' Yjs state. No API key, no media.
 */
const SCHEMA = [
  `CREATE TABLE spaces (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL)`,
  `CREATE TABLE join_codes (
     code_hash TEXT PRIMARY KEY,
     space_id TEXT NOT NULL REFERENCES spaces(id),
     member_name TEXT NOT NULL,
     expires_at TEXT NOT NULL
   )`,
  `CREATE TABLE members (
     id TEXT PRIMARY KEY,
     space_id TEXT NOT NULL REFERENCES spaces(id),
     name TEXT NOT NULL,
     token_hash TEXT NOT NULL UNIQUE,
     joined_at TEXT NOT NULL,
     revoked_at TEXT
   )`,
  // A document is its last compacted state plus the updates acknowledged since, in order.
  `CREATE TABLE documents (name TEXT PRIMARY KEY, state BLOB NOT NULL, stored_at TEXT NOT NULL)`,
  `CREATE TABLE document_updates (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, update_data BLOB NOT NULL)`,
  `CREATE INDEX document_updates_by_name ON document_updates (name, id)`,
];
const SCHEMA_VERSION = 1;

export function openSyncDatabase(dataFolder: string): DatabaseSync {
  mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(join(dataFolder, 'sync.sqlite'), { enableForeignKeyConstraints: true });
  db.exec('PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  inTransaction(db, () => {
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
    if (version > SCHEMA_VERSION) {
      throw new Error(`${dataFolder} was written by a newer sync server (schema ${version}); run that version or a newer one.`);
    }
    if (version === SCHEMA_VERSION) return;
    for (const statement of SCHEMA) db.exec(statement);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  });
  return db;
}

/** Runs `fn` in one write transaction, taken at once so two processes never deadlock upgrading a read. */
export function inTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
