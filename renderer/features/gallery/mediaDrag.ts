import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { invoke } from '../../stores/bridgeClient.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { describeError } from '../../errors/errorMessages.ts';
import { CAST_ITEM_MIME } from '../../ui/castItemDrag.ts';
import { fileNameOf } from './itemLabels.ts';

/** The service's URL of the item's media, which a drop in the studio references without uploading again. */
function serviceUrlOf(item: LibraryItem): string | null {
  return item.remoteUrl?.startsWith('https://') ? item.remoteUrl : null;
}

/**
 * Starts dragging an item. In Electron a downloaded item leaves as a real file with a person's name
 * (the shell's native drag, `shell.startDrag`), which any app or folder takes; the browser host
 * fills an HTML drag instead (`fillMediaDrag`).
 */
export function startMediaDrag(event: { dataTransfer: DataTransfer; preventDefault: () => void }, item: LibraryItem, localUrl: string | null): void {
  if (useAppInfoStore.getState().info?.host === 'electron' && item.downloaded && item.mediaId) {
    event.preventDefault();
    void invoke('shell.startDrag', { mediaId: item.mediaId, fileName: fileNameOf(item) }).then((reply) => {
      if (!reply.ok) useToastStore.getState().show(describeError(reply.error), 'error');
    });
    return;
  }
  fillMediaDrag(event.dataTransfer, item, localUrl);
}

/**
 * Fills a drag with the item: `application/x-cast-item` for drops inside Cast Studio (the studio's
 * reference images), `text/uri-list` for other apps, and Chromium's `DownloadURL` so a drop on the
 * desktop or a folder saves the file itself.
 */
export function fillMediaDrag(transfer: DataTransfer, item: LibraryItem, localUrl: string | null): void {
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
