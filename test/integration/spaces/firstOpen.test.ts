import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sceneDocumentName, spaceDocumentName } from '../../../shared/sync/documentNames.ts';
import { readScene } from '../../../shared/sync/sceneDocument.ts';
import { readSpace } from '../../../shared/sync/spaceDocument.ts';
import { LibraryDatabase } from '../../../electron/core/library/libraryDatabase.ts';
import { openDocument } from '../sync/support/members.ts';
import { tempFolder } from '../sync/support/syncServerProcess.ts';
import { useSyncServer } from '../sync/support/testSyncServer.ts';
import { line, membershipOf, SpaceMachine } from './support/spaceMachine.ts';

const sync = useSyncServer('space-first-server-');

const SCENES = [
  { id: '4f1c2a7e-8d5b-4c3a-9e2f-1a2b3c4d5e60', title: 'Night market', aspect: '16:9', quality: 'pro' },
  { id: '4f1c2a7e-8d5b-4c3a-9e2f-1a2b3c4d5e61', title: 'Rain', aspect: '9:16', quality: 'standard' },
];
const LINES = [
  ['4f1c2a7e-8d5b-4c3a-9e2f-00000000000a', 0, 'talk', 'char-mara', null, 'Two bowls, please.', 'happy', '{"duration":5}', null],
  ['4f1c2a7e-8d5b-4c3a-9e2f-00000000000b', 1, 'speech', null, 'voice-narrator', 'The lanterns came on.', null, null, null],
  ['4f1c2a7e-8d5b-4c3a-9e2f-00000000000c', 2, 'clip', null, null, '', null, null, 'item-2'],
] as const;

/** A library as the app writes it today, before any space: its rows made with today's migrations and plain SQL. */
function fixtureLibrary(file: string): void {
  const library = LibraryDatabase.open(file);
  const at = '2026-11-01T10:00:00.000Z';
  for (const id of ['item-1', 'item-2', 'item-3'])
    library.run("INSERT INTO library_items (id, kind, status, title, created_at) VALUES (?, 'image', 'completed', ?, ?)", id, id, at);
  library.run('UPDATE library_items SET favorite = 1 WHERE id IN (?, ?)', 'item-1', 'item-3');
  for (const scene of SCENES) {
    library.run(
      'INSERT INTO scenes (id, title, aspect, quality, collection_id, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?)',
      scene.id,
      scene.title,
      scene.aspect,
      scene.quality,
      at,
      at,
    );
    for (const [id, position, kind, characterId, voiceId, text, emotion, talk, clip] of LINES)
      library.run(
        `INSERT INTO scene_lines (scene_id, id, position, kind, character_id, voice_id, text, emotion, talk_json, clip_item_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        scene.id,
        `${id.slice(0, -2)}${scene.id.at(-1)}${id.at(-1)}`,
        position,
        kind,
        characterId,
        voiceId,
        `${text}${scene.title === 'Rain' && text ? ' (rain)' : ''}`,
        emotion,
        talk,
        clip,
      );
  }
  library.run("INSERT INTO collections (id, name, character_id, created_at) VALUES ('col-keepers', 'Keepers', NULL, ?)", at);
  library.run(
    "INSERT INTO collection_items (collection_id, item_id, added_at) VALUES ('col-keepers', 'item-1', ?), ('col-keepers', 'item-2', ?)",
    at,
    at,
  );
  library.run(
    "INSERT INTO cast_voices (character_id, voice_id, settings_json, updated_at) VALUES ('char-mara', 'voice-warm', '{\"emotion\":\"sad\"}', ?)",
    at,
  );
  library.run(
    "INSERT INTO cast_voices (character_id, voice_id, settings_json, updated_at) VALUES ('char-vendor', 'voice-gruff', '{}', ?)",
    at,
  );
  library.close();
}

describe("a library's first time in a space", () => {
  it('writes every scene, line, collection, favourite and cast voice into the documents, and through them into another library', async () => {
    const space = `Studio ${Date.now()}`;
    const anaJoined = await sync.member(space, 'Ana');
    const benJoined = await sync.member(space, 'Ben');
    const checkJoined = await sync.member(space, 'Check');
    const folders = [tempFolder('space-first-a-'), tempFolder('space-first-b-')];
    sync.cleanup(() => folders.forEach((folder) => folder.remove()));
    const file = path.join(folders[0]!.path, 'library.db');
    fixtureLibrary(file);

    const a = new SpaceMachine(folders[0]!.path, LibraryDatabase.open(file));
    sync.cleanup(() => a.stop());
    const expectedLines = SCENES.map((scene) => a.scenes.lines(scene.id));
    expect(expectedLines.map((lines) => lines.length)).toEqual([3, 3]);
    await a.open(membershipOf(sync.server.httpUrl, anaJoined, 'Ana'));
    await a.settled();

    // The server's documents, read by a third member.
    const spaceDoc = openDocument(sync.server.url, spaceDocumentName(anaJoined.spaceId), checkJoined.token);
    sync.cleanup(() => spaceDoc.destroy());
    await spaceDoc.synced();
    const shared = readSpace(spaceDoc.doc);
    expect([...shared.sceneIds].sort()).toEqual(SCENES.map((scene) => scene.id));
    expect(shared.collections).toEqual([{ id: 'col-keepers', name: 'Keepers', characterId: null, itemIds: ['item-1', 'item-2'] }]);
    expect([...shared.favourites].sort()).toEqual(['item-1', 'item-3']);
    expect(shared.castVoices).toEqual({
      'char-mara': { voiceId: 'voice-warm', voiceName: null, settings: { emotion: 'sad' } },
      'char-vendor': { voiceId: 'voice-gruff', voiceName: null, settings: {} },
    });
    for (const [index, scene] of SCENES.entries()) {
      const sceneDoc = openDocument(sync.server.url, sceneDocumentName(anaJoined.spaceId, scene.id), checkJoined.token);
      sync.cleanup(() => sceneDoc.destroy());
      await sceneDoc.synced();
      const read = readScene(sceneDoc.doc);
      expect({ title: read.title, aspect: read.aspect, quality: read.quality }).toEqual({
        title: scene.title,
        aspect: scene.aspect,
        quality: scene.quality,
      });
      expect(read.lines).toEqual(expectedLines[index]);
    }

    // Another machine with a library of its own: both end up holding everything.
    const b = new SpaceMachine(folders[1]!.path);
    sync.cleanup(() => b.stop());
    for (const id of ['item-1', 'item-2', 'item-3', 'item-4']) b.addItem(id);
    b.collections.setFavorite(['item-4'], true);
    const ownScene = b.newScene('Ben’s own scene');
    b.scenes.replaceLines(ownScene, [line('Mine, from before.')]);
    await b.open(membershipOf(sync.server.httpUrl, benJoined, 'Ben'));
    await b.until('every scene of A', () =>
      SCENES.every((scene, index) => JSON.stringify(b.scenes.lines(scene.id)) === JSON.stringify(expectedLines[index])),
    );
    await b.until('the favourites', () => b.favourites().join() === 'item-1,item-3,item-4');
    await b.until('the collection', () => b.collectionContents().Keepers?.join() === 'item-1,item-2');
    await b.until('the cast voices', () => b.cast.list().length === 2);
    expect(b.cast.get('char-mara')).toMatchObject({ voiceId: 'voice-warm', settings: { emotion: 'sad' } });
    for (const scene of SCENES)
      expect(b.scenes.get(scene.id)).toMatchObject({
        title: scene.title,
        aspect: scene.aspect,
        quality: scene.quality,
        createdAt: '2026-11-01T10:00:00.000Z',
      });
    await a.until('B’s own scene on A', () => a.scenes.lines(ownScene)[0]?.text === 'Mine, from before.');
    await a.until('B’s favourite on A', () => a.favourites().includes('item-1'));
    expect(a.scenes.get(ownScene)?.title).toBe('Ben’s own scene');
  });
});
