import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { insertLine, readScene, writeSceneSettings } from '../../../../../shared/sync/sceneDocument.ts';
import { putCollection, readSpace } from '../../../../../shared/sync/spaceDocument.ts';
import { LOCAL_ORIGIN } from '../../../../../electron/core/spaces/documentOrigins.ts';
import { EnglishUntitled } from '../../../../../electron/core/spaces/englishUntitled.ts';

const SCENE = '4f1c2a7e-8d5b-4c3a-9e2f-1a2b3c4d5e60';

function facts() {
  const held = new Map<string, string>();
  return { held, fact: (key: string) => held.get(key) ?? null, setFact: (key: string, value: string) => void held.set(key, value) };
}

/** A scene document as another machine wrote it: a title, and one line when `withLine`. */
function sceneDoc(title: string, withLine = true): Y.Doc {
  const doc = new Y.Doc();
  writeSceneSettings(doc, { title, aspect: '16:9', quality: 'pro' });
  if (withLine) {
    const line = {
      id: 'line-1',
      kind: 'talk' as const,
      characterId: null,
      voiceId: null,
      text: 'Hello',
      emotion: null,
      talk: null,
      clipItemId: null,
    };
    insertLine(doc, 0, line);
  }
  return doc;
}

/** The origins of the updates `doc` takes while `fn` runs. */
function originsDuring(doc: Y.Doc, fn: () => void): unknown[] {
  const origins: unknown[] = [];
  const note = (_update: Uint8Array, origin: unknown) => origins.push(origin);
  doc.on('update', note);
  fn();
  doc.off('update', note);
  return origins;
}

describe('the English default title in a space’s shared documents', () => {
  it('empties a scene titled exactly "Untitled scene" once, as this machine’s own edit', () => {
    const untitled = new EnglishUntitled(facts(), () => '2026-12-02T16:00:00.000Z');
    const doc = sceneDoc('Untitled scene');
    expect(originsDuring(doc, () => untitled.scene(SCENE, doc))).toEqual([LOCAL_ORIGIN]);
    expect(readScene(doc).title).toBe('');
    // Looked at once: the same words typed later are the creator's title.
    writeSceneSettings(doc, { title: 'Untitled scene' });
    expect(originsDuring(doc, () => untitled.scene(SCENE, doc))).toEqual([]);
    expect(readScene(doc).title).toBe('Untitled scene');
  });

  it('leaves any other title alone, and looks at a document only once its content has arrived', () => {
    const untitled = new EnglishUntitled(facts(), () => '2026-12-02T16:00:00.000Z');
    const numbered = sceneDoc('Untitled scene 2');
    expect(originsDuring(numbered, () => untitled.scene(SCENE, numbered))).toEqual([]);
    expect(readScene(numbered).title).toBe('Untitled scene 2');

    const other = '5f1c2a7e-8d5b-4c3a-9e2f-1a2b3c4d5e61';
    const arriving = new Y.Doc();
    untitled.scene(other, arriving);
    Y.applyUpdate(arriving, Y.encodeStateAsUpdate(sceneDoc('Untitled scene', false)));
    untitled.scene(other, arriving);
    expect(readScene(arriving).title).toBe('');
  });

  it('never empties a scene this machine wrote itself', () => {
    const untitled = new EnglishUntitled(facts(), () => '2026-12-02T16:00:00.000Z');
    const doc = sceneDoc('Untitled scene');
    untitled.written('scene', SCENE);
    untitled.scene(SCENE, doc);
    expect(readScene(doc).title).toBe('Untitled scene');
  });

  it('empties the name of a scene’s own collection only, once', () => {
    const untitled = new EnglishUntitled(facts(), () => '2026-12-02T16:00:00.000Z');
    const space = new Y.Doc();
    putCollection(space, { id: 'k-own', name: 'Untitled scene', characterId: null });
    putCollection(space, { id: 'k-typed', name: 'Untitled scene', characterId: null });
    putCollection(space, { id: 'k-two', name: 'Untitled scene 2', characterId: null });
    const own = new Set(['k-own', 'k-two']);
    expect(originsDuring(space, () => untitled.collections(space, own))).toEqual([LOCAL_ORIGIN]);
    const names = () => Object.fromEntries(readSpace(space).collections.map((c) => [c.id, c.name]));
    expect(names()).toEqual({ 'k-own': '', 'k-typed': 'Untitled scene', 'k-two': 'Untitled scene 2' });
    putCollection(space, { id: 'k-own', name: 'Untitled scene', characterId: null });
    expect(originsDuring(space, () => untitled.collections(space, own))).toEqual([]);
    // A newer collection of this machine's, named otherwise: nothing to write.
    putCollection(space, { id: 'k-new', name: 'Pier shots', characterId: null });
    expect(originsDuring(space, () => untitled.collections(space, new Set([...own, 'k-new'])))).toEqual([]);
    expect(names()['k-new']).toBe('Pier shots');
  });
});
