import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl } from '../../stores/appInfoStore.ts';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { TILE_CAPTION, TILE_GAP } from './justifiedLayout.ts';

/** The content id a tile shows: the thumbnail, or an image's own file once it is here. */
export function thumbSource(item: LibraryItem): string | null {
  return item.thumbId ?? (item.downloaded && (item.kind === 'image' || item.kind === 'character_create') ? item.mediaId : null);
}

/** The service's shapes (spec 4.2 aspect_ratio) average about 1.2 wide for 1 high. */
const MEAN_RATIO = 1.2;

/**
 * About how many tiles a grid of this size shows at this row height: as many tiles a row as fit
 * at the mean shape, shrunk to fill the width as the justified layout does, and as many rows of
 * them (a thumbnail, its caption and the gap each) as the height holds.
 */
export function tilesOnScreen(width: number, height: number, rowHeight: number): number {
  if (width <= 0 || height <= 0 || rowHeight <= 0) return 0;
  const perRow = Math.max(1, Math.ceil(width / (rowHeight * MEAN_RATIO + TILE_GAP)));
  // A full row shrinks its tiles until they fit the width exactly.
  const thumbHeight = Math.min(rowHeight, (width - TILE_GAP * (perRow - 1)) / (perRow * MEAN_RATIO));
  return perRow * Math.ceil(height / (thumbHeight + TILE_CAPTION + TILE_GAP));
}

/** The grid's size as last laid out; until it is (the rows can answer first), the window's. */
let gridSize: { width: number; height: number } | null = null;

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
 * Each address is asked once here; a picture the tiles end up not showing costs one small local read.
 */
export function warmFirstThumbnails(items: readonly LibraryItem[], mediaBase: string): void {
  if (typeof Image === 'undefined' || typeof window === 'undefined') return;
  const { width, height } = gridSize ?? { width: window.innerWidth, height: window.innerHeight };
  const count = tilesOnScreen(width, height, useGalleryViewStore.getState().rowHeight);
  for (const item of items.slice(0, count)) {
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
