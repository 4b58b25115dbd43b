import * as Y from 'yjs';
import { SpeechSettings } from '../../../shared/ipc/scenes.ts';
import { isSyncId } from '../../../shared/sync/documentNames.ts';
import {
  addScene,
  putCollection,
  readSpace,
  removeScene,
  setCastVoice,
  setCollectionItem,
  setFavourite,
  SPACE_DOCUMENT,
  type SyncCastVoice,
  type SyncCollection,
} from '../../../shared/sync/spaceDocument.ts';
import type { CastVoiceStore } from '../cast/castVoiceStore.ts';
import { LOCAL_ORIGIN } from './documentOrigins.ts';
import type { LocalChange, LocalChanges } from './localChanges.ts';
import type { SpaceMirrorStore } from './spaceMirrorStore.ts';

type SpaceMirrorDeps = { store: SpaceMirrorStore; cast: CastVoiceStore; changes: LocalChanges; now: () => string };

/** What reading the space's document changed in the library, for the screens to hear of. */
export type SpaceImport = { itemIds: Set<string>; castCharacterIds: string[]; collectionsChanged: boolean };

/**
 * Keeps the space's own document and the library alike: the list of scenes, collections and their
 * items, favourites and cast voices. A local change goes in as the change it is (an item added, a
 * favourite marked); the document is written into the library whole and quietly.
 */
export class SpaceMirror {
  private readonly deps: SpaceMirrorDeps;

  constructor(deps: SpaceMirrorDeps) {
    this.deps = deps;
  }

  /** Writes a local change of the library into the space's document (scene contents are the scene mirror's). */
  exportChange(doc: Y.Doc, change: LocalChange): void {
    doc.transact(() => {
      if (change.kind === 'scene') this.listScene(doc, change.sceneId);
      else if (change.kind === 'sceneRemoved') removeScene(doc, change.sceneId);
      else if (change.kind === 'collection') this.exportCollection(doc, change.collectionId);
      else if (change.kind === 'collectionItems') this.exportItems(doc, change.collectionId, change.itemIds, change.added);
      else if (change.kind === 'favourites') this.exportFavourites(doc, change.itemIds);
      else if (change.kind === 'castVoice') this.exportCastVoice(doc, change.characterId);
    }, LOCAL_ORIGIN);
  }

  /** Writes everything the library holds into the document (a library's first time in this space): nothing is lost. */
  seed(doc: Y.Doc): void {
    const { store, cast } = this.deps;
    doc.transact(() => {
      for (const id of store.sceneIds()) this.listScene(doc, id);
      for (const collection of store.collections()) this.exportCollection(doc, collection.id);
      for (const favourite of store.favourites()) setFavourite(doc, favourite.itemId, favourite.addedAt);
      for (const voice of cast.list()) this.exportCastVoice(doc, voice.characterId);
    }, LOCAL_ORIGIN);
  }

  /** Writes the document's collections, favourites and cast voices into the library. */
  importSpace(doc: Y.Doc): SpaceImport {
    const space = readSpace(doc);
    const result: SpaceImport = { itemIds: new Set(), castCharacterIds: [], collectionsChanged: false };
    this.deps.changes.quietly(() => {
      result.collectionsChanged = this.importCollections(space.collections, result.itemIds);
      this.importFavourites(space.favourites, result.itemIds);
      result.castCharacterIds = this.importCastVoices(space.castVoices);
    });
    return result;
  }

  /** The scene ids the document lists, each with when it was made. */
  listedScenes(doc: Y.Doc): Map<string, string | null> {
    const out = new Map<string, string | null>();
    for (const [id, value] of doc.getMap<unknown>(SPACE_DOCUMENT.scenes).entries()) {
      // Another member's entry names a document: an id that could not be one is left out.
      if (!isSyncId(id)) continue;
      const createdAt = typeof value === 'object' && value !== null ? (value as { createdAt?: unknown }).createdAt : null;
      out.set(id, typeof createdAt === 'string' ? createdAt : null);
    }
    return out;
  }

  private listScene(doc: Y.Doc, sceneId: string): void {
    if (doc.getMap(SPACE_DOCUMENT.scenes).has(sceneId)) return;
    const createdAt = this.deps.store.sceneCreatedAt(sceneId);
    if (createdAt) addScene(doc, sceneId, createdAt);
  }

  private exportCollection(doc: Y.Doc, collectionId: string): void {
    const row = this.deps.store.collection(collectionId);
    if (!row || row.characterId !== null) return;
    putCollection(doc, row);
    const items = this.deps.store.collectionItems(collectionId);
    for (const item of items) setCollectionItem(doc, collectionId, item.itemId, item.addedAt);
  }

  private exportItems(doc: Y.Doc, collectionId: string, itemIds: readonly string[], added: boolean): void {
    const row = this.deps.store.collection(collectionId);
    if (!row || row.characterId !== null) return;
    const inDoc = doc.getMap(SPACE_DOCUMENT.collections).get(collectionId) instanceof Y.Map;
    if (!inDoc) putCollection(doc, row);
    const held = new Map(this.deps.store.collectionItems(collectionId).map((item) => [item.itemId, item.addedAt]));
    for (const itemId of itemIds) {
      const at = held.get(itemId);
      if (added && at) setCollectionItem(doc, collectionId, itemId, at);
      if (!added && !at) setCollectionItem(doc, collectionId, itemId, null);
    }
  }

  private exportFavourites(doc: Y.Doc, itemIds: readonly string[]): void {
    const at = this.deps.now();
    for (const [itemId, favourite] of this.deps.store.favouriteFlags(itemIds)) setFavourite(doc, itemId, favourite ? at : null);
  }

  private exportCastVoice(doc: Y.Doc, characterId: string): void {
    const voice = this.deps.cast.get(characterId);
    setCastVoice(doc, characterId, voice ? { voiceId: voice.voiceId, voiceName: voice.voiceName, settings: { ...voice.settings } } : null);
  }

  private importCollections(collections: SyncCollection[], touched: Set<string>): boolean {
    const { store, now } = this.deps;
    let changed = false;
    const listed = new Set(collections.map((collection) => collection.id));
    for (const row of store.collections()) {
      if (listed.has(row.id)) continue;
      for (const item of store.collectionItems(row.id)) touched.add(item.itemId);
      store.deleteCollection(row.id);
      changed = true;
    }
    for (const collection of collections) {
      if (store.putCollection({ id: collection.id, name: collection.name.slice(0, 200), characterId: null }, now())) changed = true;
      const held = new Set(store.collectionItems(collection.id).map((item) => item.itemId));
      const wanted = new Set(collection.itemIds);
      for (const itemId of collection.itemIds.filter((id) => !held.has(id))) {
        store.addCollectionItem(collection.id, itemId, now());
        touched.add(itemId);
      }
      for (const itemId of [...held].filter((id) => !wanted.has(id))) {
        store.removeCollectionItem(collection.id, itemId);
        touched.add(itemId);
      }
    }
    return changed;
  }

  private importFavourites(favourites: string[], touched: Set<string>): void {
    const { store } = this.deps;
    const wanted = new Set(favourites);
    const held = new Set(store.favourites().map((favourite) => favourite.itemId));
    for (const itemId of favourites) if (!held.has(itemId) && store.setFavourite(itemId, true)) touched.add(itemId);
    for (const itemId of held) if (!wanted.has(itemId) && store.setFavourite(itemId, false)) touched.add(itemId);
  }

  private importCastVoices(voices: Record<string, SyncCastVoice>): string[] {
    const { cast, now } = this.deps;
    const changed: string[] = [];
    for (const held of cast.list()) {
      if (voices[held.characterId]) continue;
      cast.remove(held.characterId);
      changed.push(held.characterId);
    }
    for (const [characterId, voice] of Object.entries(voices)) {
      const parsed = SpeechSettings.safeParse(voice.settings);
      const settings = parsed.success ? parsed.data : {};
      const held = cast.get(characterId);
      if (held && held.voiceId === voice.voiceId && JSON.stringify(held.settings) === JSON.stringify(settings)) continue;
      cast.set(characterId, voice.voiceId.slice(0, 200), settings, now());
      changed.push(characterId);
    }
    return changed;
  }
}
