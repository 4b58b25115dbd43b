import { randomUUID } from 'node:crypto';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { CollectionStore } from './collectionStore.ts';
import { characterOfCollection, type LibraryQueryStore } from './libraryQueryStore.ts';

/** What the collection commands use of the active connection. */
export type CollectionServices = {
  collections: CollectionStore;
  queries: Pick<LibraryQueryStore, 'collections' | 'items'>;
};

export function registerCollectionHandlers(router: Router, deps: { active: () => CollectionServices }): void {
  const { active } = deps;

  router.register('collections.list', () => active().queries.collections());
  router.register('collections.create', (input) => active().collections.create(input.name.trim(), randomUUID()));

  router.register('collections.addItems', (input) => {
    const services = active();
    refuseCharacterCollection(input.id);
    if (!services.collections.exists(input.id)) throw new AppFailure('not_found', { what: 'collection' });
    services.collections.addItems(input.id, input.itemIds);
    router.emit('library.updated', { items: services.queries.items(input.itemIds.slice(0, 500)), removedIds: [] });
    return { ok: true as const };
  });

  router.register('collections.removeItems', (input) => {
    const services = active();
    refuseCharacterCollection(input.id);
    services.collections.removeItems(input.id, input.itemIds);
    router.emit('library.updated', { items: services.queries.items(input.itemIds.slice(0, 500)), removedIds: [] });
    return { ok: true as const };
  });
}

/** A character's collection is its items, by definition: nothing is added to or taken out of it by hand. */
function refuseCharacterCollection(collectionId: string): void {
  if (characterOfCollection(collectionId) !== null) {
    throw new AppFailure('collection_fixed', {});
  }
}
