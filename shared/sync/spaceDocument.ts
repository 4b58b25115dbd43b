import * as Y from 'yjs';

/**
 * A space's own shared Yjs document (`space/<spaceId>`): what its members share beside the scenes.
 *
 * - map `scenes`: scene id → `{ createdAt }` (the scenes of the space; each is its own document);
 * - map `collections`: collection id → map of `name`, `characterId` and `items` (a map of gallery
 *   item id → the time it was added), so two people adding to one collection both land;
 * - map `favourites`: gallery item id → the time it was marked;
 * - map `castVoices`: character id → `{ voiceId, voiceName, settings }` (one value: the last choice wins);
 * - map `savedViews`: view id → `{ name, filter }` (the gallery filter as a plain object).
 *
 * Sets are maps whose keys are the members, so adding the same thing twice at once is one entry.
 * What another member wrote is read defensively: an entry of the wrong shape is left out.
 */
export const SPACE_DOCUMENT = {
  scenes: 'scenes',
  collections: 'collections',
  collectionFields: { name: 'name', characterId: 'characterId', items: 'items' },
  favourites: 'favourites',
  castVoices: 'castVoices',
  savedViews: 'savedViews',
} as const;

export interface SyncCollection {
  id: string;
  name: string;
  characterId: string | null;
  /** Gallery item ids, oldest addition first. */
  itemIds: string[];
}

export interface SyncCastVoice {
  voiceId: string;
  voiceName: string | null;
  settings: Record<string, unknown>;
}

export interface SyncSavedView {
  id: string;
  name: string;
  filter: Record<string, unknown>;
}

export interface SyncSpace {
  sceneIds: string[];
  collections: SyncCollection[];
  favourites: string[];
  castVoices: Record<string, SyncCastVoice>;
  savedViews: SyncSavedView[];
}

const C = SPACE_DOCUMENT.collectionFields;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stamp = (value: unknown) => (typeof value === 'string' ? value : '');

const scenes = (doc: Y.Doc) => doc.getMap<unknown>(SPACE_DOCUMENT.scenes);
const collections = (doc: Y.Doc) => doc.getMap<unknown>(SPACE_DOCUMENT.collections);
const favourites = (doc: Y.Doc) => doc.getMap<unknown>(SPACE_DOCUMENT.favourites);
const castVoices = (doc: Y.Doc) => doc.getMap<unknown>(SPACE_DOCUMENT.castVoices);
const savedViews = (doc: Y.Doc) => doc.getMap<unknown>(SPACE_DOCUMENT.savedViews);

/** A set map's keys, oldest first (by the time stored with each, then by key). */
function keysByTime(map: Y.Map<unknown>): string[] {
  return [...map.entries()]
    .map(([key, value]) => ({ key, at: isRecord(value) ? stamp(value.createdAt) : stamp(value) }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.key);
}

function collectionOf(id: string, value: unknown): SyncCollection | null {
  if (!(value instanceof Y.Map)) return null;
  const collection = value as Y.Map<unknown>;
  const items = collection.get(C.items);
  const characterId = collection.get(C.characterId);
  return {
    id,
    name: stamp(collection.get(C.name)),
    characterId: typeof characterId === 'string' ? characterId : null,
    itemIds: items instanceof Y.Map ? keysByTime(items as Y.Map<unknown>) : [],
  };
}

function castVoiceOf(value: unknown): SyncCastVoice | null {
  if (!isRecord(value) || typeof value.voiceId !== 'string') return null;
  return {
    voiceId: value.voiceId,
    voiceName: typeof value.voiceName === 'string' ? value.voiceName : null,
    settings: isRecord(value.settings) ? value.settings : {},
  };
}

export function readSpace(doc: Y.Doc): SyncSpace {
  const voices: Record<string, SyncCastVoice> = {};
  for (const [characterId, value] of castVoices(doc).entries()) {
    const voice = castVoiceOf(value);
    if (voice) voices[characterId] = voice;
  }
  return {
    sceneIds: keysByTime(scenes(doc)),
    collections: [...collections(doc).entries()]
      .map(([id, value]) => collectionOf(id, value))
      .filter((collection): collection is SyncCollection => collection !== null)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    favourites: keysByTime(favourites(doc)),
    castVoices: voices,
    savedViews: [...savedViews(doc).entries()]
      .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]) && typeof entry[1].name === 'string')
      .map(([id, view]) => ({ id, name: view.name as string, filter: isRecord(view.filter) ? view.filter : {} }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
  };
}

export function addScene(doc: Y.Doc, sceneId: string, createdAt: string): void {
  scenes(doc).set(sceneId, { createdAt });
}

export function removeScene(doc: Y.Doc, sceneId: string): void {
  scenes(doc).delete(sceneId);
}

/** Makes a collection or renames an existing one (its items stay). */
export function putCollection(doc: Y.Doc, collection: { id: string; name: string; characterId: string | null }): void {
  doc.transact(() => {
    let map = collections(doc).get(collection.id);
    if (!(map instanceof Y.Map)) {
      map = new Y.Map<unknown>();
      collections(doc).set(collection.id, map);
      (map as Y.Map<unknown>).set(C.items, new Y.Map<unknown>());
    }
    (map as Y.Map<unknown>).set(C.name, collection.name);
    (map as Y.Map<unknown>).set(C.characterId, collection.characterId);
  });
}

export function removeCollection(doc: Y.Doc, collectionId: string): void {
  collections(doc).delete(collectionId);
}

/** Adds (`at` is the time) or removes (`at` null) an item of a collection. False when the collection is gone. */
export function setCollectionItem(doc: Y.Doc, collectionId: string, itemId: string, at: string | null): boolean {
  const map = collections(doc).get(collectionId);
  const items = map instanceof Y.Map ? (map as Y.Map<unknown>).get(C.items) : undefined;
  if (!(items instanceof Y.Map)) return false;
  if (at === null) items.delete(itemId);
  else items.set(itemId, at);
  return true;
}

/** Marks (`at` is the time) or unmarks (`at` null) a favourite. */
export function setFavourite(doc: Y.Doc, itemId: string, at: string | null): void {
  if (at === null) favourites(doc).delete(itemId);
  else favourites(doc).set(itemId, at);
}

/** Sets (or with null clears) a character's cast voice. */
export function setCastVoice(doc: Y.Doc, characterId: string, voice: SyncCastVoice | null): void {
  if (voice === null) castVoices(doc).delete(characterId);
  else castVoices(doc).set(characterId, { voiceId: voice.voiceId, voiceName: voice.voiceName, settings: voice.settings });
}

/** Saves (or with null removes) a gallery view. */
export function setSavedView(doc: Y.Doc, viewId: string, view: { name: string; filter: Record<string, unknown> } | null): void {
  if (view === null) savedViews(doc).delete(viewId);
  else savedViews(doc).set(viewId, { name: view.name, filter: view.filter });
}
