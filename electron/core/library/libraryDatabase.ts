import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Migration, MigrationContext } from './migrations/migration.ts';
import { MIGRATIONS } from './migrations/allMigrations.ts';

export type SqlValue = string | number | bigint | null | Uint8Array;

/** Distinct statements kept prepared; past this the cache starts over (dynamic filters make new text). */
const STATEMENT_CACHE_SIZE = 512;

/**
 * The profile's library file: WAL so readers never wait on the writer, FULL sync so a committed
 * intent survives a crash or a power cut (docs/ARCHITECTURE.md: the intent is committed before anything is sent).
 */
export class LibraryDatabase {
  readonly db: DatabaseSync;
  readonly path: string;
  // Preparing costs more than running a small statement: a sync page writes hundreds of rows with
  // the same few texts, so each text is prepared once per connection.
  private readonly statements = new Map<string, StatementSync>();

  private constructor(db: DatabaseSync, path: string) {
    this.db = db;
    this.path = path;
  }

  static open(path: string, migrations: readonly Migration[] = MIGRATIONS, context: MigrationContext = {}): LibraryDatabase {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = new DatabaseSync(path, { enableForeignKeyConstraints: true });
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    const library = new LibraryDatabase(db, path);
    migrate(db, migrations, Number.POSITIVE_INFINITY, context);
    return library;
  }

  /** Runs `fn` in one transaction (a savepoint when already inside one). */
  transaction<T>(fn: () => T): T {
    return transaction(this.db, fn);
  }

  /** The prepared statement for `sql`, reused across calls. */
  prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * A transaction for bookkeeping that can be derived again (which files to fetch, which are in
   * place): committed without waiting for the disk (synchronous = NORMAL for this commit). A process
   * crash still keeps it (WAL); a power cut may drop it, and then only it and other such commits
   * after the last durable one: every FULL commit syncs the whole log before it. Intents and job
   * states never go through here. Inside another transaction it is a savepoint of that one.
   */
  relaxedTransaction<T>(fn: () => T): T {
    if (this.db.isTransaction) return transaction(this.db, fn);
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      return transaction(this.db, fn);
    } finally {
      this.db.exec('PRAGMA synchronous = FULL');
    }
  }

  get<T>(sql: string, ...params: SqlValue[]): T | undefined {
    return this.prepare(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: SqlValue[]): T[] {
    return this.prepare(sql).all(...params) as T[];
  }

  run(sql: string, ...params: SqlValue[]): { changes: number } {
    const result = this.prepare(sql).run(...params);
    return { changes: Number(result.changes) };
  }

  meta(key: string): string | null {
    return this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value ?? null;
  }

  setMeta(key: string, value: string | null): void {
    if (value === null) this.run('DELETE FROM meta WHERE key = ?', key);
    else this.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

let savepoints = 0;

export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) {
    const name = `sp${(savepoints += 1)}`;
    db.exec(`SAVEPOINT ${name}`);
    try {
      const result = fn();
      db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      rollBack(db, `ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    }
  }
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    rollBack(db, 'ROLLBACK');
    throw error;
  }
}

/**
 * Undoes a failed transaction without hiding why it failed: SQLite rolls the whole transaction
 * back by itself on some errors (a full disk, SQLITE_FULL, among them), and a ROLLBACK then would
 * throw "no transaction is active" in place of the error the caller needs to see.
 */
function rollBack(db: DatabaseSync, sql: string): void {
  if (!db.isTransaction) return;
  try {
    db.exec(sql);
  } catch {
    // The first error is the one that matters; the connection is left as SQLite left it.
  }
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}

/** A library written by a newer Cast Studio: the page asks the creator to update (the message is for the log). */
export class NewerLibraryError extends Error {
  constructor(version: number, newest: number) {
    super(`library schema ${version}, newer than ${newest}`);
    this.name = 'NewerLibraryError';
  }
}

/** Applies every migration above the file's version, each in its own transaction. */
export function migrate(
  db: DatabaseSync,
  migrations: readonly Migration[],
  upTo: number = Number.POSITIVE_INFINITY,
  context: MigrationContext = {},
): number {
  let version = schemaVersion(db);
  const newest = migrations.at(-1)?.version ?? 0;
  if (version > newest) {
    throw new NewerLibraryError(version, newest);
  }
  for (const migration of migrations) {
    if (migration.version <= version || migration.version > upTo) continue;
    if (migration.version !== version + 1) throw new Error(`Library migration ${version + 1} is missing.`);
    transaction(db, () => {
      migration.up(db, context);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
    version = migration.version;
  }
  return version;
}
