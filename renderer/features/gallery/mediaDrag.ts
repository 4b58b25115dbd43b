import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { CAST_ITEM_MIME } from '../../ui/castItemDrag.ts';
import { fileNameOf } from './itemLabels.ts';

/** The service URL of an item's media, when the library kept it among the options. */
function serviceUrlOf(item: LibraryItem): string | null {
  for (const key of ['url', 'output_url', 'audio_url']) {
    const value = item.options[key];
    if (typeof value === 'string' && value.startsWith('https://')) return value;
  }
  return null;
}

/**
 * Fills a drag with the item: `application/x-cast-item` for drops inside Cast Studio (the studio's
 * reference images), `text/uri-list` for other apps, and Chromium's `DownloadURL` so a drop on the
 * desktop or a folder saves the file itself.
 */
export function startMediaDrag(transfer: DataTransfer, item: LibraryItem, localUrl: string | null): void {
  const absolute = localUrl ? new URL(localUrl, window.location.href).href : null;
  const serviceUrl = serviceUrlOf(item);
  const url = serviceUrl ?? absolute ?? '';
  const payload = { id: item.id, kind: item.kind, mediaId: item.mediaId, title: item.title, ...(serviceUrl ? { url: serviceUrl } : {}) };
  transfer.effectAllowed = 'copy';
  transfer.setData(CAST_ITEM_MIME, JSON.stringify(payload));
  if (url) transfer.setData('text/uri-list', url);
  transfer.setData('text/plain', url || item.title);
  if (absolute) transfer.setData('DownloadURL', `${item.mediaType ?? 'application/octet-stream'}:${fileNameOf(item)}:${absolute}`);
}
