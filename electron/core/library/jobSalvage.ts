import { z } from 'zod';
import { JobRecord } from '../jobs/jobStore.ts';
import { TERMINAL_JOB_STATES } from '../jobs/jobStates.ts';
import type { LibraryDatabase } from './libraryDatabase.ts';
import { JobSalvageStore, type SalvagedRows } from './jobSalvageStore.ts';

/** What the salvage gave back: jobs re-queued, and unfinished jobs that could not be (null: how many is unknown). */
export const JobSalvage = z.object({ recovered: z.number().int().min(0), unreadable: z.number().int().min(0).nullable() });
export type JobSalvage = z.infer<typeof JobSalvage>;

/** States whose outcome the service gives back by itself (a full sync): nothing to resend. */
function settledByService(state: string | null): boolean {
  return state !== null && (state === 'processing' || (TERMINAL_JOB_STATES as readonly string[]).includes(state));
}

function parseJob(row: Record<string, unknown>): JobRecord | null {
  try {
    const parsed = JobRecord.safeParse(row);
    return parsed.success ? parsed.data : null;
  } catch {
    // A transform over a damaged value (dependency_json that is not JSON) throws rather than fails.
    return null;
  }
}

/**
 * Puts the unfinished jobs salvaged from a damaged library into the new one, each exactly as it
 * was stored: the same id, state, attempts and idempotency key, so a job in doubt stays in doubt
 * and its resend replays the service's stored answer instead of paying again (docs/ARCHITECTURE.md:
 * the intent is committed first). Every row is validated by the job store's own parser first; the
 * finished jobs a kept one waits on come too, and nothing else does (a sync brings results back).
 * Returns the jobs put back, with the count of unfinished jobs that could not be.
 */
export function restoreSalvagedJobs(library: LibraryDatabase, found: SalvagedRows): { restored: JobRecord[]; salvage: JobSalvage } {
  let unreadable = found.lost.filter((row) => !settledByService(row.state)).length;
  const byId = new Map<string, { row: Record<string, unknown>; record: JobRecord }>();
  for (const raw of found.rows) {
    const { _rowid: _ignored, ...row } = raw;
    const record = parseJob(row);
    if (record) byId.set(record.id, { row, record });
    else if (!settledByService(typeof row.state === 'string' ? row.state : null)) unreadable += 1;
  }
  // Unfinished jobs, and (transitively) the jobs they wait on, which the queue needs to see done.
  const wanted = new Set<string>();
  for (const { record } of byId.values()) {
    if (TERMINAL_JOB_STATES.includes(record.state)) continue;
    for (let id: string | null = record.id; id !== null && !wanted.has(id); id = byId.get(id)?.record.depends_on ?? null) wanted.add(id);
  }
  const jobs = new JobSalvageStore(library);
  const restored: JobRecord[] = [];
  const restoredIds = new Set<string>();
  library.transaction(() => {
    for (const { row, record } of byId.values()) {
      if (!wanted.has(record.id)) continue;
      const values: Record<string, unknown> = { ...row };
      const dependency = record.depends_on;
      if (dependency !== null && !restoredIds.has(dependency) && !jobs.has(dependency)) {
        // The step it waits on is lost: one never sent cannot run without it; one already sent
        // has its final body and is followed on its own.
        if (record.attempts === 0) {
          if (!settledByService(record.state)) unreadable += 1;
          continue;
        }
        values.depends_on = null;
      }
      let inserted: boolean;
      try {
        inserted = jobs.insertAsStored(values);
      } catch {
        // A value the new file's constraints refuse: this one job is lost, the others still come back.
        if (!settledByService(record.state)) unreadable += 1;
        continue;
      }
      if (!inserted) continue;
      restored.push({ ...record, depends_on: values.depends_on as string | null });
      restoredIds.add(record.id);
    }
  });
  const recovered = restored.filter((job) => !settledByService(job.state)).length;
  return { restored, salvage: { recovered, unreadable: found.countKnown ? unreadable : null } };
}
