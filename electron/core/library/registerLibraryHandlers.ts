import { appError, type AppError } from '../../../shared/ipc/index.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { Clock } from '../clock/clock.ts';
import { checkLibrary, refetchAll } from '../downloads/libraryCheck.ts';
import type { Downloader } from '../downloads/downloader.ts';
import type { MediaStore } from '../downloads/mediaStore.ts';
import { fetchOnDemand } from '../downloads/onDemand.ts';
import { AppFailure, toAppError } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { RecordFlow } from '../records/recordFlow.ts';
import { SceneExportStore } from '../scenes/export/sceneExportStore.ts';
import type { CollectionStore } from './collectionStore.ts';
import type { LibraryDatabase } from './libraryDatabase.ts';
import { LibraryExports } from './libraryExports.ts';
import { extensionOfType } from '../../../shared/api/mediaTypes.ts';
import type { LibraryQueryStore } from './libraryQueryStore.ts';

/** What the library commands use of the active connection. */
export type LibraryServices = {
  canSend(): boolean;
  api: Pick<ApiClient, 'deleteAudio' | 'deleteGeneration'>;
  queries: Pick<LibraryQueryStore, 'query' | 'ids' | 'item' | 'items' | 'stats'>;
  collections: Pick<CollectionStore, 'setFavorite'>;
  records: Pick<RecordFlow, 'forget'>;
  library: LibraryDatabase;
  media: MediaStore;
  downloader: Downloader;
};

type Active = () => LibraryServices;

export function registerLibraryHandlers(router: Router, deps: { active: Active; clock: Clock; userDataDir: string }): void {
  registerItemHandlers(router, deps.active);
  registerExportHandlers(router, deps);
  registerMediaHandlers(router, deps.active);
}

/** The gallery's items: pages, ids, one item, favorites and deletes. */
function registerItemHandlers(router: Router, active: Active): void {
  router.register('library.query', (input) => active().queries.query(input.filter, input.offset, input.limit));
  router.register('library.ids', (input) => active().queries.ids(input.filter));
  router.register('library.get', (input) => {
    const item = active().queries.item(input.id);
    if (!item) throw new AppFailure('not_found', { what: 'library_item' });
    return item;
  });

  router.register('library.setFavorite', (input) => {
    const services = active();
    services.collections.setFavorite(input.ids, input.favorite);
    router.emit('library.updated', { items: services.queries.items(input.ids.slice(0, 500)), removedIds: [] });
    return { ok: true as const };
  });

  router.register('library.delete', async (input) => {
    const services = active();
    const local = new SceneExportStore(services.library);
    let deleted = 0;
    const failed: { id: string; error: AppError }[] = [];
    const localIds = new Set(input.ids.filter((id) => local.isLocalItem(id)));
    // Items made here (a scene's exported video) are the app's alone: deleted here, online or not.
    forgetLocalItems(router, services, [...localIds]);
    deleted += localIds.size;
    for (const id of input.ids) {
      const item = localIds.has(id) ? undefined : services.queries.item(id);
      if (!item) continue;
      if (!services.canSend()) {
        failed.push({ id, error: appError('offline', { doing: 'delete_item' }) });
        continue;
      }
      try {
        if (item.kind === 'audio') await services.api.deleteAudio(id);
        else await services.api.deleteGeneration(id);
        services.records.forget(item.kind === 'audio' ? 'audio' : 'generation', id);
        deleted += 1;
      } catch (error) {
        failed.push({ id, error: toAppError(error) });
      }
    }
    return { deleted, failed };
  });
}

/**
 * Forgets local items (rows, collection memberships, download) and removes, after the commit,
 * the files no other item shares; the gallery hears of it as of any deletion.
 */
function forgetLocalItems(router: Router, services: LibraryServices, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const local = new SceneExportStore(services.library);
  for (const id of ids) {
    for (const contentId of local.forgetLocalItem(id)) services.media.remove(contentId);
  }
  router.emit('library.updated', { items: [], removedIds: [...ids] });
}

function registerExportHandlers(router: Router, deps: { active: Active; clock: Clock; userDataDir: string }): void {
  const exports = new LibraryExports({ userDataDir: deps.userDataDir, emit: (progress) => router.emit('export.progress', progress) });
  router.register('library.export', (input) => {
    const services = deps.active();
    return exports.run(
      {
        ...input,
        source: (id) => {
          const item = services.queries.item(id);
          const file = item?.mediaId ? services.media.resolve(item.mediaId) : null;
          if (!item || !file) return null;
          return {
            name: `${item.kind}-${slug(item.title)}-${item.id.slice(0, 8)}.${extensionOfType(file.contentType) ?? 'bin'}`,
            path: file.path,
            size: file.size,
          };
        },
      },
      deps.clock.now(),
    );
  });
  router.register('library.cancelExport', (input) => ({ cancelled: exports.cancel(input.exportId) }));
}

/** The library's files: the check, fetching again, fetching on demand and what they take on disk. */
function registerMediaHandlers(router: Router, active: Active): void {
  router.register('library.check', () => {
    const services = active();
    return checkLibrary(services.library, services.media, services.downloader, (ids) => forgetLocalItems(router, services, ids));
  });

  router.register('library.refetch', () => {
    const services = active();
    return refetchAll(services.library, services.downloader);
  });

  router.register('library.fetchMedia', (input) => {
    const services = active();
    return { queued: fetchOnDemand(services.library, services.downloader, input.ids, input.role) };
  });

  router.register('library.stats', () => {
    const services = active();
    return { ...services.queries.stats(), path: services.media.root };
  });
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'item'
  );
}
