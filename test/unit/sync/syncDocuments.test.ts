import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { parseDocumentName, sceneDocumentName, spaceDocumentName } from '../../../shared/sync/documentNames.ts';
import {
  insertLine,
  lineText,
  moveLine,
  readScene,
  removeLine,
  updateLine,
  writeSceneSettings,
} from '../../../shared/sync/sceneDocument.ts';
import {
  addScene,
  putCollection,
  readSpace,
  setCastVoice,
  setCollectionItem,
  setFavourite,
  setSavedView,
} from '../../../shared/sync/spaceDocument.ts';

const line = (id: string, text: string) => ({
  id,
  kind: 'talk' as const,
  characterId: 'char-1',
  voiceId: null,
  text,
  emotion: 'happy',
  talk: { duration: 5, expression: 'smiles' },
  clipItemId: null,
});

/** Two replicas of one document, edited apart and then exchanging their updates (as after being offline). */
function pair(): [Y.Doc, Y.Doc, () => void] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  const exchange = () => {
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
  };
  return [a, b, exchange];
}

describe('document names', () => {
  it('carry the space id and read back', () => {
    expect(parseDocumentName(spaceDocumentName('space-1'))).toEqual({ kind: 'space', spaceId: 'space-1' });
    expect(parseDocumentName(sceneDocumentName('space-1', 'scene_2'))).toEqual({ kind: 'scene', spaceId: 'space-1', sceneId: 'scene_2' });
  });

  it('refuse what is not one of ours', () => {
    for (const name of ['space', 'space/', 'space/a/scene', 'space/a/scene/b/c', 'space/a/other/b', 'space/../b', 'spaces/a', 'space/a b'])
      expect(parseDocumentName(name), name).toBeNull();
    expect(() => sceneDocumentName('a', '../b')).toThrow(/is not 1 to 64 letters/);
  });
});

describe('a scene document', () => {
  it('reads back what was written: settings and ordered lines with their fields', () => {
    const doc = new Y.Doc();
    writeSceneSettings(doc, { title: 'Rooftop', aspect: '9:16', quality: 'high' });
    insertLine(doc, 0, line('b', 'Second'));
    insertLine(doc, 0, line('a', 'First'));
    insertLine(doc, 5, line('c', 'Third'));
    updateLine(doc, 'b', { emotion: null, voiceId: 'voice-9' });
    expect(readScene(doc)).toEqual({
      title: 'Rooftop',
      aspect: '9:16',
      quality: 'high',
      lines: [line('a', 'First'), { ...line('b', 'Second'), emotion: null, voiceId: 'voice-9' }, line('c', 'Third')],
    });
    removeLine(doc, 'a');
    expect(readScene(doc).lines.map((each) => each.id)).toEqual(['b', 'c']);
  });

  it('merges two people typing in one line at once', () => {
    const [a, b, exchange] = pair();
    insertLine(a, 0, line('l', 'Hello world'));
    exchange();
    updateLine(a, 'l', { text: 'Hello there world' });
    updateLine(b, 'l', { text: 'Hello world!' });
    exchange();
    expect(readScene(a).lines[0]?.text).toBe('Hello there world!');
    expect(readScene(b)).toEqual(readScene(a));
  });

  it('keeps one copy of a line two people move at once, with what was typed into it meanwhile', () => {
    const [a, b, exchange] = pair();
    for (const [index, id] of ['x', 'y', 'z'].entries()) insertLine(a, index, line(id, id.toUpperCase()));
    exchange();
    moveLine(a, 'x', 2);
    moveLine(b, 'x', 1);
    lineText(b, 'x')?.insert(1, ' typed');
    exchange();
    const lines = readScene(a).lines;
    expect(lines.map((each) => each.id).sort()).toEqual(['x', 'y', 'z']);
    expect(lines.find((each) => each.id === 'x')?.text).toBe('X typed');
    expect(readScene(b)).toEqual(readScene(a));
  });

  it('keeps lines in order when many go between the same two', () => {
    const doc = new Y.Doc();
    insertLine(doc, 0, line('first', ''));
    insertLine(doc, 1, line('last', ''));
    for (let index = 0; index < 200; index += 1) insertLine(doc, 1, line(`n${index}`, ''));
    const ids = readScene(doc).lines.map((each) => each.id);
    expect(ids[0]).toBe('first');
    expect(ids.at(-1)).toBe('last');
    expect(ids.slice(1, -1)).toEqual(Array.from({ length: 200 }, (_, index) => `n${199 - index}`));
  });

  it('reads a field of the wrong type, written by another member, as its default', () => {
    const doc = new Y.Doc();
    insertLine(doc, 0, line('l', 'Text'));
    const map = doc.getMap<Y.Map<unknown>>('lines').get('l');
    map?.set('kind', 'dance');
    map?.set('characterId', 42);
    map?.set('talk', 'loud');
    map?.set('position', 'first');
    expect(readScene(doc).lines[0]).toMatchObject({ kind: 'talk', characterId: null, talk: null, text: 'Text' });
  });
});

describe('a space document', () => {
  it('reads back scenes, collections with their items, favourites, cast voices and saved views', () => {
    const doc = new Y.Doc();
    addScene(doc, 'scene-2', '2026-01-02T00:00:00Z');
    addScene(doc, 'scene-1', '2026-01-01T00:00:00Z');
    putCollection(doc, { id: 'c1', name: 'Trailers', characterId: null });
    setCollectionItem(doc, 'c1', 'item-2', '2026-01-02T00:00:00Z');
    setCollectionItem(doc, 'c1', 'item-1', '2026-01-01T00:00:00Z');
    putCollection(doc, { id: 'c1', name: 'Trailers, final', characterId: 'char-1' });
    setFavourite(doc, 'item-1', '2026-01-01T00:00:00Z');
    setCastVoice(doc, 'char-1', { voiceId: 'v1', voiceName: 'Warm', settings: { emotion: 'calm' } });
    setSavedView(doc, 'view-1', { name: 'Videos', filter: { kind: 'video' } });
    expect(readSpace(doc)).toEqual({
      sceneIds: ['scene-1', 'scene-2'],
      collections: [{ id: 'c1', name: 'Trailers, final', characterId: 'char-1', itemIds: ['item-1', 'item-2'] }],
      favourites: ['item-1'],
      castVoices: { 'char-1': { voiceId: 'v1', voiceName: 'Warm', settings: { emotion: 'calm' } } },
      savedViews: [{ id: 'view-1', name: 'Videos', filter: { kind: 'video' } }],
    });
    expect(setCollectionItem(doc, 'gone', 'item-1', '2026-01-01T00:00:00Z')).toBe(false);
  });

  it('keeps both additions when two people add to one collection at once', () => {
    const [a, b, exchange] = pair();
    putCollection(a, { id: 'c1', name: 'Shared', characterId: null });
    exchange();
    setCollectionItem(a, 'c1', 'item-a', '2026-01-01T00:00:00Z');
    setCollectionItem(b, 'c1', 'item-b', '2026-01-02T00:00:00Z');
    setFavourite(a, 'item-a', '2026-01-01T00:00:00Z');
    setFavourite(b, 'item-a', '2026-01-01T00:00:01Z');
    exchange();
    expect(readSpace(a).collections[0]?.itemIds).toEqual(['item-a', 'item-b']);
    expect(readSpace(a).favourites).toEqual(['item-a']);
    expect(readSpace(b)).toEqual(readSpace(a));
  });

  it('leaves out entries of the wrong shape', () => {
    const doc = new Y.Doc();
    doc.getMap('castVoices').set('char-1', { voiceName: 'no id' });
    doc.getMap('savedViews').set('v', 'not a view');
    doc.getMap('collections').set('c', 'not a collection');
    expect(readSpace(doc)).toMatchObject({ castVoices: {}, savedViews: [], collections: [] });
  });
});
