import type { ResourceKind } from '../../../shared/api/common.ts';
import type { JobKind } from '../../../shared/ipc/index.ts';
import type { LibraryDatabase, SqlValue } from '../library/libraryDatabase.ts';
import { JOB_KINDS, jobKind, type JobKindTable } from './jobKinds.ts';

/** A mirrored record that may be what a job in doubt created on the service. */
export type HistoryMatch = { resourceKind: ResourceKind; resourceId: string; status: string; createdAt: string };

/** The mirror's table of each kind of record. */
const TABLES: Record<ResourceKind, string> = { character: 'characters', generation: 'generations', voice: 'voices', audio: 'audio_tracks' };

/** Whether the mirrored history can show a job of this kind at all (the job kind's table says how). */
export function historyCanShow(kind: JobKind): boolean {
  return jobKind(kind).history !== null;
}

/** Reads the mirror for records a job in doubt may have created (the SQL of reconciliation). */
export class HistoryMatchStore {
  private readonly library: LibraryDatabase;
  private readonly kinds: JobKindTable;

  constructor(library: LibraryDatabase, kinds: JobKindTable = JOB_KINDS) {
    this.library = library;
    this.kinds = kinds;
  }

  /**
   * Records of the job's kind with the request's own fields, created between `from` and `to`, that
   * no other job already claims. Null when the kind cannot be matched or a field is missing.
   */
  candidates(job: { id: string; kind: string; body: string }, from: string, to: string): HistoryMatch[] | null {
    const rule = this.kinds[job.kind];
    if (!rule?.history) return null;
    const columns = Object.entries(rule.history(JSON.parse(job.body) as Record<string, unknown>));
    if (columns.some(([, value]) => typeof value !== 'string')) return null;
    const where = columns.map(([column]) => `${column} = ?`).join(' AND ');
    const values = columns.map(([, value]) => value as SqlValue);
    const rows = this.library.all<{ id: string; status: string; created_at: string }>(
      `SELECT id, status, created_at FROM ${TABLES[rule.makes]}
       WHERE ${where} AND julianday(created_at) BETWEEN julianday(?) AND julianday(?)
         AND id NOT IN (SELECT resource_id FROM jobs WHERE resource_id IS NOT NULL AND id != ?)`,
      ...values,
      from,
      to,
      job.id,
    );
    return rows.map((row) => ({ resourceKind: rule.makes, resourceId: row.id, status: row.status, createdAt: row.created_at }));
  }
}
