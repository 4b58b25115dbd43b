import { currentFormats } from '../i18n/currentLocale.ts';

/**
 * Dragging a library item from the gallery into a drop zone. The gallery sets this type with a JSON
 * payload ({ id, kind, mediaId, title }, and `url` when it knows the item's service URL).
 */
export const CAST_ITEM_MIME = 'application/x-cast-item';

/** Something dropped that is not a file: a library item, or a link. */
export type DroppedItem = { url: string | null; itemId: string | null; mediaId: string | null; kind: string | null; title: string };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

const httpsOnly = (url: string | null) => (url && url.startsWith('https://') ? url : null);

export function readDroppedItems(dataTransfer: DataTransfer): DroppedItem[] {
  const raw = dataTransfer.getData(CAST_ITEM_MIME);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') {
        const record = parsed as Record<string, unknown>;
        const itemId = text(record.id);
        return [
          {
            url: httpsOnly(text(record.url)),
            itemId,
            mediaId: text(record.mediaId),
            kind: text(record.kind),
            title: text(record.title) ?? text(record.name) ?? currentFormats().text('ui.drop.libraryItem'),
          },
        ];
      }
    } catch {
      // Not ours after all; read the URI list instead.
    }
  }
  const items: DroppedItem[] = [];
  for (const line of dataTransfer.getData('text/uri-list').split(/\r?\n/)) {
    const url = httpsOnly(line.trim());
    if (url)
      items.push({
        url,
        itemId: null,
        mediaId: null,
        kind: null,
        title: url.split('/').pop() || currentFormats().text('ui.drop.linkedFile'),
      });
  }
  return items;
}

/** Whether a drag in progress carries something a drop zone could take. */
export function dragCarriesDroppable(dataTransfer: DataTransfer): boolean {
  const types = Array.from(dataTransfer.types);
  return types.includes('Files') || types.includes(CAST_ITEM_MIME) || types.includes('text/uri-list');
}
