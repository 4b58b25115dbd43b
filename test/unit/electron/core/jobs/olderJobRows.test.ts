import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { JobStore, toJob } from '../../../../../electron/core/jobs/jobStore.ts';
import { storedJobError } from '../../../../../electron/core/jobs/storedJobError.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { appError, Job } from '../../../../../shared/ipc/index.ts';

const folders: string[] = [];
const open: LibraryDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type OldRow = { id: string; kind: string; state: string; title: string; body: string; code: string | null; message: string | null };

/**
 * A library file as an earlier version left it: English titles and sentences, and codes this
 * version does not have. Written with plain SQL, as that version wrote them, then closed.
 */
function olderLibrary(rows: OldRow[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-old-jobs-'));
  folders.push(dir);
  const path = join(dir, 'library.db');
  LibraryDatabase.open(path).close();
  const db = new DatabaseSync(path);
  const insert = db.prepare(
    `INSERT INTO jobs (id, kind, state, title, method, path, body, idempotency_key, quoted_credits, attempts, error_code, error_message, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'POST', '/v1/generations', ?, ?, 7, 1, ?, ?, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')`,
  );
  for (const row of rows) insert.run(row.id, row.kind, row.state, row.title, row.body, `key-of-${row.id}-0000000`, row.code, row.message);
  db.close();
  return path;
}

function jobsOf(path: string): Map<string, Job> {
  const db = LibraryDatabase.open(path);
  open.push(db);
  const jobs = new JobStore(db, () => new Date().toISOString()).recent(50).map(toJob);
  // What crosses to the page is checked as it would be at the boundary.
  for (const job of jobs) expect(Job.safeParse(job).error).toBeUndefined();
  return new Map(jobs.map((job) => [job.id, job]));
}

describe('job rows an earlier version wrote', () => {
  it('read as valid jobs: titles from their requests, sentences as codes, unknown codes as a code the page words', () => {
    const path = olderLibrary([
      {
        id: 'image',
        kind: 'generation.create',
        state: 'failed',
        title: 'Image: a quiet harbour at dawn',
        body: '{"character_id":"c1","prompt":"a quiet harbour at dawn","type":"image"}',
        code: 'generation_failed',
        message: 'The service could not finish this job. Retry it, or change the request.',
      },
      {
        id: 'regenerate',
        kind: 'character.regenerate',
        state: 'waiting_connection',
        title: 'Regenerate “Mara”',
        body: '{"custom_details":"older"}',
        code: 'unreachable',
        message: 'Cast Studio will ask the service again with the same request key.',
      },
      {
        id: 'speech',
        kind: 'audio.create',
        state: 'queued',
        title: 'Speech: Hello there',
        body: '{"text":"Hello there","voice_id":"v1"}',
        code: 'dependency_failed',
        message: 'Waits for “Talk clip: Hello”, which failed. Retry that job to run this one, or cancel it.',
      },
      {
        id: 'refused',
        kind: 'generation.create',
        state: 'failed',
        title: 'Video: waves',
        body: '{"character_id":"c1","prompt":"waves","type":"video"}',
        code: 'validation_error',
        message: 'The model makes clips of 1 to 10 seconds.',
      },
      {
        id: 'doubt',
        kind: 'voice.clone',
        state: 'waiting_connection',
        title: 'Design voice “Nova”',
        body: '{"name":"Nova","setup_mode":"voice_design"}',
        code: 'outcome_unknown',
        message: 'Cast Studio cannot tell whether the service ran this job. Sending it again may charge 7 credits a second time.',
      },
      {
        id: 'mystery',
        kind: 'character.create',
        state: 'failed',
        title: 'Create character “Ines”',
        body: '{"name":"Ines"}',
        code: 'a_code_from_a_later_or_earlier_version',
        message: 'Something only that version could say.',
      },
      {
        id: 'held',
        kind: 'generation.create',
        state: 'paused',
        title: '{not json',
        body: '{"prompt":"dusk","type":"talk"}',
        code: 'insufficient_credits',
        message: 'This job made while offline cost 7 credits, but your balance is 2, so Cast Studio held them instead of sending.',
      },
    ]);

    const jobs = jobsOf(path);
    expect(jobs.get('image')).toMatchObject({
      title: { what: 'image', subject: 'a quiet harbour at dawn' },
      error: { code: 'generation_failed', params: {} },
    });
    expect(jobs.get('image')?.error).not.toHaveProperty('serviceMessage');
    expect(jobs.get('regenerate')).toMatchObject({
      title: { what: 'character_regenerate', subject: 'Mara' },
      error: { code: 'network_error', params: {} },
    });
    expect(jobs.get('speech')).toMatchObject({ title: { what: 'speech', subject: 'Hello there' }, error: { code: 'dependency_failed' } });
    // A validation refusal's old sentence was the service's own words: they stay, quoted as the service's.
    expect(jobs.get('refused')?.error).toEqual({
      code: 'validation_error',
      params: {},
      serviceMessage: 'The model makes clips of 1 to 10 seconds.',
    });
    expect(jobs.get('refused')?.title).toEqual({ what: 'video', subject: 'waves' });
    expect(jobs.get('doubt')).toMatchObject({
      title: { what: 'voice_design', subject: 'Nova' },
      error: { code: 'outcome_unknown', params: { why: 'undecided', refusedStatus: null, credits: 7 } },
    });
    expect(jobs.get('mystery')).toMatchObject({
      title: { what: 'character_create', subject: 'Ines' },
      error: { code: 'job_error', params: { state: 'failed' } },
    });
    expect(jobs.get('held')).toMatchObject({
      title: { what: 'talk', subject: 'dusk' },
      error: { code: 'insufficient_credits', params: {} },
    });
    // No English sentence of that version travels on to the page.
    for (const job of jobs.values()) expect(JSON.stringify(job)).not.toMatch(/Cast Studio|Retry|Waits for/);
  });

  it('keeps what this version writes: a title and an error with its parameters read back as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cast-new-jobs-'));
    folders.push(dir);
    const db = LibraryDatabase.open(join(dir, 'library.db'));
    open.push(db);
    const store = new JobStore(db, () => new Date().toISOString());
    store.insert({
      id: 'new',
      kind: 'generation.create',
      state: 'queued',
      title: { what: 'video', subject: 'a storm over the bay' },
      path: '/v1/generations',
      body: '{"prompt":"something else","type":"image"}',
      idempotencyKey: 'key-of-the-new-job-0000',
      quoteId: null,
      quotedCredits: 9,
      resourceKind: null,
      resourceId: null,
      dependsOn: null,
      dependency: null,
      retryOf: null,
    });
    store.update('new', storedJobError(appError('price_changed', { from: 9, to: 12 })));
    expect(toJob(store.require('new'))).toMatchObject({
      title: { what: 'video', subject: 'a storm over the bay' },
      error: { code: 'price_changed', params: { from: 9, to: 12 } },
    });
  });
});
