import { rmSync } from 'node:fs';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Downloader } from './downloader.ts';
import { DownloadStore } from './downloadStore.ts';
import type { MediaStore } from './mediaStore.ts';

/**
 * `missing`: indexed files that were not on disk (fetched again); `orphans`: files nothing points at
 * (removed); `pending` and `failed`: files not in place yet, waiting in line or failed for good,
 * which `refetchAll` puts back in line when the person asks.
 */
export type CheckResult = { missing: number; orphans: number; refetched: number; removed: number; pending: number; failed: number };

/**
 * Finds and repairs drift between the index and the files: an indexed file that is missing (or the
 * wrong size) is fetched again; a file no download points at is removed. Downloads still waiting
 * and downloads that failed are counted as not in place: the library is not whole while any are.
 */
export function checkLibrary(library: LibraryDatabase, store: MediaStore, downloader: Downloader): CheckResult {
  let missing = 0;
  let refetched = 0;
  let removed = 0;
  const downloads = new DownloadStore(library);
  const wanted = new Set<string>();
  const { pending, failed } = downloader.notInPlace();
  for (const row of downloads.allDone()) {
    if (!row.content_id) continue;
    const size = row.expected_size ?? downloads.media(row.content_id)?.size ?? -1;
    if (store.has(row.content_id, size)) {
      wanted.add(row.content_id);
      continue;
    }
    missing += 1;
    const contentId = row.content_id;
    // Un-index first so nothing shows a file that is not there, then fetch it again.
    library.transaction(() => downloads.unindex(contentId));
    downloader.requeue(row.id);
    refetched += 1;
  }
  const scan = store.scan();
  let orphans = 0;
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
  // Index rows with no download behind them.
  downloads.dropUnreferencedMedia();
  return { missing, orphans, refetched, removed, pending, failed };
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
