import { typeOfExtension } from '../../../shared/api/mediaTypes.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { DownloadStore, type DownloadRow } from './downloadStore.ts';
import type { MediaStore } from './mediaStore.ts';

/**
 * A source (a whole address, or one kept relative to the CDN) whose last part names its content:
 * `…/<sha256>.<ext>`, with or without a query.
 */
const CONTENT_ADDRESS = /(?:^|\/)([0-9a-f]{64})(?:\.([a-z0-9]+))?(?:\?.*)?$/i;

/**
 * After a damaged library is rebuilt, links the waiting downloads to files already in the media
 * store: a URL that names its content's SHA-256 (the CDN's content addresses) whose file is in
 * the store with those bytes is indexed as done, exactly as a finished download would be, so
 * nothing is downloaded again. Returns the rows it linked; the rest download as usual.
 */
export async function relinkStoredMedia(library: LibraryDatabase, store: MediaStore, clock: Clock): Promise<DownloadRow[]> {
  const downloads = new DownloadStore(library);
  const pending = downloads.allPending();
  const linked: DownloadRow[] = [];
  for (const row of pending) {
    const named = CONTENT_ADDRESS.exec(row.url);
    const contentId = named?.[1]?.toLowerCase();
    if (!contentId) continue;
    const found = await store.findByContent(contentId);
    if (!found) continue;
    const contentType = typeOfExtension(named?.[2] ?? '') ?? 'application/octet-stream';
    const now = new Date(clock.now()).toISOString();
    // Indexed as a finished download is (Downloader's indexing), unless it stopped waiting meanwhile.
    const done = library.relaxedTransaction(() => downloads.markDone(row, { contentId, size: found.size, contentType }, now, true));
    if (done)
      linked.push({
        ...row,
        state: 'done',
        content_id: contentId,
        content_type: contentType,
        expected_size: found.size,
        received: found.size,
      });
  }
  return linked;
}
