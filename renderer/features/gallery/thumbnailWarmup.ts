import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl } from '../../stores/appInfoStore.ts';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { ItemShapes } from './itemShapes.ts';
import { computeJustifiedLayout } from './justifiedLayout.ts';

/** The content id a tile shows: the thumbnail, or an image's own file once it is here. */
export function thumbSource(item: LibraryItem): string | null {
  return item.thumbId ?? (item.downloaded && (item.kind === 'image' || item.kind === 'character_create') ? item.mediaId : null);
}

/**
 * The items a grid of this size shows at the top: the answered rows laid out as the grid lays them
 * out (their shapes, their date groups, the row height), and the items of every row that starts
 * inside the grid's height. Items a row shares with the ones past the answered page do not change
 * the rows above it.
 */
export function firstScreenItems(items: readonly LibraryItem[], width: number, height: number, rowHeight: number): readonly LibraryItem[] {
  if (width <= 0 || height <= 0 || rowHeight <= 0 || items.length === 0) return [];
  const shapes = new ItemShapes(items.length);
  items.forEach((item, index) => shapes.take(index, item));
  const layout = computeJustifiedLayout({ width, count: items.length, rowHeight, ratioAt: shapes.ratioAt, groupAt: shapes.groupAt });
  let end = 0;
  for (let row = 0; row < layout.rowCount; row += 1) {
    const at = layout.rowAt(row);
    if (!at || at.top >= height) break;
    if (at.kind === 'tiles') end = at.end;
  }
  return items.slice(0, end);
}

/** The grid's size as last laid out: the height its rows have (its top padding taken off). */
let gridSize: { width: number; height: number } | null = null;

/** The grid tells its size here each time it is laid out (GalleryGrid.tsx, in a layout effect). */
export function rememberGridSize(width: number, height: number): void {
  gridSize = width > 0 && height > 0 ? { width, height } : null;
}

/** Pictures asked for ahead, kept until they have loaded so their requests are not dropped. */
const warming = new Set<HTMLImageElement>();

/**
 * The first screen of thumbnails of the rows the app opens on is asked for the moment they answer,
 * before they are rendered (galleryStore.ts calls this for the opening only): the tiles then find
 * each picture on its way or already loaded (the page's memory cache answers the same address at
 * once), instead of asking only once a render of the whole grid is done.
 * Exactly the pictures the grid will show first are asked for, each once (firstScreenItems). Rows
 * that answer before the grid has been laid out ask for nothing here: the window's size, the only
 * other one known, would ask for about half as many again at 1920×1080, and the grid's first
 * measured render, which comes next, asks for its own at the moment a warm-up would.
 */
export function warmFirstThumbnails(items: readonly LibraryItem[], mediaBase: string): void {
  if (typeof Image === 'undefined' || !gridSize) return;
  for (const item of firstScreenItems(items, gridSize.width, gridSize.height, useGalleryViewStore.getState().rowHeight)) {
    const url = mediaUrl(mediaBase, thumbSource(item));
    if (!url) continue;
    const image = new Image();
    image.decoding = 'async';
    const done = () => warming.delete(image);
    image.onload = done;
    image.onerror = done;
    warming.add(image);
    image.src = url;
  }
}
