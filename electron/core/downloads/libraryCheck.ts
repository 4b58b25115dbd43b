import { rmSync } from 'node:fs';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Downloader } from './downloader.ts';
import { DownloadStore, LOCAL_OWNER } from './downloadStore.ts';
import type { MediaStore } from './mediaStore.ts';

/**
 * `missing`: indexed files that were not on disk (fetched again, or, for a file the app made
 * itself, its item dropped: see `checkLibrary`); `orphans`: files nothing points at
 * (removed); `pending` and `failed`: files not in place yet, waiting in line or failed for good,
 * which `refetchAll` puts back in line when the person asks.
 */
export type CheckResult = { missing: number; orphans: number; refetched: number; removed: number; pending: number; failed: number };

/**
 * Finds and repairs drift between the index and the files: an indexed file that is missing (or the
 * wrong size) is fetched again; a file no download points at is removed. Downloads still waiting
 * and downloads that failed are counted as not in place: the library is not whole while any are.
 *
 * A missing file the app made itself (a scene's exported video) has no source to fetch it from:
 * it counts as missing and its item goes through `forgetLocal` (the gallery drops a video that
 * can never play again; the scene stays, and exporting it again brings the video back).
 */
export function checkLibrary(
  library: LibraryDatabase,
  store: MediaStore,
  downloader: Downloader,
  forgetLocal: (itemIds: string[]) => void = () => {},
): CheckResult {
  const downloads = new DownloadStore(library);
  const { pending, failed } = downloader.notInPlace();
  const { missing, refetched, wanted, localGone } = refetchMissing(library, store, downloader);
  if (localGone.length) forgetLocal(localGone);
  const { orphans, removed } = removeOrphans(store, downloads, wanted);
  // Index rows with no download behind them.
  downloads.dropUnreferencedMedia();
  return { missing, orphans, refetched, removed, pending, failed };
}

/** The finished downloads whose file is not on disk (or not whole): fetched again, or (made here) listed to forget. */
function refetchMissing(
  library: LibraryDatabase,
  store: MediaStore,
  downloader: Downloader,
): { missing: number; refetched: number; wanted: Set<string>; localGone: string[] } {
  const downloads = new DownloadStore(library);
  const wanted = new Set<string>();
  const localGone: string[] = [];
  let missing = 0;
  let refetched = 0;
  for (const row of downloads.allDone()) {
    if (!row.content_id) continue;
    const size = row.expected_size ?? downloads.media(row.content_id)?.size ?? -1;
    if (store.has(row.content_id, size)) {
      wanted.add(row.content_id);
      continue;
    }
    missing += 1;
    if (row.owner_kind === LOCAL_OWNER) {
      localGone.push(row.owner_id);
      continue;
    }
    const contentId = row.content_id;
    // Un-index first so nothing shows a file that is not there, then fetch it again.
    library.transaction(() => downloads.unindex(contentId));
    downloader.requeue(row.id);
    refetched += 1;
  }
  return { missing, refetched, wanted, localGone };
}

/** Files nothing wants, stray files and partial files no waiting download resumes from: removed. */
function removeOrphans(store: MediaStore, downloads: DownloadStore, wanted: Set<string>): { orphans: number; removed: number } {
  const scan = store.scan();
  let orphans = 0;
  let removed = 0;
  for (const contentId of scan.contentIds) {
    if (wanted.has(contentId)) continue;
    orphans += 1;
    store.remove(contentId);
    downloads.dropMediaIfUnreferenced(contentId);
    removed += 1;
  }
  for (const stray of scan.strays) {
    orphans += 1;
    rmSync(stray, { recursive: true, force: true });
    removed += 1;
  }
  for (const partial of scan.partials) {
    const id = partial.split(/[\\/]/).pop() ?? '';
    // A pending download's partial file is what it resumes from.
    if (downloads.stateOf(id) === 'pending') continue;
    rmSync(partial, { force: true });
    removed += 1;
    orphans += 1;
  }
  return { orphans, removed };
}

/** Puts every failed download back in line, and every waiting one ahead of its retry wait: "Fetch them again". */
export function refetchAll(library: LibraryDatabase, downloader: Downloader): { queued: number } {
  const downloads = new DownloadStore(library);
  const ids = downloads.notInPlaceIds();
  library.relaxedTransaction(() => downloads.requeueFailed());
  downloader.connectionBack();
  downloader.retryNow();
  return { queued: ids.length };
}
