import { dirname, join } from 'node:path';
import type { Emit } from '../records/resourceKinds.ts';
import { sceneParts, type SceneServices } from '../scenes/sceneServices.ts';
import { sceneView } from '../scenes/sceneViews.ts';
import type { SessionOptions } from '../session/sessionOptions.ts';
import type { SessionStores } from '../session/sessionStores.ts';
import { LazySpaceLink } from './lazySpaceLink.ts';
import type { SpaceAnnouncer } from './spaceDocuments.ts';

/** `library.updated` carries at most this many items at once. */
const ITEMS_PER_EVENT = 500;

/**
 * A session's space link, built once its stores exist: nothing is synced (or loaded) until a
 * membership opens it. The documents are kept beside the profile's library (`spaces/`). `services` is the session,
 * read when another machine's change is announced.
 */
export function createSpaceLink(options: SessionOptions, stores: SessionStores, services: () => SceneServices): LazySpaceLink {
  return new LazySpaceLink({
    library: stores.library,
    folder: join(dirname(stores.library.path), 'spaces'),
    clock: options.clock,
    log: options.log,
    announce: sessionAnnouncer(options.emit, stores, services),
  });
}

/** Another machine's changes, told to the screens with the events they already follow. */
function sessionAnnouncer(emit: Emit, stores: SessionStores, services: () => SceneServices): SpaceAnnouncer {
  return {
    scene: (sceneId) => {
      const parts = sceneParts(services());
      const record = parts.scenes.get(sceneId);
      if (record) emit('scene.updated', sceneView(parts, record));
    },
    sceneRemoved: (sceneId) => emit('scene.removed', { id: sceneId }),
    items: (itemIds) => {
      for (let start = 0; start < itemIds.length; start += ITEMS_PER_EVENT)
        emit('library.updated', { items: stores.queries.items(itemIds.slice(start, start + ITEMS_PER_EVENT)), removedIds: [] });
    },
    collections: () => emit('collections.changed', { collections: stores.queries.collections() }),
    presence: (sceneId, others) => emit('scene.presence', { sceneId, others }),
    castVoice: (characterId) => {
      emit('cast.changed', { characterId, voice: sceneParts(services()).cast.get(characterId) });
      const character = stores.queries.character(characterId);
      if (character) emit('character.updated', character);
    },
  };
}
