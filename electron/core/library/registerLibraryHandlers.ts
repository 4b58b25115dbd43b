import { randomUUID } from 'node:crypto';
import { ServiceError } from '../api/serviceError.ts';
import type { CoreContext } from '../coreContext.ts';
import { checkLibrary, refetchAll } from '../downloads/libraryCheck.ts';
import { fetchOnDemand } from '../downloads/onDemand.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { LibraryExports } from './libraryExports.ts';
import { characterOfCollection } from './libraryQueries.ts';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'video/mp4': 'mp4', 'video/webm': 'webm',
  'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg',
};

export function registerLibraryHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  router.register('library.query', (input) => connections.requireSession().queries.query(input.filter, input.offset, input.limit));
  router.register('library.ids', (input) => connections.requireSession().queries.ids(input.filter));
  router.register('library.get', (input) => {
    const item = connections.requireSession().queries.item(input.id);
    if (!item) throw new AppFailure('not_found', 'That item is not in your library. It may have been deleted.');
    return item;
  });

  router.register('library.setFavorite', (input) => {
    const session = connections.requireSession();
    session.library.transaction(() => {
      for (const id of input.ids) session.library.run('UPDATE library_items SET favorite = ? WHERE id = ?', input.favorite ? 1 : 0, id);
    });
    ctx.router.emit('library.updated', { items: session.queries.items(input.ids.slice(0, 500)), removedIds: [] });
    return { ok: true as const };
  });

  router.register('library.delete', async (input) => {
    const session = connections.requireSession();
    let deleted = 0;
    const failed: { id: string; message: string }[] = [];
    for (const id of input.ids) {
      const item = session.queries.item(id);
      if (!item) continue;
      if (!session.canSend()) {
        failed.push({ id, message: 'Deleting needs the service. Try again when you are online.' });
        continue;
      }
      try {
        if (item.kind === 'audio') await session.api.deleteAudio(id);
        else await session.api.deleteGeneration(id);
        session.forget(item.kind === 'audio' ? 'audio' : 'generation', id);
        deleted += 1;
      } catch (error) {
        failed.push({ id, message: error instanceof ServiceError ? error.message : 'This item could not be deleted. Try again.' });
      }
    }
    return { deleted, failed };
  });

  const exports = new LibraryExports({ userDataDir: ctx.userDataDir, emit: (progress) => router.emit('export.progress', progress) });
  router.register('library.export', (input) => {
    const session = connections.requireSession();
    return exports.run(
      {
        ...input,
        source: (id) => {
          const item = session.queries.item(id);
          const file = item?.mediaId ? session.media.resolve(item.mediaId) : null;
          if (!item || !file) return null;
          return { name: `${item.kind}-${slug(item.title)}-${item.id.slice(0, 8)}.${EXTENSIONS[file.contentType] ?? 'bin'}`, path: file.path, size: file.size };
        },
      },
      ctx.clock.now(),
    );
  });
  router.register('library.cancelExport', (input) => ({ cancelled: exports.cancel(input.exportId) }));

  router.register('library.check', () => {
    const session = connections.requireSession();
    return checkLibrary(session.library, session.media, session.downloader);
  });

  router.register('library.refetch', () => {
    const session = connections.requireSession();
    return refetchAll(session.library, session.downloader);
  });

  router.register('library.fetchMedia', (input) => {
    const session = connections.requireSession();
    return { queued: fetchOnDemand(session.library, session.downloader, input.ids, input.role) };
  });

  router.register('library.stats', () => {
    const session = connections.requireSession();
    return { ...session.queries.stats(), path: session.media.root };
  });

  router.register('collections.list', () => connections.requireSession().queries.collections());
  router.register('collections.create', (input) => {
    const session = connections.requireSession();
    const id = randomUUID();
    session.library.run('INSERT INTO collections (id, name, character_id, created_at) VALUES (?, ?, NULL, ?)', id, input.name.trim(), new Date(ctx.clock.now()).toISOString());
    return { id, name: input.name.trim(), characterId: null, count: 0 };
  });
  router.register('collections.addItems', (input) => {
    const session = connections.requireSession();
    refuseCharacterCollection(input.id);
    if (!session.library.get('SELECT 1 AS x FROM collections WHERE id = ?', input.id)) throw new AppFailure('not_found', 'That collection no longer exists.');
    const now = new Date(ctx.clock.now()).toISOString();
    session.library.transaction(() => {
      for (const itemId of input.itemIds) {
        session.library.run('INSERT INTO collection_items (collection_id, item_id, added_at) SELECT ?, id, ? FROM library_items WHERE id = ? ON CONFLICT DO NOTHING', input.id, now, itemId);
      }
    });
    ctx.router.emit('library.updated', { items: session.queries.items(input.itemIds.slice(0, 500)), removedIds: [] });
    return { ok: true as const };
  });
  router.register('collections.removeItems', (input) => {
    const session = connections.requireSession();
    refuseCharacterCollection(input.id);
    session.library.transaction(() => {
      for (const itemId of input.itemIds) session.library.run('DELETE FROM collection_items WHERE collection_id = ? AND item_id = ?', input.id, itemId);
    });
    ctx.router.emit('library.updated', { items: session.queries.items(input.itemIds.slice(0, 500)), removedIds: [] });
    return { ok: true as const };
  });
}

/** A character's collection is its items, by definition: nothing is added to or taken out of it by hand. */
function refuseCharacterCollection(collectionId: string): void {
  if (characterOfCollection(collectionId) !== null) {
    throw new AppFailure('collection_fixed', "A character's collection holds that character's items by itself. Add them to one of your own collections instead.");
  }
}

function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'item';
}
