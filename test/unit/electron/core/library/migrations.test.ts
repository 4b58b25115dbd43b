import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { LibraryDatabase, migrate, NewerLibraryError, schemaVersion } from '../../../../../electron/core/library/libraryDatabase.ts';
import { JobStore, toJob } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { MIGRATIONS } from '../../../../../electron/core/library/migrations/allMigrations.ts';
import { CdnSources, isLoopback } from '../../../../../electron/core/downloads/cdnSources.ts';
import { tempDir } from '../support/tempDir.ts';

const T = '2026-11-01T10:00:00.000Z';

describe('library migrations', () => {
  it('are numbered 1..n without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('0001 creates the mirrors on an empty file and holds fixture records with their raw JSON', () => {
    const db = new DatabaseSync(join(tempDir(), 'library.db'));
    expect(schemaVersion(db)).toBe(0);
    migrate(db, MIGRATIONS, 1);
    expect(schemaVersion(db)).toBe(1);
    db.prepare(
      "INSERT INTO characters (id, name, status, created_at, raw_json) VALUES ('c1', 'Ada', 'ready', ?, '{\"id\":\"c1\",\"extra\":1}')",
    ).run(T);
    db.prepare(
      "INSERT INTO jobs (id, kind, state, title, method, path, body, idempotency_key, created_at, updated_at) VALUES ('j1', 'generation.create', 'queued', 't', 'POST', '/v1/generations', '{}', 'key-0000000000000001', ?, ?)",
    ).run(T, T);
    expect(db.prepare('SELECT raw_json FROM characters').get()).toEqual({ raw_json: '{"id":"c1","extra":1}' });
    // The outbox refuses a second intent with the same Idempotency-Key.
    expect(() =>
      db
        .prepare(
          "INSERT INTO jobs (id, kind, state, title, method, path, body, idempotency_key, created_at, updated_at) VALUES ('j2', 'x', 'queued', 't', 'POST', '/v1/x', '{}', 'key-0000000000000001', ?, ?)",
        )
        .run(T, T),
    ).toThrow();
    db.close();
  });

  it('0002 backfills the library index and search from version-1 fixture data', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 1);
    db.prepare("INSERT INTO characters (id, name, status, created_at, raw_json) VALUES ('c1', 'Ada Lovelace', 'ready', ?, '{}')").run(T);
    db.prepare(
      "INSERT INTO generations (id, type, status, prompt, character_id, options_json, credits_used, output_url, created_at, completed_at, raw_json) VALUES ('g1', 'image', 'completed', 'a lighthouse at dusk', 'c1', '{\"hd\":true}', 4, 'https://cdn/x.png', ?, ?, '{}')",
    ).run(T, T);
    db.prepare(
      "INSERT INTO audio_tracks (id, name, status, voice_id, text, created_at, raw_json) VALUES ('a1', 'Greeting', 'ready', 'v1', 'hello there traveller', ?, '{}')",
    ).run(T);
    db.prepare("INSERT INTO media (content_id, size, content_type, created_at) VALUES (?, 10, 'image/png', ?)").run('ab'.repeat(32), T);
    db.prepare(
      "INSERT INTO downloads (id, url, owner_kind, owner_id, role, state, content_id, created_at, updated_at) VALUES ('d1', 'https://cdn/x.png', 'generation', 'g1', 'output', 'done', ?, ?, ?)",
    ).run('ab'.repeat(32), T, T);
    db.close();

    const library = LibraryDatabase.open(path);
    expect(schemaVersion(library.db)).toBe(MIGRATIONS.length);
    const queries = new LibraryQueryStore(library);
    const all = queries.query({ sort: 'newest' }, 0, 10);
    expect(all.total).toBe(2);
    const image = queries.item('g1');
    expect(image).toMatchObject({
      kind: 'image',
      characterName: 'Ada Lovelace',
      mediaId: 'ab'.repeat(32),
      mediaType: 'image/png',
      downloaded: true,
      options: { hd: true },
    });
    expect(queries.query({ sort: 'newest', search: 'lighthou' }, 0, 10).items.map((i) => i.id)).toEqual(['g1']);
    expect(queries.query({ sort: 'newest', search: 'travel' }, 0, 10).items.map((i) => i.id)).toEqual(['a1']);
    expect(queries.query({ sort: 'newest', search: 'lovelace' }, 0, 10).items.map((i) => i.id)).toEqual(['g1']);
    library.close();
  });

  it('0003 indexes pending downloads in the order the downloader takes them, from version-2 fixture data', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 2);
    const insert = db.prepare(
      "INSERT INTO downloads (id, url, owner_kind, owner_id, role, state, created_at, updated_at) VALUES (?, 'https://cdn/x', ?, ?, ?, ?, ?, ?)",
    );
    insert.run('d-output', 'generation', 'g1', 'output', 'pending', '2026-11-01T10:00:00.000Z', T);
    insert.run('d-thumb', 'generation', 'g2', 'thumbnail', 'pending', '2026-11-01T10:00:01.000Z', T);
    insert.run('d-head', 'character', 'c1', 'headshot@1', 'pending', '2026-11-01T10:00:02.000Z', T);
    insert.run('d-done', 'generation', 'g3', 'thumbnail', 'done', '2026-11-01T09:00:00.000Z', T);
    db.close();

    const library = LibraryDatabase.open(path);
    expect(schemaVersion(library.db)).toBe(MIGRATIONS.length);
    const queue =
      "SELECT id FROM downloads INDEXED BY downloads_queue WHERE state = 'pending' ORDER BY CASE WHEN role LIKE 'thumb%' OR role LIKE 'headshot%' THEN 0 ELSE 1 END, created_at";
    expect(library.all<{ id: string }>(queue).map((r) => r.id)).toEqual(['d-thumb', 'd-head', 'd-output']);
    // Walked in order, never sorted: the cost of a pump does not grow with the pending count.
    const plan = library
      .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${queue} LIMIT 8`)
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toMatch(/USING INDEX downloads_queue/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    library.close();
  });

  it('0004 lets a failed job show its refund, by resource or charge reference, from version-3 fixture data', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 3);
    const job = db.prepare(
      "INSERT INTO jobs (id, kind, state, title, method, path, body, idempotency_key, credits_used, resource_kind, resource_id, created_at, updated_at) VALUES (?, ?, ?, 't', 'POST', ?, '{}', ?, ?, ?, ?, ?, ?)",
    );
    job.run('j-image', 'generation.create', 'failed', '/v1/generations', 'key-image-000000001', 2, 'generation', 'g1', T, T);
    job.run('j-create', 'character.create', 'done', '/v1/characters', 'key-create-00000001', 10, 'character', 'c1', T, T);
    job.run('j-regen', 'character.regenerate', 'failed', '/v1/characters/c1/regenerate', 'key-regen-000000001', 5, 'character', 'c1', T, T);
    job.run(
      'j-regen-2',
      'character.regenerate',
      'failed',
      '/v1/characters/c1/regenerate',
      'key-regen-000000002',
      8,
      'character',
      'c1',
      T,
      T,
    );
    job.run('j-video', 'generation.create', 'failed', '/v1/generations', 'key-video-000000001', 20, 'generation', 'g2', T, T);
    const money = db.prepare(
      'INSERT INTO credit_transactions (id, amount, type, description, resource_id, balance_after, created_at, raw_json) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)',
    );
    money.run('t1', -2, 'usage', 'image', 'g1', T, '{}');
    money.run('t2', 2, 'refund', 'image failed', 'g1', T, '{}');
    money.run('t3', -10, 'usage', 'character', 'op-create', T, '{}');
    money.run('t4', -5, 'usage', 'regeneration', 'op-regen', T, '{}');
    money.run('t5', 5, 'refund', 'regeneration failed', 'op-regen', T, '{}');
    money.run('t6', -8, 'usage', 'regeneration', 'op-regen-2', T, '{}');
    money.run('t7', -20, 'usage', 'video', 'g2', T, '{}');
    db.close();

    const library = LibraryDatabase.open(path);
    expect(schemaVersion(library.db)).toBe(MIGRATIONS.length);
    const jobs = new JobStore(library, () => T);
    // Rows of version 3 have no charge reference; jobs accepted from now on record one.
    expect(jobs.get('j-regen')?.charge_ref).toBeNull();
    expect(jobs.get('j-image')?.credits_refunded).toBe(2);
    expect(jobs.get('j-regen')?.credits_refunded).toBeNull(); // its refund names the operation, not yet known here
    jobs.update('j-create', { charge_ref: 'op-create' });
    jobs.update('j-regen', { charge_ref: 'op-regen' });
    jobs.update('j-regen-2', { charge_ref: 'op-regen-2' });
    expect(jobs.get('j-regen')?.credits_refunded).toBe(5);
    expect(jobs.get('j-regen-2')?.credits_refunded).toBeNull(); // failed, no refund (yet)
    expect(jobs.get('j-create')?.credits_refunded).toBeNull(); // done: its charge stands
    expect(jobs.get('j-video')?.credits_refunded).toBeNull();
    // A service that names the character itself: each job shows at most its own charge.
    library.run(
      "INSERT INTO credit_transactions (id, amount, type, description, resource_id, balance_after, created_at, raw_json) VALUES ('t8', 10, 'refund', 'character refund', 'c1', NULL, ?, '{}')",
      T,
    );
    expect(jobs.get('j-regen')?.credits_refunded).toBe(5);
    expect(jobs.get('j-regen-2')?.credits_refunded).toBe(8);
    expect(toJob(jobs.require('j-image')).creditsRefunded).toBe(2);
    expect(jobs.recent(10).map((j) => [j.id, j.credits_refunded])).toEqual(
      expect.arrayContaining([
        ['j-image', 2],
        ['j-regen', 5],
        ['j-video', null],
        ['j-create', null],
      ]),
    );
    expect(
      jobs
        .failedFor(['g1', 'op-regen'])
        .map((j) => j.id)
        .sort(),
    ).toEqual(['j-image', 'j-regen']);
    // A full sync can bring thousands of refunds at once: looked up in bounded batches, each job once.
    const many = [...Array.from({ length: 20_000 }, (_, i) => `other-${i}`), 'g1', 'op-regen', 'c1'];
    expect(
      jobs
        .failedFor(many)
        .map((j) => j.id)
        .sort(),
    ).toEqual(['j-image', 'j-regen', 'j-regen-2']);
    const plan = library
      .all<{ detail: string }>(
        "EXPLAIN QUERY PLAN SELECT sum(t.amount) FROM credit_transactions t WHERE t.type = 'refund' AND t.resource_id IN ('g1', 'op-1')",
      )
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toMatch(/USING INDEX credit_transactions_refunds/);
    library.close();
  });

  it('0005 keeps version-4 download sources relative to the CDN and says why failed ones failed', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 4);
    const download = db.prepare(
      "INSERT INTO downloads (id, url, owner_kind, owner_id, role, state, attempts, error_message, created_at, updated_at) VALUES (?, ?, 'generation', ?, ?, ?, ?, ?, ?, ?)",
    );
    const sha = 'cd'.repeat(32);
    // Queued before a restart of the embedded sandbox, which then came back on another port.
    download.run('d-pending', `https://127.0.0.1:41001/cdn/${sha}.png`, 'g1', 'output', 'pending', 3, null, T, T);
    download.run(
      'd-unreachable',
      `https://127.0.0.1:41001/cdn/${sha}.jpg?v=2`,
      'g1',
      'thumbnail',
      'failed',
      8,
      'The file could not be downloaded (connect ECONNREFUSED 127.0.0.1:41001). Run the library check to try again.',
      T,
      T,
    );
    download.run(
      'd-gone',
      `https://127.0.0.1:40999/cdn/${'ef'.repeat(32)}.mp4`,
      'g2',
      'output',
      'failed',
      1,
      'The file is no longer available on the service.',
      T,
      T,
    );
    download.run(
      'd-disk',
      `https://127.0.0.1:41001/cdn/${sha}.wav`,
      'a1',
      'output',
      'failed',
      1,
      'Your disk is full, so this file could not be saved. Free some space, then run the library check to fetch it again.',
      T,
      T,
    );
    download.run(
      'd-elsewhere',
      'https://images.example.com/x.png',
      'g3',
      'output',
      'failed',
      8,
      'The file could not be downloaded (HTTP 500). Run the library check to try again.',
      T,
      T,
    );
    download.run('d-done', `https://127.0.0.1:41001/cdn/${sha}.webp`, 'g4', 'output', 'done', 1, null, T, T);
    db.close();

    // The connection's CDN now answers on another port; every loopback port was the sandbox's CDN.
    const sources = new CdnSources('https://127.0.0.1:42002/cdn', isLoopback);
    const library = LibraryDatabase.open(path, MIGRATIONS, { cdnSource: (url) => sources.relative(url) });
    expect(schemaVersion(library.db)).toBe(MIGRATIONS.length);
    const rows = Object.fromEntries(
      library
        .all<{ id: string; url: string; state: string; failure: string | null }>('SELECT id, url, state, failure FROM downloads')
        .map((r) => [r.id, r]),
    );
    expect(rows['d-pending']).toMatchObject({ url: `${sha}.png`, state: 'pending', failure: null });
    expect(rows['d-unreachable']).toMatchObject({ url: `${sha}.jpg?v=2`, state: 'failed', failure: 'unreachable' });
    expect(rows['d-gone']).toMatchObject({ url: `${'ef'.repeat(32)}.mp4`, failure: 'gone' });
    expect(rows['d-disk']).toMatchObject({ url: `${sha}.wav`, failure: 'disk_full' });
    expect(rows['d-elsewhere']).toMatchObject({ url: 'https://images.example.com/x.png', failure: 'error' });
    expect(rows['d-done']).toMatchObject({ url: `${sha}.webp`, state: 'done' });
    // Resolved against the CDN of the moment: the new port, or a new origin altogether.
    expect(sources.resolve(rows['d-pending']!.url)).toBe(`https://127.0.0.1:42002/cdn/${sha}.png`);
    expect(new CdnSources('https://media.example.net/v2').resolve(rows['d-unreachable']!.url)).toBe(
      `https://media.example.net/v2/${sha}.jpg?v=2`,
    );
    expect(sources.resolve(rows['d-elsewhere']!.url)).toBe('https://images.example.com/x.png');
    library.close();
  });

  it('0005 without a known connection leaves addresses whole', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 4);
    db.prepare(
      "INSERT INTO downloads (id, url, owner_kind, owner_id, role, state, created_at, updated_at) VALUES ('d1', 'https://cdn.example.com/a.png', 'generation', 'g1', 'output', 'pending', ?, ?)",
    ).run(T, T);
    db.close();
    const library = LibraryDatabase.open(path);
    expect(library.get<{ url: string }>('SELECT url FROM downloads')?.url).toBe('https://cdn.example.com/a.png');
    library.close();
  });

  it('0009 keeps search prefix indexes, finds version-8 items by their first letters, and keeps them current', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 8);
    const insert = db.prepare(
      "INSERT INTO library_items (id, kind, status, title, prompt, created_at) VALUES (?, 'image', 'completed', ?, ?, ?)",
    );
    insert.run('g1', 'Harbor at dawn', 'a lighthouse over the harbour', T);
    insert.run('g2', 'Market', 'crowded stalls, lanterns', T);
    db.close();

    const library = LibraryDatabase.open(path);
    expect(schemaVersion(library.db)).toBe(MIGRATIONS.length);
    const definition = library.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'library_fts'")?.sql ?? '';
    expect(definition).toMatch(/prefix = '1 2'/);
    // FTS5 checks its index against the library's rows: the rebuild left nothing out.
    expect(() => library.db.exec("INSERT INTO library_fts (library_fts) VALUES ('integrity-check')")).not.toThrow();
    const queries = new LibraryQueryStore(library);
    const found = (search: string) =>
      queries
        .query({ sort: 'newest', search }, 0, 10)
        .items.map((i) => i.id)
        .sort();
    expect(found('h')).toEqual(['g1']);
    expect(found('l')).toEqual(['g1', 'g2']);
    expect(found('ma')).toEqual(['g2']);
    // The triggers of 0002 still write to the index made again.
    library.db.prepare("UPDATE library_items SET title = 'Quay at dusk' WHERE id = 'g2'").run();
    expect(found('q')).toEqual(['g2']);
    expect(found('ma')).toEqual([]);
    library.db.prepare("DELETE FROM library_items WHERE id = 'g1'").run();
    expect(found('h')).toEqual([]);
    library.close();
  });

  it('refuses a library written by a newer version', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA user_version = 99');
    db.close();
    expect(() => LibraryDatabase.open(path)).toThrow(NewerLibraryError);
  });
});
