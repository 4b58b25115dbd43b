import type { LibraryDatabase } from '../library/libraryDatabase.ts';

export type CollectionRow = { id: string; name: string; characterId: string | null };
export type CollectionItemRow = { itemId: string; addedAt: string };

/**
 * What mirroring a space's document into the library reads and writes beside the scene and cast
 * stores: collections as they are (items the library does not hold yet included: they arrive with a
 * later sync), and favourites by item.
 */
export class SpaceMirrorStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  sceneIds(): string[] {
    return this.library.all<{ id: string }>('SELECT id FROM scenes ORDER BY created_at, id').map((row) => row.id);
  }

  sceneCreatedAt(id: string): string | null {
    return this.library.get<{ created_at: string }>('SELECT created_at FROM scenes WHERE id = ?', id)?.created_at ?? null;
  }

  /** The collections that are a scene's own (made on its first render). */
  sceneCollectionIds(): Set<string> {
    const rows = this.library.all<{ id: string }>('SELECT collection_id AS id FROM scenes WHERE collection_id IS NOT NULL');
    return new Set(rows.map((row) => row.id));
  }

  /** The creator's own collections (a character's collection is its items, never stored). */
  collections(): CollectionRow[] {
    return this.library.all<CollectionRow>(
      'SELECT id, name, character_id AS characterId FROM collections WHERE character_id IS NULL ORDER BY created_at, id',
    );
  }

  collection(id: string): CollectionRow | null {
    return this.library.get<CollectionRow>('SELECT id, name, character_id AS characterId FROM collections WHERE id = ?', id) ?? null;
  }

  collectionItems(id: string): CollectionItemRow[] {
    return this.library.all<CollectionItemRow>(
      'SELECT item_id AS itemId, added_at AS addedAt FROM collection_items WHERE collection_id = ? ORDER BY added_at, item_id',
      id,
    );
  }

  /** Makes the collection or renames it; true when something changed. */
  putCollection(row: CollectionRow, now: string): boolean {
    const before = this.collection(row.id);
    if (before && before.name === row.name && before.characterId === row.characterId) return false;
    this.library.run(
      `INSERT INTO collections (id, name, character_id, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, character_id = excluded.character_id`,
      row.id,
      row.name,
      row.characterId,
      now,
    );
    return true;
  }

  deleteCollection(id: string): void {
    this.library.run('DELETE FROM collections WHERE id = ?', id);
  }

  addCollectionItem(collectionId: string, itemId: string, addedAt: string): void {
    this.library.run(
      'INSERT INTO collection_items (collection_id, item_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      collectionId,
      itemId,
      addedAt,
    );
  }

  removeCollectionItem(collectionId: string, itemId: string): void {
    this.library.run('DELETE FROM collection_items WHERE collection_id = ? AND item_id = ?', collectionId, itemId);
  }

  /** The items marked as favourites, with the time each was made (the library keeps no time of marking). */
  favourites(): CollectionItemRow[] {
    return this.library.all<CollectionItemRow>(
      'SELECT id AS itemId, created_at AS addedAt FROM library_items WHERE favorite = 1 ORDER BY created_at, id',
    );
  }

  /** Of these items, the ones the library holds, each with whether it is a favourite. */
  favouriteFlags(itemIds: readonly string[]): Map<string, boolean> {
    const out = new Map<string, boolean>();
    for (const id of new Set(itemIds)) {
      const row = this.library.get<{ favorite: number }>('SELECT favorite FROM library_items WHERE id = ?', id);
      if (row) out.set(id, row.favorite === 1);
    }
    return out;
  }

  setFavourite(itemId: string, favourite: boolean): boolean {
    return (
      this.library.run('UPDATE library_items SET favorite = ? WHERE id = ? AND favorite <> ?', favourite ? 1 : 0, itemId, favourite ? 1 : 0)
        .changes > 0
    );
  }
}
