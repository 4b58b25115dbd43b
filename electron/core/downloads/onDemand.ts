import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Downloader } from './downloader.ts';

/** Which file of an item: its output (what plays, saves and drags out) or its thumbnail (what a tile shows). */
export type MediaRole = 'output' | 'thumbnail';

/**
 * Fetches items' files when someone asks (an opened item, tiles scrolled into view), ahead of the
 * queue and whatever "Download finished media automatically" says: the address comes from the
 * item's mirrored record when no download was recorded yet. Answers the ids whose file is on its way.
 */
export function fetchOnDemand(library: LibraryDatabase, downloader: Downloader, ids: readonly string[], role: MediaRole): string[] {
  const queued: string[] = [];
  for (const id of ids) {
    const row = library.get<{ kind: string; status: string; output_url: string | null; thumbnail_url: string | null; audio_url: string | null }>(
      `SELECT i.kind, i.status, g.output_url, g.thumbnail_url, a.audio_url
         FROM library_items i LEFT JOIN generations g ON g.id = i.id LEFT JOIN audio_tracks a ON a.id = i.id
        WHERE i.id = ?`,
      id,
    );
    if (!row || (row.status !== 'completed' && row.status !== 'ready')) continue;
    const audio = row.kind === 'audio';
    if (audio && role === 'thumbnail') continue;
    const address = audio ? row.audio_url : role === 'output' ? row.output_url : row.thumbnail_url;
    if (downloader.fetchNow(audio ? 'audio' : 'generation', id, role, address)) queued.push(id);
  }
  return queued;
}
