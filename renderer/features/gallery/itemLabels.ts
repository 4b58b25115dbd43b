import { extensionOfType } from '../../../shared/api/mediaTypes.ts';
import type { LibraryItem, LibraryKind } from '../../../shared/ipc/index.ts';

export const KIND_LABELS: Record<LibraryKind, string> = {
  image: 'Image',
  video: 'Video',
  talk: 'Talk',
  character_create: 'Portrait',
  audio: 'Audio',
};

/** How to select and open tiles: said once to a new creator (BulkBar.tsx), always to a screen reader (GalleryGrid.tsx). */
export const SELECTION_HELP = 'Click to select · Shift-click for a range · Ctrl or ⌘-click to add · Enter opens · Space previews';

/** The statuses the filter offers, each standing for the generation and audio states it covers. */
export const STATUS_GROUPS = {
  done: { label: 'Done', statuses: ['completed', 'ready'] },
  working: { label: 'In progress', statuses: ['pending', 'processing'] },
  failed: { label: 'Failed', statuses: ['failed'] },
} as const;
export type StatusGroup = keyof typeof STATUS_GROUPS;

export function statusGroupOf(statuses: readonly string[] | undefined): StatusGroup | '' {
  if (!statuses?.length) return '';
  for (const [group, { statuses: members }] of Object.entries(STATUS_GROUPS)) {
    if (members.length === statuses.length && members.every((status) => statuses.includes(status))) return group as StatusGroup;
  }
  return '';
}

/** A status in words, or null for a finished item (which needs no badge). */
export function statusBadge(item: Pick<LibraryItem, 'status'>): { label: string; tone: 'working' | 'failed' } | null {
  if (item.status === 'failed') return { label: 'Failed', tone: 'failed' };
  if (item.status === 'pending') return { label: 'Queued', tone: 'working' };
  if (item.status === 'processing' || item.status === 'generating') return { label: 'Processing', tone: 'working' };
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
