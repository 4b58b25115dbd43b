import type * as Y from 'yjs';
import { readScene, writeSceneSettings } from '../../../shared/sync/sceneDocument.ts';
import { putCollection, readSpace } from '../../../shared/sync/spaceDocument.ts';
import { ENGLISH_UNTITLED_SCENE } from '../library/migrations/0011-englishDefaultTitles.ts';
import { LOCAL_ORIGIN } from './documentOrigins.ts';

/** Where a space remembers, on this machine, what it has already looked at (the space's facts). */
export type SpaceFacts = { fact(key: string): string | null; setFact(key: string, value: string): void };

/**
 * Takes the English "Untitled scene" that core stored before the page worded it out of a space's
 * shared documents, as library migration 0011 did in the library (else reading the documents would
 * bring it back). It is an edit every machine receives, so it is made once per scene and per
 * collection, the first time this machine reads the document with its content, and only where the
 * title is exactly the English default: machines that make it at once write the same empty title,
 * a machine on an older version never writes the default back over it (it words an empty title
 * only in its own library), and a title someone types later, "Untitled scene" itself included, is
 * never touched. A collection is changed only by a machine whose scene it belongs to.
 */
export class EnglishUntitled {
  private readonly facts: SpaceFacts;
  private readonly now: () => string;

  constructor(facts: SpaceFacts, now: () => string) {
    this.facts = facts;
    this.now = now;
  }

  /** Empties the scene document's title when it is the English default, the first time its content is read here. */
  scene(sceneId: string, doc: Y.Doc): void {
    const shared = readScene(doc);
    // An empty document's content has not arrived yet: it is looked at when it has.
    if (!shared.title && shared.lines.length === 0) return;
    this.once(`untitled-words/scene/${sceneId}`, () => {
      if (shared.title === ENGLISH_UNTITLED_SCENE) doc.transact(() => writeSceneSettings(doc, { title: '' }), LOCAL_ORIGIN);
    });
  }

  /** A scene or collection this machine wrote into the documents: its title is what the creator has now, never to be emptied later. */
  written(what: 'scene' | 'collection', id: string): void {
    this.once(`untitled-words/${what}/${id}`, () => {});
  }

  /** Empties the name of each of this machine's scenes' collections that still has the English default, once each. */
  collections(spaceDoc: Y.Doc, sceneCollections: ReadonlySet<string>): void {
    for (const collection of readSpace(spaceDoc).collections) {
      if (collection.characterId !== null || !sceneCollections.has(collection.id)) continue;
      this.once(`untitled-words/collection/${collection.id}`, () => {
        if (collection.name !== ENGLISH_UNTITLED_SCENE) return;
        spaceDoc.transact(() => putCollection(spaceDoc, { id: collection.id, name: '', characterId: null }), LOCAL_ORIGIN);
      });
    }
  }

  private once(key: string, fn: () => void): void {
    if (this.facts.fact(key) !== null) return;
    fn();
    this.facts.setFact(key, this.now());
  }
}
