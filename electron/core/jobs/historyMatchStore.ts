import type { ResourceKind } from '../../../shared/api/common.ts';
import type { JobKind } from '../../../shared/ipc/index.ts';
import type { LibraryDatabase, SqlValue } from '../library/libraryDatabase.ts';

/** A mirrored record that may be what a job in doubt created on the service. */
export type HistoryMatch = { resourceKind: ResourceKind; resourceId: string; status: string; createdAt: string };

/**
 * How a job of each kind shows in the mirrored history (one table of kinds, docs/ARCHITECTURE.md "How the code reads"): the
 * table its record lands in, and the columns that must equal the request's fields. A kind whose
 * request leaves no record of its own to recognise (regenerate and revert change an existing
 * character) has no entry: history cannot decide for it.
 */
const MATCHES: Partial<
  Record<JobKind, { kind: ResourceKind; table: string; columns: (body: Record<string, unknown>) => Record<string, unknown> }>
> = {
  'generation.create': {
    kind: 'generation',
    table: 'generations',
    columns: (b) => ({ character_id: b.character_id, type: b.type, prompt: b.prompt }),
  },
  'audio.create': { kind: 'audio', table: 'audio_tracks', columns: (b) => ({ voice_id: b.voice_id, text: b.text }) },
  'character.create': { kind: 'character', table: 'characters', columns: (b) => ({ name: b.name }) },
  'voice.clone': { kind: 'voice', table: 'voices', columns: (b) => ({ name: b.name }) },
};

/** Whether the mirrored history can show a job of this kind at all. */
export function historyCanShow(kind: JobKind): boolean {
  return MATCHES[kind] !== undefined;
}

/** Reads the mirror for records a job in doubt may have created (the SQL of reconciliation). */
export class HistoryMatchStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /**
   * Records of the job's kind with the request's own fields, created between `from` and `to`, that
   * no other job already claims. Null when the kind cannot be matched or a field is missing.
   */
  candidates(job: { id: string; kind: JobKind; body: string }, from: string, to: string): HistoryMatch[] | null {
    const match = MATCHES[job.kind];
    if (!match) return null;
    const columns = Object.entries(match.columns(JSON.parse(job.body) as Record<string, unknown>));
    if (columns.some(([, value]) => typeof value !== 'string')) return null;
    const where = columns.map(([column]) => `${column} = ?`).join(' AND ');
    const values = columns.map(([, value]) => value as SqlValue);
    const rows = this.library.all<{ id: string; status: string; created_at: string }>(
      `SELECT id, status, created_at FROM ${match.table}
       WHERE ${where} AND julianday(created_at) BETWEEN julianday(?) AND julianday(?)
         AND id NOT IN (SELECT resource_id FROM jobs WHERE resource_id IS NOT NULL AND id != ?)`,
      ...values,
      from,
      to,
      job.id,
    );
    return rows.map((row) => ({ resourceKind: match.kind, resourceId: row.id, status: row.status, createdAt: row.created_at }));
  }
}
