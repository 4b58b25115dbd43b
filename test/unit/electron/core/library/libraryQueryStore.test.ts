import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryFilter } from '../../../../../shared/ipc/index.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { tempDir } from '../support/tempDir.ts';

const N = 100_000;
const WORDS = ['lighthouse', 'forest', 'neon', 'city', 'ocean', 'portrait', 'dragon', 'castle', 'rain', 'desert'];
let library: LibraryDatabase;
let queries: LibraryQueryStore;

beforeAll(() => {
  library = LibraryDatabase.open(join(tempDir(), 'library.db'));
  const store = new ResourceStore(library, () => '2026-11-01T00:00:00.000Z');
  library.transaction(() => {
    for (let c = 0; c < 20; c += 1) {
      store.upsertCharacter({
        id: uuid(900_000 + c),
        name: `Character ${c}`,
        status: 'ready',
        parameters: {},
        headshot_url: null,
        fullbody_url: null,
        created_at: '2026-01-01T00:00:00.000Z',
      });
    }
    // 100k items written by SQL (the store's per-record path is covered elsewhere; this is about reads).
    const words = WORDS.map((w, i) => `SELECT ${i} AS n, '${w}' AS w`).join(' UNION ALL ');
    library.run(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?), words AS (${words})
       INSERT INTO library_items (id, kind, status, title, prompt, character_id, character_name, options_json, credits_used, favorite, created_at, completed_at)
       SELECT '00000000-0000-4000-8000-' || printf('%012x', i),
              CASE i % 3 WHEN 0 THEN 'image' WHEN 1 THEN 'video' ELSE 'talk' END,
              CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'completed' END,
              'item ' || i,
              (SELECT w FROM words WHERE n = i % 10) || ' ' || (SELECT w FROM words WHERE n = (i * 7) % 10) || ' number ' || i,
              '00000000-0000-4000-8000-' || printf('%012x', 900000 + i % 20),
              'Character ' || (i % 20), '{}', 2, CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END,
              strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes'),
              strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes')
       FROM seq`,
      N,
    );
  });
  queries = new LibraryQueryStore(library);
}, 120_000);
afterAll(() => library.close());

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

function plan(filter: Partial<LibraryFilter>): string {
  // The same WHERE the query builds, explained: every path must use an index, never scan the table.
  const f = { sort: 'newest' as const, ...filter };
  const captured: string[] = [];
  const original = library.all.bind(library);
  library.all = <T>(sql: string, ...params: Parameters<typeof original>[1][]) => {
    if (sql.includes('LIMIT ? OFFSET ?'))
      captured.push(...original<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params).map((r) => r.detail));
    return original<T>(sql, ...params);
  };
  try {
    queries.query(f, 0, 50);
  } finally {
    library.all = original;
  }
  return captured.join('\n');
}

describe('library queries on 100k items', () => {
  it('pages newest first with a total', () => {
    const page = queries.query({ sort: 'newest' }, 100, 50);
    expect(page.total).toBe(N);
    expect(page.items).toHaveLength(50);
    expect(page.items[0]!.id).toBe(uuid(N - 101));
    expect(page.items[0]!.characterName).toMatch(/^Character /);
  });

  it('filters by kind, status, character, dates, favorites and combines them with search', () => {
    expect(queries.query({ sort: 'newest', kinds: ['video'] }, 0, 1).total).toBe(Math.floor(N / 3));
    expect(queries.query({ sort: 'newest', statuses: ['failed'] }, 0, 1).total).toBe(N / 10);
    expect(queries.query({ sort: 'newest', characterId: uuid(900_003) }, 0, 1).total).toBe(N / 20);
    expect(queries.query({ sort: 'newest', favorites: true }, 0, 1).total).toBe(N / 50);
    const from = new Date(Date.UTC(2026, 0, 1) + 10 * 60_000).toISOString();
    const to = new Date(Date.UTC(2026, 0, 1) + 19 * 60_000).toISOString();
    expect(queries.query({ sort: 'oldest', from, to }, 0, 100).items.map((i) => i.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => uuid(10 + i)),
    );
    const search = queries.query({ sort: 'newest', search: 'dragon neon', kinds: ['image'] }, 0, 500);
    expect(search.total).toBeGreaterThan(0);
    for (const item of search.items) {
      expect(item.prompt).toMatch(/dragon/);
      expect(item.prompt).toMatch(/neon/);
      expect(item.kind).toBe('image');
    }
    expect(queries.query({ sort: 'newest', search: 'number 4242' }, 0, 20).items.map((i) => i.id)).toContain(uuid(4242));
  });

  it('serves every filter from an index, never a full scan of the items', () => {
    const filters: Partial<LibraryFilter>[] = [
      {},
      { kinds: ['image'] },
      { statuses: ['failed'] },
      { characterId: uuid(900_001) },
      { favorites: true },
      { from: '2026-01-02T00:00:00Z' },
      { search: 'neon' },
      { sort: 'oldest' },
    ];
    for (const filter of filters) {
      const detail = plan(filter);
      expect(detail, JSON.stringify(filter)).not.toMatch(/SCAN i(?! USING)/);
      // A search sorts only its matches; every other filter reads the items in index order.
      if (!filter.search) expect(detail, JSON.stringify(filter)).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });

  it('pages two kinds or two statuses at once in the order of the full list, sorting only the seqs of their rows', () => {
    for (const filter of [
      { kinds: ['image' as const, 'talk' as const] },
      { kinds: ['image' as const, 'talk' as const], sort: 'oldest' as const },
      { statuses: ['completed', 'failed'] },
      { kinds: ['video' as const, 'talk' as const], statuses: ['completed', 'failed'], characterId: uuid(900_004) },
    ]) {
      const f: LibraryFilter = { sort: 'newest', ...filter };
      const all = queries.ids(f);
      expect(all.length, JSON.stringify(filter)).toBeGreaterThan(0);
      for (const offset of [0, 200, all.length - 50]) {
        const page = queries.query(f, offset, 200);
        expect(page.total, JSON.stringify(filter)).toBe(all.length);
        expect(
          page.items.map((i) => i.id),
          JSON.stringify({ filter, offset }),
        ).toEqual(all.slice(offset, offset + 200));
      }
    }
    // The page's seqs are chosen (and sorted) in a co-routine of their own; each row's columns,
    // subqueries included, are computed after, for the page's rows only.
    const detail = plan({ kinds: ['image', 'talk'] });
    expect(detail).toMatch(/^CO-ROUTINE page\n(.*\n)*USE TEMP B-TREE FOR ORDER BY\nSCAN page/);
  });

  it('counts the library and a kind on the narrow kind index', () => {
    const countPlan = (sql: string, ...params: string[]) =>
      library
        .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params)
        .map((r) => r.detail)
        .join('\n');
    expect(countPlan('SELECT count(*) AS n FROM library_items i')).toMatch(/COVERING INDEX library_items_kind_count/);
    expect(countPlan('SELECT count(*) AS n FROM library_items i WHERE i.kind IN (?)', 'image')).toMatch(
      /COVERING INDEX library_items_kind_count \(kind=\?\)/,
    );
    expect(queries.query({ sort: 'newest' }, 0, 1).total).toBe(N);
    expect(queries.query({ sort: 'newest', kinds: ['image'] }, 0, 1).total).toBe(Math.ceil(N / 3));
  });

  it('pages a common and a rare search word in the same order as the full list, whichever plan it takes', () => {
    // 'neon' matches 20,000 items (the date-index walk), 'number 4242' a handful (the rowid plan),
    // 'number 42' 1,111: its first page walks the date index, its later ones take the rowid plan.
    for (const filter of [
      { search: 'neon' },
      { search: 'neon', sort: 'oldest' as const },
      { search: 'neon', kinds: ['video' as const] },
      { search: 'number 4242' },
      { search: 'number 42' },
      { search: 'number 42', sort: 'oldest' as const },
    ]) {
      const f: LibraryFilter = { sort: 'newest', ...filter };
      const all = queries.ids(f);
      expect(all.length, JSON.stringify(filter)).toBeGreaterThan(0);
      for (const offset of [0, 200, 19_950]) {
        const page = queries.query(f, offset, 200);
        expect(page.total, JSON.stringify(filter)).toBe(all.length);
        expect(
          page.items.map((i) => i.id),
          JSON.stringify({ filter, offset }),
        ).toEqual(all.slice(offset, offset + 200));
      }
    }
    expect(queries.query({ sort: 'newest', search: 'neon zzzunknown' }, 0, 200)).toEqual({ items: [], total: 0 });
  });

  it('finds a search term as a prefix and ignores punctuation in the query', () => {
    expect(queries.query({ sort: 'newest', search: '"lightho*' }, 0, 1).total).toBeGreaterThan(0);
    expect(queries.query({ sort: 'newest', search: '***' }, 0, 1).total).toBe(N);
  });
});
