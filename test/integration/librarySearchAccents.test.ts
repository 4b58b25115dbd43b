import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryDatabase } from '../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../electron/core/library/libraryQueryStore.ts';
import { ResourceStore } from '../../electron/core/library/resourceStore.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const CDN = 'https://cdn.example.test/media';
const MIRA = '00000000-0000-4000-8000-0000000000a1';

/** Prompts as people type them: with accents, without, and with the accent as a separate mark (NFD). */
const PROMPTS = {
  1: 'Mira at the Café de Flore',
  2: 'Mira at a roadside cafe',
  3: 'Oro reads in the cafe\u0301 by the pier',
  4: 'Crème brûlée on the terrace',
  5: 'Ferry at dawn',
} as const;

/**
 * The library's search on a real SQLite file: a word matches with or without its accents, both
 * ways ("cafe" finds "Café" and "café" finds "Cafe"), however the text or the search was composed.
 */
describe('library search ignores accents', () => {
  let dir: string;
  let library: LibraryDatabase;
  let queries: LibraryQueryStore;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-search-accents-'));
    library = LibraryDatabase.open(join(dir, 'library.db'));
    const store = new ResourceStore(library, () => '2026-11-01T00:00:00.000Z');
    store.upsertCharacter({
      id: MIRA,
      name: 'Mira Vale',
      status: 'ready',
      parameters: {},
      headshot_url: null,
      fullbody_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    for (const [n, prompt] of Object.entries(PROMPTS)) {
      store.upsertGeneration({
        id: uuid(Number(n)),
        type: 'image',
        status: 'completed',
        prompt,
        character_id: MIRA,
        credits_used: 2,
        completed_at: '2026-01-03T00:00:00.000Z',
        error_message: null,
        output: { url: `${CDN}/out-${n}.png`, thumbnail_url: `${CDN}/thumb-${n}.png` },
        created_at: `2026-01-03T00:00:0${n}.000Z`,
      });
    }
    // Read back from the file, as the app does after a restart.
    library.close();
    library = LibraryDatabase.open(join(dir, 'library.db'));
    queries = new LibraryQueryStore(library);
  });

  afterAll(() => {
    library.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const found = (search: string) =>
    queries
      .query({ sort: 'oldest', search }, 0, 50)
      .items.map((item) => item.id)
      .sort();

  const cafes = [uuid(1), uuid(2), uuid(3)];

  it('finds accented words from a search without accents', () => {
    expect(found('cafe')).toEqual(cafes);
    expect(found('CAFE')).toEqual(cafes);
    expect(found('creme brulee')).toEqual([uuid(4)]);
    expect(queries.ids({ sort: 'newest', search: 'cafe' }).sort()).toEqual(cafes);
  });

  it('finds words without accents from an accented search, composed or not', () => {
    expect(found('café')).toEqual(cafes);
    expect(found('Café')).toEqual(cafes);
    expect(found('cafe\u0301')).toEqual(cafes);
    expect(found('crème')).toEqual([uuid(4)]);
  });

  it('still matches a word as it is typed, and nothing that only looks alike', () => {
    expect(found('caf')).toEqual(cafes);
    expect(found('brû')).toEqual([uuid(4)]);
    expect(found('cafes')).toEqual([]);
  });
});
