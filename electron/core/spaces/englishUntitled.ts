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
    const key = factOf('scene', sceneId);
    if (this.facts.fact(key) !== null) return;
    const { title, lines } = readScene(doc);
    // An empty document's content has not arrived yet: it is looked at when it has.
    if (!title && lines.length === 0) return;
    if (title === ENGLISH_UNTITLED_SCENE) doc.transact(() => writeSceneSettings(doc, { title: '' }), LOCAL_ORIGIN);
    this.facts.setFact(key, this.now());
  }

  /** A scene or collection this machine wrote into the documents: its title is what the creator has now, never to be emptied later. */
  written(what: 'scene' | 'collection', id: string): void {
    const key = factOf(what, id);
    if (this.facts.fact(key) === null) this.facts.setFact(key, this.now());
  }

  /**
   * Empties the name of each of this machine's scenes' collections that still has the English
   * default, once each (a collection is this machine's, so the document holds it from the first).
   */
  collections(spaceDoc: Y.Doc, sceneCollections: ReadonlySet<string>): void {
    const unseen = [...sceneCollections].filter((id) => this.facts.fact(factOf('collection', id)) === null);
    if (unseen.length === 0) return;
    const english = readSpace(spaceDoc).collections.filter(
      (collection) => collection.characterId === null && collection.name === ENGLISH_UNTITLED_SCENE && unseen.includes(collection.id),
    );
    if (english.length > 0) {
      spaceDoc.transact(() => {
        for (const { id } of english) putCollection(spaceDoc, { id, name: '', characterId: null });
      }, LOCAL_ORIGIN);
    }
    for (const id of unseen) this.facts.setFact(factOf('collection', id), this.now());
  }
}

/** The space's fact that this machine has looked at a scene's or collection's title. */
function factOf(what: 'scene' | 'collection', id: string): string {
  return `untitled-words/${what}/${id}`;
}
