import { memo, useEffect, useState, type DragEvent, type MouseEvent } from 'react';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl } from '../../stores/appInfoStore.ts';
import { KIND_LABELS, statusBadge } from './itemLabels.ts';
import { useGalleryStore } from './galleryStore.ts';
import { canDragOut, startMediaDrag } from './mediaDrag.ts';
import { formatDate } from '../../ui/format.ts';

interface GalleryTileProps {
  index: number;
  column: number;
  item: LibraryItem | undefined;
  width: number;
  selected: boolean;
  focused: boolean;
  mediaBase: string | undefined;
  onPick: (index: number, item: LibraryItem, event: MouseEvent) => void;
  onOpen: (item: LibraryItem) => void;
}

export const tileId = (index: number) => `gallery-tile-${index}`;

/** One cell of the gallery grid: thumbnail, badges and caption. */
export const GalleryTile = memo(function GalleryTile({
  index,
  column,
  item,
  width,
  selected,
  focused,
  mediaBase,
  onPick,
  onOpen,
}: GalleryTileProps) {
  const [broken, setBroken] = useState(false);
  const source = item ? thumbSource(item) : null;
  const thumbWanted = item !== undefined && source === null && needsThumbnail(item) ? item.id : null;
  // A tile on screen without its thumbnail asks for it (gathered with its neighbours' asks).
  useEffect(() => {
    if (thumbWanted) useGalleryStore.getState().wantThumbnail(thumbWanted);
  }, [thumbWanted]);
  if (!item) {
    return (
      <div
        id={tileId(index)}
        role="gridcell"
        aria-colindex={column + 1}
        aria-busy="true"
        aria-label="Loading"
        className="gallery-tile is-loading"
        style={{ width }}
      />
    );
  }
  // The thumbnail is fetched on its own, whether or not the full media is on this computer.
  const thumb = !broken ? mediaUrl(mediaBase, source) : null;
  const status = statusBadge(item);
  const onDragStart = (event: DragEvent) => startMediaDrag(event, item, item.downloaded ? mediaUrl(mediaBase, item.mediaId) : null);
  const className = ['gallery-tile', selected ? 'is-selected' : '', focused ? 'is-focused' : ''].filter(Boolean).join(' ');
  // Said after the visible text (axe: the accessible name must include what is shown).
  const unseen = [item.favorite ? 'favorite' : '', item.downloaded || !item.mediaId ? '' : 'not downloaded yet'].filter(Boolean).join(', ');

  return (
    <div
      id={tileId(index)}
      role="gridcell"
      aria-colindex={column + 1}
      aria-selected={selected}
      className={className}
      style={{ width }}
      // A finished item whose file is not here yet is offered too: dragging it fetches the file and says so.
      draggable={canDragOut(item)}
      onDragStart={onDragStart}
      onMouseDown={(event) => {
        // Keep the grid's focus (and its keyboard cursor) where it is; only stop text selection.
        if (event.shiftKey) event.preventDefault();
      }}
      onClick={(event) => onPick(index, item, event)}
      onDoubleClick={() => onOpen(item)}
    >
      <div className="gallery-thumb" style={{ height: width }}>
        {thumb ? (
          <img src={thumb} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setBroken(true)} />
        ) : (
          <div className={`gallery-thumb-empty kind-${item.kind}`} aria-hidden="true">
            <span className="gallery-thumb-glyph">{glyphOf(item.kind)}</span>
            <span className="gallery-thumb-note">{emptyNote(item)}</span>
          </div>
        )}
        <span className="badge gallery-kind">{KIND_LABELS[item.kind]}</span>
        {status && <span className={`badge gallery-status tone-${status.tone}`}>{status.label}</span>}
        {item.favorite && (
          <span className="gallery-favorite" aria-hidden="true">
            ★
          </span>
        )}
        <span className="gallery-check" aria-hidden="true">
          {selected ? '✓' : ''}
        </span>
      </div>
      <div className="gallery-caption">
        <span className="gallery-title">{item.title}</span>
        <span className="gallery-meta">
          {item.characterName ? `${item.characterName} · ` : ''}
          {formatDate(item.createdAt)}
        </span>
        {unseen && <span className="visually-hidden">, {unseen}</span>}
      </div>
    </div>
  );
});

function glyphOf(kind: LibraryItem['kind']): string {
  if (kind === 'audio') return '♪';
  if (kind === 'video' || kind === 'talk') return '▶';
  return '◻';
}

/** The content id a tile shows: the thumbnail, or an image's own file once it is here. */
function thumbSource(item: LibraryItem): string | null {
  return item.thumbId ?? (item.downloaded && (item.kind === 'image' || item.kind === 'character_create') ? item.mediaId : null);
}

/** A finished picture or video whose thumbnail is not here yet (audio has none). */
function needsThumbnail(item: LibraryItem): boolean {
  return (item.status === 'completed' || item.status === 'ready') && item.kind !== 'audio';
}

function emptyNote(item: LibraryItem): string {
  if (item.status === 'failed') return 'Failed';
  if (item.status === 'pending' || item.status === 'processing') return 'Working…';
  if (needsThumbnail(item)) return 'Preview on its way';
  if (!item.downloaded && item.mediaId) return 'Not downloaded yet';
  if (item.kind === 'audio') return 'Audio';
  return 'No preview';
}
