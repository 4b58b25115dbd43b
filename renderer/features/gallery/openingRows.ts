import type { CommandOutput, LibraryFilter, Reply } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { warmFirstThumbnails } from './thumbnailWarmup.ts';

/**
 * Items per `library.query` page; the grid asks for the pages its rows cover. A filter or search
 * waits for its first page, so the page is about three screens of tiles: at 200 the answer (and
 * its JSON) was twice the size for the same first paint, and the p95 from a filter change to the
 * painted result was about 10 ms longer at 100,000 items.
 */
export const PAGE_SIZE = 100;

/** What the gallery shows when it opens: everything, newest first. */
export const DEFAULT_FILTER: LibraryFilter = { sort: 'newest' };

type Rows = Reply<CommandOutput<'library.query'>>;

type Read = { rows: Promise<Rows>; stale: boolean };

/** The opening's first page, asked for by the page's first script; taken once by the gallery. */
let opening: Read | null = null;
/** Taken, and still on its way: a change meanwhile makes it out of date too. */
let taken: Read | null = null;

/**
 * The app opens on the gallery: its first page (the default filter, as the gallery opens) is asked
 * for now, from the page's first small script (app/earlyStart.ts), while the app's code is still
 * arriving and compiling; the first screen of its thumbnails is asked for the moment the rows
 * answer. When the gallery's store asks for the same page, it takes this answer instead of asking
 * again (takeOpeningRows), so the grid's first render has its rows and the pictures are in the
 * page's memory cache or on their way.
 */
export function readOpeningRows(mediaBase: string): void {
  if (opening) return;
  const read = { rows: invoke('library.query', { filter: DEFAULT_FILTER, offset: 0, limit: PAGE_SIZE }), stale: false };
  opening = read;
  void read.rows.then((reply) => {
    if (reply.ok) warmFirstThumbnails(reply.value.items, mediaBase);
  });
}

/**
 * The opening's answer for this exact query, once: null when there was none, when the query is
 * another (a filter was set first), when it failed or the library changed since it was asked; the
 * caller then asks itself.
 */
export async function takeOpeningRows(filter: LibraryFilter, offset: number, limit: number): Promise<Rows | null> {
  const read = opening;
  if (!read) return null;
  opening = null;
  taken = read;
  const same = JSON.stringify(filter) === JSON.stringify(DEFAULT_FILTER) && offset === 0 && limit === PAGE_SIZE;
  const reply = await read.rows;
  if (taken === read) taken = null;
  return same && reply.ok && !read.stale ? reply : null;
}

/**
 * The library changed (app/bridgeEvents.ts, on `library.updated`, including one sent before the app
 * listened: the first script holds it, bridge/invoke.ts's holdEvents). The store follows changes
 * only once it has rows, so an opening answer not taken yet is out of date: the store reads the
 * page again instead.
 */
export function libraryChanged(): void {
  for (const read of [opening, taken]) if (read) read.stale = true;
}

/** Forgets an opening read no one took (tests, a reset of the gallery). */
export function dropOpeningRows(): void {
  opening = null;
  taken = null;
}
