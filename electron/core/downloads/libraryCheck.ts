import { rmSync } from 'node:fs';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Downloader } from './downloader.ts';
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
  const wanted = new Set<string>();
  const { pending, failed } = downloader.notInPlace();
  const rows = library.all<{ id: string; content_id: string | null; expected_size: number | null }>("SELECT id, content_id, expected_size FROM downloads WHERE state = 'done'");
  for (const row of rows) {
    if (!row.content_id) continue;
    const size = row.expected_size ?? library.get<{ size: number }>('SELECT size FROM media WHERE content_id = ?', row.content_id)?.size ?? -1;
    if (store.has(row.content_id, size)) {
      wanted.add(row.content_id);
      continue;
    }
    missing += 1;
    library.transaction(() => {
      // Un-index first so nothing shows a file that is not there, then fetch it again.
      library.run('UPDATE library_items SET media_id = NULL, media_type = NULL WHERE media_id = ?', row.content_id);
      library.run('UPDATE library_items SET thumb_id = NULL WHERE thumb_id = ?', row.content_id);
      library.run('DELETE FROM media WHERE content_id = ?', row.content_id);
    });
    downloader.requeue(row.id);
    refetched += 1;
  }
  const scan = store.scan();
  let orphans = 0;
  for (const contentId of scan.contentIds) {
    if (wanted.has(contentId)) continue;
    orphans += 1;
    store.remove(contentId);
    library.run('DELETE FROM media WHERE content_id = ? AND NOT EXISTS (SELECT 1 FROM downloads WHERE content_id = ? AND state = ?)', contentId, contentId, 'done');
    removed += 1;
  }
  for (const stray of scan.strays) {
    orphans += 1;
    rmSync(stray, { recursive: true, force: true });
    removed += 1;
  }
  for (const partial of scan.partials) {
    const id = partial.split(/[\\/]/).pop() ?? '';
    const row = library.get<{ state: string }>('SELECT state FROM downloads WHERE id = ?', id);
    // A pending download's partial file is what it resumes from.
    if (row?.state === 'pending') continue;
    rmSync(partial, { force: true });
    removed += 1;
    orphans += 1;
  }
  // Index rows with no download behind them.
  library.run("DELETE FROM media WHERE content_id NOT IN (SELECT content_id FROM downloads WHERE state = 'done' AND content_id IS NOT NULL)");
  return { missing, orphans, refetched, removed, pending, failed };
}

/** Puts every failed download back in line, and every waiting one ahead of its retry wait: "Fetch them again". */
export function refetchAll(library: LibraryDatabase, downloader: Downloader): { queued: number } {
  const ids = library.all<{ id: string }>("SELECT id FROM downloads WHERE state IN ('pending', 'failed')").map((r) => r.id);
  library.relaxedTransaction(() => library.run("UPDATE downloads SET state = 'pending', attempts = 0, error_message = NULL, failure = NULL WHERE state = 'failed'"));
  downloader.connectionBack();
  downloader.retryNow();
  return { queued: ids.length };
}
