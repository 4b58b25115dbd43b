import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * What "nothing happened" means in the sandbox, read from its own database (read-only, beside the
 * running process; WAL lets both in): every row of every table that holds a resource, a credit, a
 * key, a quote or an idempotency record. Columns that change on a mere read are left out.
 */
const TABLES = [
  'users',
  'api_keys',
  'credit_transactions',
  'idempotency',
  'cdn_objects',
  'uploads',
  'characters',
  'character_versions',
  'generations',
  'voices',
  'audio_tracks',
  'quotes',
] as const;

/** spec 2.1: a key's last_used_at moves on every authenticated request, refused or not. */
const VOLATILE: Partial<Record<(typeof TABLES)[number], readonly string[]>> = { api_keys: ['last_used_at'] };

export type StateDigest = Record<(typeof TABLES)[number], { rows: number; hash: string }> & { faults: string };

export class SandboxState {
  private readonly db: DatabaseSync;

  constructor(dataDir: string) {
    this.db = new DatabaseSync(join(dataDir, 'sandbox.db'), { readOnly: true });
  }

  digest(): StateDigest {
    const out: Record<string, { rows: number; hash: string } | string> = {};
    for (const table of TABLES) {
      const rows = this.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[];
      const hash = createHash('sha256');
      for (const row of rows) {
        for (const column of VOLATILE[table] ?? []) delete row[column];
        hash.update(JSON.stringify(row));
      }
      out[table] = { rows: rows.length, hash: hash.digest('hex').slice(0, 16) };
    }
    const faults = this.db.prepare("SELECT value FROM meta WHERE key = 'faults'").get() as { value: string } | undefined;
    out.faults = faults?.value ?? '{}';
    return out as StateDigest;
  }

  /** The tables whose content differs between two digests. */
  static changed(before: StateDigest, after: StateDigest): string[] {
    const names: string[] = [];
    for (const table of TABLES) {
      if (before[table].hash !== after[table].hash) names.push(`${table} (${before[table].rows} → ${after[table].rows} rows)`);
    }
    if (before.faults !== after.faults) names.push(`faults (${before.faults} → ${after.faults})`);
    return names;
  }

  /** The latest idempotency records: which request executed, when a digest says something did. */
  latestExecuted(n = 3): string {
    const rows = this.db
      .prepare('SELECT key, method, path, status, resource_kind, created_at FROM idempotency ORDER BY rowid DESC LIMIT ?')
      .all(n);
    return JSON.stringify(rows);
  }

  close(): void {
    this.db.close();
  }
}
