import { extensionOfType } from '../../../shared/api/mediaTypes.ts';
import type { LibraryItem, LibraryKind } from '../../../shared/ipc/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

/** Each kind's name, as the catalog's message (a filter chip, a tile's badge). */
export const KIND_LABELS: Record<LibraryKind, MessageId> = {
  image: 'gallery.kind.image',
  video: 'gallery.kind.video',
  talk: 'gallery.kind.talk',
  character_create: 'gallery.kind.portrait',
  audio: 'gallery.kind.audio',
};

/** How to select and open tiles: said once to a new creator (BulkBar.tsx), always to a screen reader (GalleryGrid.tsx). */
export const SELECTION_HELP: MessageId = 'gallery.selectionHelp';

/** The statuses the filter offers, each standing for the generation and audio states it covers. */
export const STATUS_GROUPS = {
  done: { label: 'gallery.status.done', statuses: ['completed', 'ready'] },
  working: { label: 'gallery.status.working', statuses: ['pending', 'processing'] },
  failed: { label: 'gallery.status.failed', statuses: ['failed'] },
} as const satisfies Record<string, { label: MessageId; statuses: readonly string[] }>;
export type StatusGroup = keyof typeof STATUS_GROUPS;

export function statusGroupOf(statuses: readonly string[] | undefined): StatusGroup | '' {
  if (!statuses?.length) return '';
  for (const [group, { statuses: members }] of Object.entries(STATUS_GROUPS)) {
    if (members.length === statuses.length && members.every((status) => statuses.includes(status))) return group as StatusGroup;
  }
  return '';
}

/** A status's words (the catalog's message), or null for a finished item (which needs no badge). */
export function statusBadge(item: Pick<LibraryItem, 'status'>): { label: MessageId; tone: 'working' | 'failed' } | null {
  if (item.status === 'failed') return { label: 'gallery.badge.failed', tone: 'failed' };
  if (item.status === 'pending') return { label: 'gallery.badge.queued', tone: 'working' };
  if (item.status === 'processing' || item.status === 'generating') return { label: 'gallery.badge.processing', tone: 'working' };
  return null;
}

export function isFinished(item: Pick<LibraryItem, 'status'>): boolean {
  return item.status === 'completed' || item.status === 'ready';
}

/** The file name a dragged or saved item gets. */
export function fileNameOf(item: Pick<LibraryItem, 'title' | 'kind' | 'mediaType' | 'id'>): string {
  const extension = extensionOf(item.mediaType, item.kind);
  const base =
    item.title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || item.id;
  return `${base}.${extension}`;
}

/** The extension of an item's media type, or for an item of no known type (not downloaded yet) its kind's usual one. */
function extensionOf(mediaType: string | null, kind: LibraryKind): string {
  const known = mediaType ? extensionOfType(mediaType) : undefined;
  return known ?? (kind === 'audio' ? 'wav' : kind === 'video' || kind === 'talk' ? 'mp4' : 'png');
}
