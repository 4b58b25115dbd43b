import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { DownloadRow } from './downloader.ts';
import type { MediaStore } from './mediaStore.ts';

/** Types by the extension of a content-addressed URL (`<cdn>/<sha256>.<ext>`), as the CDN names them. */
const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif',
  mp4: 'video/mp4', webm: 'video/webm', wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4',
};

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
  const pending = library.all<DownloadRow>("SELECT * FROM downloads WHERE state = 'pending'");
  const linked: DownloadRow[] = [];
  for (const row of pending) {
    const named = CONTENT_ADDRESS.exec(row.url);
    const contentId = named?.[1]?.toLowerCase();
    if (!contentId) continue;
    const found = await store.findByContent(contentId);
    if (!found) continue;
    const contentType = EXTENSION_TYPES[named?.[2]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
    const now = new Date(clock.now()).toISOString();
    // The same statements as a download's indexing (Downloader.indexOne): the media row, the
    // download done with its content, and the item's media or thumbnail.
    const done = library.relaxedTransaction(() => {
      const changed = library.run("UPDATE downloads SET state = 'done', content_id = ?, content_type = ?, expected_size = ?, received = ?, error_message = NULL, updated_at = ? WHERE id = ? AND state = 'pending'", contentId, contentType, found.size, found.size, now, row.id);
      if (changed.changes === 0) return false;
      library.run('INSERT INTO media (content_id, size, content_type, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (content_id) DO NOTHING', contentId, found.size, contentType, now);
      if (row.owner_kind === 'generation' || row.owner_kind === 'audio') {
        if (row.role === 'output') library.run('UPDATE library_items SET media_id = ?, media_type = ? WHERE id = ?', contentId, contentType, row.owner_id);
        if (row.role === 'thumbnail') library.run('UPDATE library_items SET thumb_id = ? WHERE id = ?', contentId, row.owner_id);
      }
      return true;
    });
    if (done) linked.push({ ...row, state: 'done', content_id: contentId, content_type: contentType, expected_size: found.size, received: found.size });
  }
  return linked;
}
