import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SceneLineInput } from '../../../../../shared/ipc/scenes.ts';
import { LibraryDatabase, migrate, schemaVersion } from '../../../../../electron/core/library/libraryDatabase.ts';
import { MIGRATIONS } from '../../../../../electron/core/library/migrations/allMigrations.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { CastVoiceStore } from '../../../../../electron/core/cast/castVoiceStore.ts';
import { SceneStore } from '../../../../../electron/core/scenes/sceneStore.ts';
import { tempDir } from '../support/tempDir.ts';
import { ADA, BEN, T, VOICE_A, sceneLibrary } from './sceneLibrary.ts';

function line(text: string, change: Partial<SceneLineInput> = {}): SceneLineInput {
  return { id: randomUUID(), kind: 'talk', characterId: ADA, voiceId: null, text, emotion: null, talk: null, clipItemId: null, ...change };
}

describe('migration 0006: scenes and cast voices', () => {
  it('upgrades a version-5 library with fixture data, and a deleted character takes its cast voice along', () => {
    const path = join(tempDir(), 'library.db');
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS, 5);
    db.prepare("INSERT INTO characters (id, name, status, created_at, raw_json) VALUES (?, 'Ada', 'ready', ?, '{}')").run(ADA, T);
    db.prepare("INSERT INTO characters (id, name, status, created_at, raw_json) VALUES (?, 'Ben', 'ready', ?, '{}')").run(BEN, T);
    db.close();

    const library = LibraryDatabase.open(path);
    expect(schemaVersion(library.db)).toBeGreaterThanOrEqual(6);
    const cast = new CastVoiceStore(library);
    cast.set(ADA, VOICE_A, { emotion: 'happy' }, T);
    cast.set(BEN, VOICE_A, {}, T);
    // A sync writes the character again: its cast voice stays.
    new ResourceStore(library, () => T).upsertCharacter({ id: ADA, name: 'Ada L.', status: 'ready', created_at: T } as never);
    expect(cast.get(ADA)).toMatchObject({ voiceId: VOICE_A, settings: { emotion: 'happy' }, voiceName: null });
    new ResourceStore(library, () => T).remove('character', BEN);
    expect(cast.list().map((v) => v.characterId)).toEqual([ADA]);
    library.close();
  });
});

describe('the scene store on a real SQLite file', () => {
  it('keeps the ordered lines as saved, reorders, edits and removes lines in one update', () => {
    const { library } = sceneLibrary();
    const scenes = new SceneStore(library);
    scenes.insert({ id: 's1', title: 'Pier', aspect: '16:9', quality: 'standard', collectionId: null, createdAt: T, updatedAt: T });
    const [a, b, c] = [
      line('one'),
      line('two', { talk: { duration: 3, expression: 'smile' } }),
      line('three', { kind: 'speech', characterId: null }),
    ];
    scenes.replaceLines('s1', [a, b, c]);
    expect(scenes.lines('s1')).toEqual([a, b, c]);
    const edited = { ...b, text: 'two, again', emotion: 'sad' as const };
    scenes.replaceLines('s1', [c, edited]);
    expect(scenes.lines('s1')).toEqual([c, edited]);
    scenes.update('s1', { title: 'Pier at night', quality: 'pro' }, '2026-11-02T00:00:00.000Z');
    expect(scenes.get('s1')).toMatchObject({
      title: 'Pier at night',
      quality: 'pro',
      aspect: '16:9',
      updatedAt: '2026-11-02T00:00:00.000Z',
    });
    expect(scenes.delete('s1')).toBe(true);
    expect(scenes.get('s1')).toBeNull();
    expect(scenes.lines('s1')).toEqual([]);
    library.close();
  });

  it('saves a 200-line scene as the creator types (one line changed per save)', () => {
    const { library } = sceneLibrary();
    const scenes = new SceneStore(library);
    scenes.insert({ id: 's1', title: 'Long', aspect: '16:9', quality: 'standard', collectionId: null, createdAt: T, updatedAt: T });
    const lines = Array.from({ length: 200 }, (_, i) => line(`Line number ${i} of a long scene.`));
    scenes.replaceLines('s1', lines);
    const saves = 50;
    const started = performance.now();
    for (let i = 0; i < saves; i += 1) {
      lines[i] = { ...lines[i]!, text: `${lines[i]!.text} typed ${i}` };
      library.transaction(() => {
        scenes.update('s1', {}, T);
        scenes.replaceLines('s1', lines);
      });
    }
    const perSave = (performance.now() - started) / saves;
    console.log(`scene_update_200_lines_ms ${perSave.toFixed(2)}`);
    expect(scenes.lines('s1')).toEqual(lines);
    library.close();
  });
});
