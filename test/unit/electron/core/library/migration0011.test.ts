import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { LibraryDatabase, migrate } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { MIGRATIONS } from '../../../../../electron/core/library/migrations/allMigrations.ts';
import { migration0011 } from '../../../../../electron/core/library/migrations/0011-englishDefaultTitles.ts';
import { SceneStore } from '../../../../../electron/core/scenes/sceneStore.ts';
import { tempDir } from '../support/tempDir.ts';

const T = '2026-11-01T10:00:00.000Z';

/** A version-10 library as core wrote it before portraits and untitled scenes lost their English words. */
function oldLibrary(): string {
  const path = join(tempDir(), 'library.db');
  const db = new DatabaseSync(path);
  migrate(db, MIGRATIONS, 10);
  const character = db.prepare("INSERT INTO characters (id, name, status, created_at, raw_json) VALUES (?, ?, 'ready', ?, '{}')");
  character.run('c-mira', 'Mira Vale', T);
  // A name the creator typed that starts with the word: its portrait, titled by the name alone, keeps it.
  character.run('c-study', 'Character study', T);
  const item = db.prepare(
    "INSERT INTO library_items (id, kind, status, title, prompt, character_id, character_name, created_at) VALUES (?, ?, 'completed', ?, ?, ?, ?, ?)",
  );
  item.run('p-mira', 'character_create', 'Character Mira Vale', null, 'c-mira', 'Mira Vale', '2026-11-01T10:00:01.000Z');
  item.run('p-study', 'character_create', 'Character study', null, 'c-study', 'Character study', '2026-11-01T10:00:02.000Z');
  // A character the mirror no longer holds: the item's own name is the one it was titled from.
  item.run('p-gone', 'character_create', 'Character Ines', null, 'c-gone', 'Ines', '2026-11-01T10:00:03.000Z');
  // No name at all: 0002 wrote "Character " and the store "Character".
  item.run('p-blank', 'character_create', 'Character ', null, null, null, '2026-11-01T10:00:04.000Z');
  item.run('p-blank-trimmed', 'character_create', 'Character', null, null, null, '2026-11-01T10:00:05.000Z');
  // Titled from an older name (renamed since): which name it was is not known, so it is left alone.
  item.run('p-renamed', 'character_create', 'Character Mira', null, 'c-mira', 'Mira Vale', '2026-11-01T10:00:06.000Z');
  // A prompt someone typed, not a portrait.
  item.run('i-prompt', 'image', 'Character Mira Vale', 'Character Mira Vale', 'c-mira', 'Mira Vale', '2026-11-01T10:00:07.000Z');
  const scene = db.prepare(
    "INSERT INTO scenes (id, title, aspect, quality, collection_id, created_at, updated_at) VALUES (?, ?, '16:9', 'pro', ?, ?, ?)",
  );
  scene.run('s-untitled', 'Untitled scene', 'k-untitled', T, T);
  scene.run('s-two', 'Untitled scene 2', 'k-two', T, T);
  scene.run('s-pier', 'The pier', null, T, T);
  const collection = db.prepare('INSERT INTO collections (id, name, character_id, created_at) VALUES (?, ?, ?, ?)');
  collection.run('k-untitled', 'Untitled scene', null, T);
  collection.run('k-two', 'Untitled scene 2', null, T);
  // A collection someone named so by hand, no scene's own.
  collection.run('k-typed', 'Untitled scene', null, T);
  db.close();
  return path;
}

const titles = (library: LibraryDatabase) =>
  Object.fromEntries(
    library.all<{ id: string; title: string }>('SELECT id, title FROM library_items ORDER BY id').map((r) => [r.id, r.title]),
  );
const names = (library: LibraryDatabase) =>
  Object.fromEntries(library.all<{ id: string; name: string }>('SELECT id, name FROM collections ORDER BY id').map((r) => [r.id, r.name]));
const found = (library: LibraryDatabase, search: string) =>
  new LibraryQueryStore(library)
    .query({ sort: 'newest', search }, 0, 20)
    .items.map((i) => i.id)
    .sort();

describe('library migration 0011 (no English default titles)', () => {
  it('titles an old portrait by its character’s name alone and leaves titles a person may have typed', () => {
    const library = LibraryDatabase.open(oldLibrary());
    expect(titles(library)).toEqual({
      'i-prompt': 'Character Mira Vale',
      'p-blank': '',
      'p-blank-trimmed': '',
      'p-gone': 'Ines',
      'p-mira': 'Mira Vale',
      'p-renamed': 'Character Mira',
      'p-study': 'Character study',
    });
    library.close();
  });

  it('keeps search alike: a portrait is found by its name, no longer by the English word', () => {
    const library = LibraryDatabase.open(oldLibrary());
    expect(found(library, 'Mira')).toEqual(['i-prompt', 'p-mira', 'p-renamed']);
    expect(found(library, 'Ines')).toEqual(['p-gone']);
    expect(found(library, 'Character')).toEqual(['i-prompt', 'p-renamed', 'p-study']);
    // The index holds what the rows hold (an external-content FTS5 table checks itself against them).
    expect(() => library.run("INSERT INTO library_fts (library_fts, rank) VALUES ('integrity-check', 1)")).not.toThrow();
    library.close();
  });

  it('leaves a scene and its own collection untitled where core wrote "Untitled scene", and nothing else', () => {
    const library = LibraryDatabase.open(oldLibrary());
    const scenes = new SceneStore(library);
    expect(scenes.get('s-untitled')).toMatchObject({ title: '', updatedAt: T });
    expect(scenes.get('s-two')?.title).toBe('Untitled scene 2');
    expect(scenes.get('s-pier')?.title).toBe('The pier');
    expect(names(library)).toEqual({ 'k-two': 'Untitled scene 2', 'k-typed': 'Untitled scene', 'k-untitled': '' });
    library.close();
  });

  it('changes nothing when it runs again', () => {
    const path = oldLibrary();
    const library = LibraryDatabase.open(path);
    const before = { titles: titles(library), names: names(library), scenes: new SceneStore(library).all() };
    const changesBefore = library.get<{ n: number }>('SELECT total_changes() AS n')?.n;
    library.transaction(() => migration0011.up(library.db, {}));
    expect(library.get<{ n: number }>('SELECT total_changes() AS n')?.n).toBe(changesBefore);
    library.close();
    const again = LibraryDatabase.open(path);
    expect({ titles: titles(again), names: names(again), scenes: new SceneStore(again).all() }).toEqual(before);
    again.close();
  });
});
