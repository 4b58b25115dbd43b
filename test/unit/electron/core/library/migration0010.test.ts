import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryDatabase, migrate } from '../../../../../electron/core/library/libraryDatabase.ts';
import { MIGRATIONS } from '../../../../../electron/core/library/migrations/allMigrations.ts';
import { tempDir } from '../support/tempDir.ts';

const QUEUED = '2026-11-01T10:00:00.000Z';
const SENT = '2026-11-01T10:00:01.000Z';
const LATER = '2026-11-01T11:00:00.000Z';

describe('library migration 0010 (jobs in doubt and their waits)', () => {
  it('takes the jobs of a version-9 library waiting to be resent as in doubt since their first send, and no other', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 9);
    const job = db.prepare(
      `INSERT INTO jobs (id, kind, state, title, method, path, body, idempotency_key, attempts, sent_at, created_at, updated_at)
       VALUES (?, 'generation.create', ?, 't', 'POST', '/v1/generations', '{"prompt":"waves"}', ?, ?, ?, ?, ?)`,
    );
    job.run('j-parked', 'waiting_connection', 'key-parked-00000001', 1, SENT, QUEUED, LATER);
    job.run('j-sending', 'sending', 'key-sending-0000001', 2, SENT, QUEUED, LATER);
    job.run('j-queued', 'queued', 'key-queued-00000001', 0, null, QUEUED, QUEUED);
    job.run('j-done', 'done', 'key-done-0000000001', 1, SENT, QUEUED, LATER);
    db.close();

    const library = LibraryDatabase.open(path);
    const store = new JobStore(library, () => LATER);
    expect(store.require('j-parked')).toMatchObject({ doubt_since: SENT, retry_after_until: null });
    expect(store.require('j-sending')).toMatchObject({ doubt_since: SENT, retry_after_until: null });
    expect(store.require('j-queued')).toMatchObject({ doubt_since: null, retry_after_until: null });
    expect(store.require('j-done')).toMatchObject({ doubt_since: null, retry_after_until: null });
    // The new columns take what the queue writes.
    store.update('j-parked', { retry_after_until: LATER });
    expect(store.require('j-parked').retry_after_until).toBe(LATER);
    library.close();
  });
});
