import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Downloader } from './downloader.ts';
import { DownloadStore } from './downloadStore.ts';

/** Which file of an item: its output (what plays, saves and drags out) or its thumbnail (what a tile shows). */
export type MediaRole = 'output' | 'thumbnail';

/**
 * Fetches items' files when someone asks (an opened item, tiles scrolled into view), ahead of the
 * queue and whatever "Download finished media automatically" says: the address comes from the
 * item's mirrored record when no download was recorded yet. Answers the ids whose file is on its way.
 */
export function fetchOnDemand(library: LibraryDatabase, downloader: Downloader, ids: readonly string[], role: MediaRole): string[] {
  const downloads = new DownloadStore(library);
  const queued: string[] = [];
  for (const id of ids) {
    const row = downloads.itemSources(id);
    if (!row || (row.status !== 'completed' && row.status !== 'ready')) continue;
    const audio = row.kind === 'audio';
    if (audio && role === 'thumbnail') continue;
    const address = audio ? row.audio_url : role === 'output' ? row.output_url : row.thumbnail_url;
    if (downloader.fetchNow(audio ? 'audio' : 'generation', id, role, address)) queued.push(id);
  }
  return queued;
}
