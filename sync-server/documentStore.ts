import type { DatabaseSync } from 'node:sqlite';
import * as Y from 'yjs';
import { inTransaction } from './syncDatabase.ts';

/**
 * The documents' Yjs state: a compacted state per document and, after it, each update as it was
 * received. `appendAll` commits updates (FULL sync) before it returns; `compact` folds the updates
 * into the state now and then, so the log stays short.
 */
export class DocumentStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The document's whole state (its compacted state and every update since), or null for a new one. */
  read(name: string): Uint8Array | null {
    const row = this.db.prepare('SELECT state FROM documents WHERE name = ?').get(name) as { state: Uint8Array } | undefined;
    const updates = this.db
      .prepare('SELECT update_data AS data FROM document_updates WHERE name = ? ORDER BY id')
      .all(name) as unknown as Array<{ data: Uint8Array }>;
    const parts = [...(row ? [row.state] : []), ...updates.map((update) => update.data)];
    if (parts.length === 0) return null;
    return parts.length === 1 ? (parts[0] ?? null) : Y.mergeUpdates(parts);
  }

  /** Appends updates in one transaction: on disk when it returns. */
  appendAll(updates: ReadonlyArray<{ name: string; update: Uint8Array }>): void {
    inTransaction(this.db, () => {
      const insert = this.db.prepare('INSERT INTO document_updates (name, update_data) VALUES (?, ?)');
      for (const { name, update } of updates) insert.run(name, update);
    });
  }

  /**
   * Folds the log into the compacted state: the state becomes the stored one merged with `doc`
   * (so nothing another process stored is dropped), and each logged update `doc` already holds is
   * deleted. Updates `doc` does not hold yet (another process's, not arrived here) stay logged.
   */
  compact(name: string, doc: Y.Doc): void {
    inTransaction(this.db, () => {
      const snapshot = Y.snapshot(doc);
      const stored = this.db.prepare('SELECT state FROM documents WHERE name = ?').get(name) as { state: Uint8Array } | undefined;
      const current = Y.encodeStateAsUpdate(doc);
      const state = stored ? Y.mergeUpdates([stored.state, current]) : current;
      this.db
        .prepare(
          `INSERT INTO documents (name, state, stored_at) VALUES (?, ?, ?)
           ON CONFLICT (name) DO UPDATE SET state = excluded.state, stored_at = excluded.stored_at`,
        )
        .run(name, state, new Date().toISOString());
      const logged = this.db.prepare('SELECT id, update_data AS data FROM document_updates WHERE name = ?').all(name) as unknown as Array<{
        id: number;
        data: Uint8Array;
      }>;
      const remove = this.db.prepare('DELETE FROM document_updates WHERE id = ?');
      for (const update of logged) if (Y.snapshotContainsUpdate(snapshot, update.data)) remove.run(update.id);
    });
  }
}
