import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { JobStore, toJob } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryDatabase, migrate } from '../../../../../electron/core/library/libraryDatabase.ts';
import { MIGRATIONS } from '../../../../../electron/core/library/migrations/allMigrations.ts';
import { tempDir } from '../support/tempDir.ts';

const QUEUED = '2026-11-01T10:00:00.000Z';
const ACCEPTED = '2026-11-01T10:00:02.000Z';
const ENDED = '2026-11-01T10:00:32.000Z';

describe('library migration 0007 (job batches and durations)', () => {
  it('gives jobs ended before it their last update as their end, and leaves jobs in flight unended and unbatched', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 6);
    const job = db.prepare(
      `INSERT INTO jobs (id, kind, state, title, method, path, body, idempotency_key, resource_kind, resource_id, created_at, updated_at, accepted_at)
       VALUES (?, 'generation.create', ?, 't', 'POST', '/v1/generations', ?, ?, 'generation', ?, ?, ?, ?)`,
    );
    const body = JSON.stringify({ character_id: 'c1', type: 'video', prompt: 'waves', options: { duration: 5 } });
    job.run('j-done', 'done', body, 'key-done-0000000001', 'g1', QUEUED, ENDED, ACCEPTED);
    job.run('j-running', 'processing', body, 'key-running-0000001', 'g2', QUEUED, ACCEPTED, ACCEPTED);
    db.close();

    const library = LibraryDatabase.open(path);
    const store = new JobStore(library, () => ENDED);
    expect(store.require('j-done')).toMatchObject({ finished_at: ENDED, batch_id: null, estimate_ms: null });
    expect(store.require('j-running')).toMatchObject({ finished_at: null, batch_id: null, estimate_ms: null });
    // The job in flight reads back with when it began and what it asked for, for its placeholder.
    expect(toJob(store.require('j-running'))).toMatchObject({
      startedAt: ACCEPTED,
      estimateMs: null,
      batchId: null,
      characterId: 'c1',
      prompt: 'waves',
      generationType: 'video',
    });
    library.close();
  });
});
