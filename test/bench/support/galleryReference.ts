import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { LibraryDatabase } from '../../../electron/core/library/libraryDatabase.ts';

/**
 * The gallery benchmark's references: bare pages doing the least the same work needs, measured in
 * the same run by the same in-page functions as the app, so a slow day slows both alike.
 *
 * - Scrolling: the same thumbnails at the same places in a scroller of the same size, as plain
 *   `<img loading="lazy">` elements and nothing else.
 * - Filter and search: the same items as a plain array, filtered in plain JS on each change, the
 *   first screen of results put in the DOM as plain tiles; the controls and attributes the app's
 *   timing reads (`.gallery-kinds` buttons, the search box, `data-total`) are there too.
 */

/** One thumbnail's box in the scroller's content, and its source. */
export type TileBox = { top: number; left: number; width: number; height: number; src: string };
export type ScrollLayout = { width: number; height: number; scrollHeight: number; tiles: TileBox[] };
/** An item as the filter and search see it: its kind, its words in lower case, its thumbnail. */
export type BareItem = { kind: string; text: string; thumb: string | null };

/** The library's items newest first, as the gallery lists them, read from its database. */
export function readItems(userDataDir: string): BareItem[] {
  const library = LibraryDatabase.open(join(userDataDir, 'profiles', 'sandbox', 'library.db'));
  try {
    const rows = library.all<{ kind: string; title: string | null; prompt: string | null; thumb_id: string | null }>(
      'SELECT kind, title, prompt, thumb_id FROM library_items ORDER BY created_at DESC',
    );
    return rows.map((row) => ({ kind: row.kind, text: `${row.title ?? ''} ${row.prompt ?? ''}`.toLowerCase(), thumb: row.thumb_id }));
  } finally {
    library.close();
  }
}

/**
 * A new tab at the app's origin (its media answer that origin only) holding an empty page that
 * the browser answers itself: nothing of the app is loaded.
 */
export async function openBarePage(context: BrowserContext, sameOriginUrl: string): Promise<Page> {
  const page = await context.newPage();
  const url = new URL('/bench-reference', sameOriginUrl).href;
  const body = '<!doctype html><title>reference</title><body style="margin:0"></body>';
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto(url);
  return page;
}

/** In the app's page: every thumbnail within `span` px of the top, found by scrolling down half a screen at a time. */
export async function scrollLayout(span: number): Promise<ScrollLayout> {
  const scroller = document.querySelector('.gallery-scroller') as HTMLElement;
  const box = scroller.getBoundingClientRect();
  const tiles = new Map<string, TileBox>();
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let top = 0; top <= Math.min(span, scroller.scrollHeight); top += scroller.clientHeight / 2) {
    scroller.scrollTop = top;
    for (let wait = 0; wait < 300 && document.querySelector('.gallery-tile.is-loading'); wait += 1) await frame();
    await frame();
    for (const img of scroller.querySelectorAll<HTMLImageElement>('.gallery-tile img')) {
      const r = img.getBoundingClientRect();
      const tile = { top: r.top - box.top + scroller.scrollTop, left: r.left - box.left, width: r.width, height: r.height, src: img.src };
      tiles.set(`${Math.round(tile.top)}:${Math.round(tile.left)}`, tile);
    }
  }
  scroller.scrollTop = 0;
  return { width: box.width, height: box.height, scrollHeight: scroller.scrollHeight, tiles: [...tiles.values()] };
}

/** In the bare page: a scroller of the layout's size holding its images at their places, nothing else. */
export function buildBareScroller(layout: ScrollLayout): void {
  const scroller = document.createElement('div');
  scroller.className = 'gallery-scroller';
  scroller.style.cssText = `position:relative;overflow-y:auto;width:${layout.width}px;height:${layout.height}px`;
  const content = document.createElement('div');
  content.style.cssText = `position:relative;height:${layout.scrollHeight}px`;
  for (const tile of layout.tiles) {
    const img = document.createElement('img');
    Object.assign(img, { src: tile.src, loading: 'lazy', decoding: 'async', alt: '' });
    img.style.cssText = `position:absolute;top:${tile.top}px;left:${tile.left}px;width:${tile.width}px;height:${tile.height}px`;
    content.append(img);
  }
  scroller.append(content);
  document.body.replaceChildren(scroller);
}

/**
 * In the bare page: the kind buttons, the search box and a scroller; each change filters the items
 * in plain JS and puts the first `screen` results in the scroller as plain tiles.
 */
export function buildBareFilter(opts: { items: BareItem[]; mediaBase: string; screen: number }): void {
  document.body.innerHTML =
    '<div class="gallery-kinds"><button>Video</button><button>Image</button></div>' +
    '<input data-testid="gallery-search" aria-label="Search">' +
    '<div class="gallery-scroller" style="height:800px;overflow-y:auto;display:flex;flex-wrap:wrap;gap:8px"></div>';
  const scroller = document.querySelector('.gallery-scroller') as HTMLElement;
  const state = { kind: '', word: '' };
  const tile = (item: BareItem) => {
    const element = document.createElement('div');
    element.className = 'gallery-tile';
    if (item.thumb) element.innerHTML = `<img src="${opts.mediaBase}${item.thumb}" alt="" height="180">`;
    element.append(item.text.slice(0, 40));
    return element;
  };
  const render = () => {
    const found = opts.items.filter((item) => (!state.kind || item.kind === state.kind) && (!state.word || item.text.includes(state.word)));
    scroller.replaceChildren(...found.slice(0, opts.screen).map(tile));
    scroller.setAttribute('data-total', String(found.length));
  };
  for (const button of document.querySelectorAll('button'))
    button.addEventListener('click', () => {
      const kind = (button.textContent ?? '').toLowerCase();
      state.kind = state.kind === kind ? '' : kind;
      render();
    });
  document.querySelector('input')!.addEventListener('input', (event) => {
    state.word = (event.target as HTMLInputElement).value.toLowerCase();
    render();
  });
  render();
}
