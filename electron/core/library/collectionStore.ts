import type { Collection } from '../../../shared/ipc/index.ts';
import { localChanges } from '../spaces/localChanges.ts';
import type { LibraryDatabase } from './libraryDatabase.ts';

/** What the user arranges in the library: favorites and their own collections. */
export class CollectionStore {
  private readonly library: LibraryDatabase;
  private readonly now: () => string;

  constructor(library: LibraryDatabase, now: () => string) {
    this.library = library;
    this.now = now;
  }

  setFavorite(itemIds: readonly string[], favorite: boolean): void {
    this.library.transaction(() => {
      for (const id of itemIds) this.library.run('UPDATE library_items SET favorite = ? WHERE id = ?', favorite ? 1 : 0, id);
    });
    localChanges(this.library).report({ kind: 'favourites', itemIds, favourite: favorite });
  }

  create(name: string, id: string): Collection {
    this.library.run('INSERT INTO collections (id, name, character_id, created_at) VALUES (?, ?, NULL, ?)', id, name, this.now());
    localChanges(this.library).report({ kind: 'collection', collectionId: id });
    return { id, name, characterId: null, count: 0 };
  }

  exists(id: string): boolean {
    return Boolean(this.library.get('SELECT 1 AS x FROM collections WHERE id = ?', id));
  }

  /** Adds the items the library holds (others are skipped), each once. */
  addItems(id: string, itemIds: readonly string[]): void {
    const now = this.now();
    this.library.transaction(() => {
      for (const itemId of itemIds) {
        this.library.run(
          'INSERT INTO collection_items (collection_id, item_id, added_at) SELECT ?, id, ? FROM library_items WHERE id = ? ON CONFLICT DO NOTHING',
          id,
          now,
          itemId,
        );
      }
    });
    localChanges(this.library).report({ kind: 'collectionItems', collectionId: id, itemIds, added: true });
  }

  removeItems(id: string, itemIds: readonly string[]): void {
    this.library.transaction(() => {
      for (const itemId of itemIds) this.library.run('DELETE FROM collection_items WHERE collection_id = ? AND item_id = ?', id, itemId);
    });
    localChanges(this.library).report({ kind: 'collectionItems', collectionId: id, itemIds, added: false });
  }
}
