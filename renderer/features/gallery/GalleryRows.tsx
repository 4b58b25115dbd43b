import type { MouseEvent } from 'react';
import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import type { Placeholder } from './galleryPlaceholders.ts';
import { GalleryPlaceholder } from './GalleryPlaceholder.tsx';
import { GalleryTile } from './GalleryTile.tsx';
import { TILE_GAP, type JustifiedLayout, type LayoutRow, type RowWindow } from './justifiedLayout.ts';

/** What every tile of the grid is drawn from, beside its own index and row. */
export type GridTiles = {
  layout: JustifiedLayout;
  /** The placeholders that lead the view: index -lead to -1. */
  placeholders: Placeholder[];
  itemAt: (index: number) => LibraryItem | undefined;
  /** The job behind each item still being made, by item id. */
  following: Map<string, Job>;
  now: number;
  selected: ReadonlySet<string>;
  focus: number;
  keyboardIn: boolean;
  mediaBase: string | undefined;
  words: readonly string[];
  onPick: (index: number, item: LibraryItem, event: MouseEvent) => void;
  onOpen: (item: LibraryItem) => void;
  dragIds: (item: LibraryItem) => readonly string[];
  onNaturalSize: (index: number, item: LibraryItem, width: number, height: number) => void;
};

/** The rows of the window in view: date headers and rows of tiles, each placed at its top in the spacer. */
export function GalleryRows({ window: window_, tiles }: { window: RowWindow; tiles: GridTiles }) {
  const rows = [];
  for (let at = window_.first; at <= window_.last; at += 1) {
    const row = tiles.layout.rowAt(at);
    if (!row) continue;
    if (row.kind === 'header')
      rows.push(
        <div
          key={`h${at}`}
          role="row"
          aria-rowindex={at + 1}
          className="gallery-group"
          style={{ top: window_.topOf(at), height: row.height }}
        >
          <span role="rowheader" className="gallery-group-label">
            {row.label}
          </span>
        </div>,
      );
    else
      rows.push(
        <div
          key={`r${row.start}`}
          role="row"
          aria-rowindex={at + 1}
          className="gallery-row"
          style={{ top: window_.topOf(at), height: row.height - TILE_GAP, gap: TILE_GAP }}
        >
          {rowTiles(row, tiles)}
        </div>,
      );
  }
  return rows;
}

/** A row's cells: a placeholder for each index before 0, a tile (or an empty slot) for each item. */
function rowTiles(row: Extract<LayoutRow, { kind: 'tiles' }>, tiles: GridTiles) {
  const { layout, placeholders, itemAt, following, now, selected, focus } = tiles;
  const lead = placeholders.length;
  const cells = [];
  for (let index = row.start; index < row.end; index += 1) {
    const placeholder = index < 0 ? placeholders[lead + index] : undefined;
    if (placeholder) {
      cells.push(
        <GalleryPlaceholder
          key={`job-${placeholder.job.id}`}
          placeholder={placeholder}
          column={index - row.start}
          width={layout.widthOf(index)}
          thumbHeight={row.thumbHeight}
          now={now}
        />,
      );
      continue;
    }
    const item = itemAt(index);
    const job = item ? following.get(item.id) : undefined;
    cells.push(
      <GalleryTile
        key={item?.id ?? `slot-${index}`}
        index={index}
        column={index - row.start}
        item={item}
        width={layout.widthOf(index)}
        thumbHeight={row.thumbHeight}
        selected={item ? selected.has(item.id) : false}
        focused={index === focus}
        actionsByKeyboard={index === focus && tiles.keyboardIn}
        mediaBase={tiles.mediaBase}
        words={tiles.words}
        onPick={tiles.onPick}
        onOpen={tiles.onOpen}
        dragIds={tiles.dragIds}
        onNaturalSize={tiles.onNaturalSize}
        job={job}
        now={job ? now : 0}
      />,
    );
  }
  return cells;
}
