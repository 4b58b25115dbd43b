import type { Clock } from '../clock/clock.ts';
import type { Downloader, DownloadRow } from '../downloads/downloader.ts';
import { relinkStoredMedia } from '../downloads/mediaRelinker.ts';
import type { MediaStore } from '../downloads/mediaStore.ts';
import { toJob } from '../jobs/jobStore.ts';
import { JobSalvage, restoreSalvagedJobs } from '../library/jobSalvage.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { LibraryHealth } from '../library/libraryHealth.ts';
import type { LibraryRebuild } from '../library/libraryIntegrity.ts';
import type { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import type { Logger } from '../log/logger.ts';
import type { Emit } from '../records/resourceKinds.ts';
import { readStoredLocalVideos, SceneExportStore } from '../scenes/export/sceneExportStore.ts';
import type { HistorySync } from '../sync/historySync.ts';

export type LibraryRebuilderDeps = {
  /** The library file is new in place of a damaged one (null when it is not). */
  rebuild: LibraryRebuild | null;
  library: LibraryDatabase;
  media: MediaStore;
  queries: LibraryQueryStore;
  health: LibraryHealth;
  sync: HistorySync;
  downloader: Pick<Downloader, 'pump'>;
  /** Owners whose files were found again. */
  relinked: (rows: DownloadRow[]) => void;
  stopped: () => boolean;
  clock: Clock;
  log: Logger;
  emit: Emit;
};

/** Library meta: where the damaged file this library replaces went, while its rebuild is not done. */
const REBUILD_FROM = 'library.rebuild_from';
/** Library meta: how many unfinished jobs came back from the damaged file, and how many could not (JSON), until the rebuild is done. */
const REBUILD_JOBS = 'library.rebuild_jobs';

/**
 * Fills a library started anew after damage: a full sync brings back every record the service
 * has, then the waiting downloads are linked to the files already in the media store (content
 * addressed, so they are found by name and checked by hash), and only the rest are fetched.
 * Until it finishes no paid work is taken; a pass that fails runs again with the next sync.
 */
export class LibraryRebuilder {
  private readonly deps: LibraryRebuilderDeps;
  private running: Promise<void> | null = null;

  constructor(deps: LibraryRebuilderDeps) {
    this.deps = deps;
  }

  /**
   * Kept in the new file until done, so a rebuild cut short (a quit, a profile switch) goes on
   * next time; the jobs salvaged from the damaged file are committed with it, before any send.
   */
  resume(): void {
    const { rebuild, library, log, emit } = this.deps;
    // A rebuild cut short was already said when the library opened (showUnfinished).
    if (!rebuild) return;
    const restored = library.transaction(() => {
      let salvaged: ReturnType<typeof restoreSalvagedJobs> = { restored: [], salvage: { recovered: 0, unreadable: null } };
      try {
        salvaged = restoreSalvagedJobs(library, rebuild.jobs);
      } catch (error) {
        // The salvage is best effort: whatever goes wrong in it, the app starts and says the queue was not read.
        log.warn('The job queue of the damaged library could not be restored.', { error });
      }
      library.setMeta(REBUILD_FROM, rebuild.movedTo);
      library.setMeta(REBUILD_JOBS, JSON.stringify(salvaged.salvage));
      return salvaged.restored;
    });
    if (restored.length) log.info('Jobs were recovered from the damaged library.', { jobs: restored.length });
    for (const job of restored) emit('job.updated', toJob(job));
    this.showUnfinished();
  }

  /**
   * Says, as soon as the library is open and before its session starts, that it is being rebuilt:
   * paid work waits and the banner says so, for a rebuild cut short as for one just begun.
   */
  showUnfinished(): void {
    const rebuildFrom = this.deps.library.meta(REBUILD_FROM);
    if (rebuildFrom !== null) this.deps.health.rebuilding(rebuildFrom, this.salvagedJobs());
  }

  /** The rebuild's pass; one at a time. */
  run(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const { library, log, stopped } = this.deps;
    const movedTo = library.meta(REBUILD_FROM) ?? '';
    try {
      await this.deps.sync.run({ full: true });
      const linked = await relinkStoredMedia(library, this.deps.media, this.deps.clock);
      const kept = await this.keepLocalVideos(movedTo);
      if (stopped()) return;
      const jobs = this.salvagedJobs();
      library.transaction(() => {
        library.setMeta(REBUILD_FROM, null);
        library.setMeta(REBUILD_JOBS, null);
      });
      const items = this.deps.queries.stats().items;
      const relinked = new Set(linked.map((row) => row.content_id)).size;
      this.deps.health.rebuilt(movedTo, { items, relinked }, jobs);
      log.info('The library was rebuilt.', { items, relinked });
      this.deps.relinked(linked);
      if (kept.length) this.deps.emit('library.updated', { items: this.deps.queries.items(kept), removedIds: [] });
      this.deps.downloader.pump();
    } catch (error) {
      if (!stopped()) log.warn('Rebuilding the library did not finish; it continues with the next sync.', { error });
    }
  }

  /**
   * The service has no record of the videos the app made itself (scene exports), so no sync brings
   * them back: they are read from the damaged file (best effort) and kept when their file is still
   * in the media store with its bytes whole. Their collection memberships went with the old file.
   */
  private async keepLocalVideos(movedTo: string): Promise<string[]> {
    const store = new SceneExportStore(this.deps.library);
    const kept: string[] = [];
    for (const video of readStoredLocalVideos(movedTo)) {
      const found = await this.deps.media.findByContent(video.contentId);
      if (!found) continue;
      const now = new Date(this.deps.clock.now()).toISOString();
      store.addLocalVideo({ ...video, size: found.size, path: found.path, collectionId: null, now: video.createdAt || now });
      kept.push(video.itemId);
    }
    if (kept.length) this.deps.log.info('Videos made in the app were kept from the damaged library.', { videos: kept.length });
    return kept;
  }

  /** What the salvage of the damaged file's job queue gave, as recorded when the rebuild began. */
  private salvagedJobs(): JobSalvage | null {
    const text = this.deps.library.meta(REBUILD_JOBS);
    if (text === null) return null;
    try {
      return JobSalvage.parse(JSON.parse(text));
    } catch {
      return null;
    }
  }
}
