import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { invoke } from '../../bridge/invoke.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { CAST_ITEM_MIME } from '../../ui/castItemDrag.ts';
import { fileNameOf, isFinished } from './itemLabels.ts';
import type { Words } from '../../ui/SaidText.tsx';

/** The service's URL of the item's media, which a drop in the studio references without uploading again. */
function serviceUrlOf(item: LibraryItem): string | null {
  return item.remoteUrl?.startsWith('https://') ? item.remoteUrl : null;
}

/**
 * What dragging an item out can do now: carry its file (`file`), wait for a file that is not on
 * this computer yet (`fetch`: the drag is refused, the file is asked for, and the person is told
 * to drag again once it is here), or nothing (`none`: still being made, or failed).
 */
export type DragPlan = { kind: 'file' } | { kind: 'fetch'; reason: Words } | { kind: 'none'; reason: Words };

export function dragPlanOf(item: Pick<LibraryItem, 'status' | 'downloaded' | 'mediaId' | 'title'>): DragPlan {
  if (item.downloaded && item.mediaId) return { kind: 'file' };
  const values = { title: item.title };
  if (isFinished(item)) return { kind: 'fetch', reason: { id: 'gallery.drag.fetching', values } };
  if (item.status === 'failed') return { kind: 'none', reason: { id: 'gallery.drag.failed', values } };
  return { kind: 'none', reason: { id: 'gallery.drag.making', values } };
}

/** Whether a tile or view offers the item for dragging at all (its file is here or can be fetched). */
export function canDragOut(item: Pick<LibraryItem, 'status' | 'downloaded' | 'mediaId' | 'title'>): boolean {
  return dragPlanOf(item).kind !== 'none';
}

/**
 * Starts dragging an item. In Electron a downloaded item leaves as a real file with a person's name
 * (the shell's native drag, `shell.startDrag`), which any app or folder takes; the browser host
 * fills an HTML drag instead (`fillMediaDrag`). An item whose file is not here yet cannot leave as
 * a file: the drag is refused, its media is fetched ahead of the queue, and a note says why.
 */
export function startMediaDrag(
  event: { dataTransfer: DataTransfer; preventDefault: () => void },
  item: LibraryItem,
  localUrl: string | null,
): void {
  const plan = dragPlanOf(item);
  if (plan.kind !== 'file') {
    event.preventDefault();
    const toasts = useToastStore.getState();
    const reason = plan.reason;
    if (plan.kind === 'none') {
      toasts.show(reason);
      return;
    }
    void invoke('library.fetchMedia', { ids: [item.id], role: 'output' }).then((reply) => {
      if (reply.ok) toasts.show(reason);
      else toasts.show(reply.error, 'error');
    });
    return;
  }
  if (useAppInfoStore.getState().info?.host === 'electron' && item.mediaId) {
    event.preventDefault();
    void invoke('shell.startDrag', { mediaId: item.mediaId, fileName: fileNameOf(item) }).then((reply) => {
      if (!reply.ok) useToastStore.getState().show(reply.error, 'error');
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
