import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { LibraryDatabase, migrate } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { MIGRATIONS } from '../../../../../electron/core/library/migrations/allMigrations.ts';
import { tempDir } from '../support/tempDir.ts';

describe('library migration 0008 (kind index for totals)', () => {
  it('indexes the kinds of a version-7 library, whose totals then count on that index', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 7);
    const item = db.prepare('INSERT INTO library_items (id, kind, status, title, created_at) VALUES (?, ?, ?, ?, ?)');
    ['image', 'image', 'video', 'audio'].forEach((kind, n) =>
      item.run(`item-${n}`, kind, 'completed', `${kind} ${n}`, `2026-11-0${n + 1}T10:00:00.000Z`),
    );
    db.close();

    const library = LibraryDatabase.open(path);
    const plan = library
      .all<{ detail: string }>('EXPLAIN QUERY PLAN SELECT count(*) AS n FROM library_items i WHERE i.kind IN (?)', 'image')
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toMatch(/COVERING INDEX library_items_kind_count/);
    const queries = new LibraryQueryStore(library);
    expect(queries.query({ sort: 'newest', kinds: ['image'] }, 0, 10)).toMatchObject({
      total: 2,
      items: [{ id: 'item-1' }, { id: 'item-0' }],
    });
    expect(queries.query({ sort: 'newest' }, 0, 10).total).toBe(4);
    library.close();
  });
});
