import { create, type StoreApi } from 'zustand';
import type { AppError, LibraryFilter, LibraryItem } from '../../../shared/ipc/index.ts';
import { COMMAND_LIMITS } from '../../../shared/api/limits.ts';
import { invoke } from '../../bridge/invoke.ts';
import { PAGE_SIZE } from './itemShapes.ts';
import { warmFirstThumbnails } from './thumbnailWarmup.ts';

// Items per `library.query` page (itemShapes.ts, which numbers the pages' items, says why 100).
export { PAGE_SIZE };
/**
 * Pages kept beyond each side of the pages on screen. Farther pages are dropped as the view moves,
 * so a long scroll does not leave the library it passed in memory (issue 8: heap growth ≤ 10 %);
 * at 100 items a page this still covers about ten screens either way.
 */
const NEAR_PAGES = 3;
const REFRESH_DEBOUNCE_MS = 300;

export const DEFAULT_FILTER: LibraryFilter = { sort: 'newest' };

interface GalleryState {
  filter: LibraryFilter;
  /** What the search box holds; it reaches `filter.search` as it is typed. */
  searchText: string;
  /**
   * Bumped whenever the result set changes meaning: it names the pages in flight and the shapes the
   * grid lays out. Which answers count is decided by the order they were asked in (`order` below).
   */
  epoch: number;
  /**
   * Whether `total` and `pages` answer the current epoch. Until the first page of a new filter
   * arrives, the previous results stay on screen rather than an empty grid flashing between them.
   */
  answered: boolean;
  /** The epoch `total` and `pages` answer: the result set on screen, which the grid lays out. */
  shownEpoch: number;
  /** The search words of the result set on screen, which its tiles mark. */
  shownSearch: string | undefined;
  total: number | null;
  pages: Readonly<Record<number, readonly LibraryItem[]>>;
  visible: { first: number; last: number };
  /** Why the page could not be read, worded where it is shown. */
  error: AppError | null;

  setFilter: (patch: Partial<LibraryFilter>) => void;
  clearFilter: () => void;
  setSearchText: (text: string) => void;
  /** Called by the grid with the item indexes it shows; loads the pages they fall in. */
  showRange: (first: number, last: number) => void;
  /** Re-reads the count and the pages on screen (after bulk changes or `library.updated`). */
  refresh: () => Promise<void>;
  /**
   * The gallery screen opens: a result shown before is read again; the first time, the first page
   * is asked once, shared with the grid's first `showRange`.
   */
  enter: () => Promise<void>;
  /**
   * While the app starts: the first page of the gallery's first view is asked once, so that the
   * gallery opens on its rows (and their thumbnails are asked for) without a round trip to core first;
   * `enter` then reads it again as for any result shown before, unless `opening`: the app is opening
   * on the gallery now, and the gallery opened moments later shows it as it came. Nothing is asked
   * once a result is shown or on its way. Opening, with `mediaBase` (where the library's files are
   * served), the first screen's thumbnails are asked for as the rows answer (thumbnailWarmup.ts).
   */
  readAhead: (opening?: boolean, mediaBase?: string) => void;
  applyUpdate: (items: readonly LibraryItem[], removedIds: readonly string[]) => void;
  patchItems: (ids: readonly string[], patch: Partial<LibraryItem>) => void;
  itemAt: (index: number) => LibraryItem | undefined;
  indexOf: (id: string) => number;
  /**
   * A tile on screen has no thumbnail yet: its thumbnail is fetched ahead of the queue. Asks are
   * gathered for a moment and sent together (one `library.fetchMedia` for a screenful), each item
   * once, one request at a time.
   */
  wantThumbnail: (id: string) => void;
  reset: () => void;
}

/** Tiles' thumbnail asks: gathered for a moment, at most THUMB_BATCH ids a request, each id asked once. */
const THUMB_WAIT_MS = 120;
const THUMB_BATCH = COMMAND_LIMITS.fetchMediaIds;
/** Ids already asked for are remembered up to this many (then forgotten, oldest first). */
const THUMB_ASKED_MAX = 5_000;
let thumbs = {
  wanted: new Set<string>(),
  asked: new Set<string>(),
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  busy: false,
};

let inflight = new Set<string>();
/**
 * Answers count in the order their queries were asked, not the order they come back: under load a
 * re-read asked after an item landed can answer after one asked before it. Every query takes the
 * next number (`asked`). Answers asked at or before `since` belong to a result set replaced since
 * (another filter, or a re-read whose offsets supersede theirs) and are dropped; the count on screen
 * came from answer number `counted`, and only a later-asked answer replaces it.
 */
let order = { asked: 0, since: 0, counted: 0 };
/** Drops every answer asked so far (numbers keep rising, so nothing asked before can pass for newer). */
function dropAnswersAsked(): void {
  order = { asked: order.asked, since: order.asked, counted: order.asked };
}
/** The first page of the newest filter: at most one asked at a time, the latest waiting behind it. */
let head = { busy: false, again: false };
/**
 * When the result on screen (or on its way) was read ahead for the app opening on the gallery, while
 * the gallery has not been opened since (0 otherwise). Opened within READ_AHEAD_FRESH_MS of it, the
 * gallery shows it as it came rather than reading it again while its thumbnails load; opened later
 * (the person went elsewhere first), it reads it again as any result shown before.
 */
let readAheadAt = 0;
const READ_AHEAD_FRESH_MS = 5_000;
/**
 * The app is opening on the gallery: the first screen's thumbnails are asked for (from this media
 * base) the moment its rows answer, while the page is still busy with its first render
 * (thumbnailWarmup.ts). A filter's rows are rendered within milliseconds of their answer, so
 * there the tiles ask for their own.
 */
let warmFrom: string | null = null;
/** The opening's first rows, however they came (the first page, or a re-read that replaced it). */
function warmIfOpening(items: readonly LibraryItem[] | undefined): void {
  if (warmFrom === null || !items) return;
  warmFirstThumbnails(items, warmFrom);
  warmFrom = null;
}
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

const initial = {
  filter: DEFAULT_FILTER,
  searchText: '',
  epoch: 0,
  answered: false,
  shownEpoch: 0,
  shownSearch: undefined,
  total: null,
  pages: {},
  visible: { first: 0, last: 0 },
  error: null,
};

type SetGallery = StoreApi<GalleryState>['setState'];
type GetGallery = StoreApi<GalleryState>['getState'];

export const useGalleryStore = create<GalleryState>()((set, get) => {
  const loader = pageLoader(set, get);
  return {
    ...initial,
    ...viewActions(set, get, loader),
    ...readActions(set, get, loader),
    ...itemActions(set, get),

    wantThumbnail: (id) => {
      if (thumbs.asked.has(id) || thumbs.wanted.has(id)) return;
      thumbs.wanted.add(id);
      if (thumbs.timer === undefined && !thumbs.busy) thumbs.timer = setTimeout(() => void sendThumbnailAsks(), THUMB_WAIT_MS);
    },

    reset: () => {
      clearTimeout(thumbs.timer);
      thumbs = { wanted: new Set(), asked: new Set(), timer: undefined, busy: false };
      clearTimeout(refreshTimer);
      inflight = new Set();
      dropAnswersAsked();
      head = { busy: false, again: false };
      readAheadAt = 0;
      warmFrom = null;
      set(initial);
    },
  };
});

type PageLoader = ReturnType<typeof pageLoader>;

/** How pages are asked for: one page of a result set, the first page of the newest filter, a new filter. */
function pageLoader(set: SetGallery, get: GetGallery) {
  async function loadPage(page: number, epoch: number): Promise<void> {
    const key = `${epoch}:${page}`;
    if (inflight.has(key)) return;
    inflight.add(key);
    const { filter } = get();
    const asked = ++order.asked;
    const reply = await invoke('library.query', { filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
    inflight.delete(key);
    if (asked <= order.since) return;
    if (!reply.ok) return set({ error: reply.error });
    const result = reply.value;
    const total = countFrom(asked, result.total);
    if (page === 0) warmIfOpening(result.items);
    set((state) =>
      state.answered
        ? { total: total ?? state.total, pages: nearby({ ...state.pages, [page]: result.items }, state.visible), error: null }
        : {
            total: total ?? state.total,
            pages: { [page]: result.items },
            answered: true,
            shownEpoch: state.epoch,
            shownSearch: filter.search,
            error: null,
          },
    );
  }

  /**
   * Asks for the first page of the current filter. Typing fast restarts the filter on every key: one
   * query runs, the newest waits, and the ones typed over in between are never sent (each restart
   * drops the answers asked before it, so the running one's is dropped too).
   */
  async function loadHead(): Promise<void> {
    if (head.busy) {
      head.again = true;
      return;
    }
    const current = head;
    current.busy = true;
    try {
      do {
        current.again = false;
        await loadPage(0, get().epoch);
      } while (current.again && !get().answered && head === current);
    } finally {
      current.busy = false;
    }
  }

  function restart(filter: LibraryFilter): void {
    dropAnswersAsked();
    set({ filter, epoch: get().epoch + 1, answered: false, error: null, visible: { first: 0, last: 0 } });
    void loadHead();
  }

  return { loadPage, loadHead, restart };
}

/** The count an answer brings, or null when an answer asked later has already given one. */
function countFrom(asked: number, total: number): number | null {
  if (asked <= order.counted) return null;
  order.counted = asked;
  return total;
}

/** What the view asks for: a filter, a search, the range of items on screen. */
function viewActions(set: SetGallery, get: GetGallery, { loadPage, loadHead, restart }: PageLoader) {
  return {
    setFilter: (patch) => restart({ ...get().filter, ...patch }),
    clearFilter: () => {
      set({ searchText: '' });
      restart({ ...DEFAULT_FILTER, sort: get().filter.sort });
    },
    // No debounce: the search answers as it is typed (issue 8: ≤ 50 ms to the first painted
    // result); loadHead keeps the queries to one in flight and the latest pending.
    setSearchText: (text) => {
      set({ searchText: text });
      const search = text.trim() || undefined;
      if (search !== get().filter.search) restart({ ...get().filter, search });
    },

    showRange: (first, last) => {
      const { visible, pages, epoch, total, answered } = get();
      if (visible.first !== first || visible.last !== last) {
        const kept = nearby(pages, { first, last });
        set(kept === pages ? { visible: { first, last } } : { visible: { first, last }, pages: kept });
      }
      // The rows on screen belong to the previous filter until its first page answers.
      if (!answered) {
        void loadHead();
        return;
      }
      if (total === 0) return;
      const upper = total === null ? first : Math.min(last, total - 1);
      for (let page = Math.floor(first / PAGE_SIZE); page <= Math.floor(upper / PAGE_SIZE); page += 1) {
        if (!pages[page]) void loadPage(page, epoch);
      }
    },
  } satisfies Partial<GalleryState>;
}

/** Reading the result set again: on demand, when the screen opens, ahead while the app starts. */
function readActions(set: SetGallery, get: GetGallery, { loadHead }: PageLoader) {
  return {
    refresh: () => reread(set, get),
    enter: () => {
      const fresh = readAheadAt > 0 && Date.now() - readAheadAt <= READ_AHEAD_FRESH_MS;
      readAheadAt = 0;
      if (!get().answered) return loadHead();
      return fresh ? Promise.resolve() : get().refresh();
    },

    readAhead: (opening = false, mediaBase) => {
      if (get().answered || head.busy) return;
      if (opening) {
        readAheadAt = Date.now();
        warmFrom = mediaBase ?? null;
      }
      void loadHead();
    },
  } satisfies Partial<GalleryState>;
}

/** Re-reads the count and the pages on screen, as one answer that replaces the result set shown. */
async function reread(set: SetGallery, get: GetGallery): Promise<void> {
  clearTimeout(refreshTimer);
  const { visible, filter } = get();
  const firstPage = Math.floor(visible.first / PAGE_SIZE);
  const lastPage = Math.max(firstPage, Math.floor(visible.last / PAGE_SIZE));
  const loaded: Record<number, LibraryItem[]> = {};
  const began = order.asked + 1;
  let asked = 0;
  let total = 0;
  for (let page = firstPage; page <= lastPage; page += 1) {
    asked = ++order.asked;
    const reply = await invoke('library.query', { filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
    if (!reply.ok) return set({ error: reply.error });
    loaded[page] = reply.value.items;
    total = reply.value.total;
    if (page * PAGE_SIZE + PAGE_SIZE >= total) break;
  }
  // A newer filter, or a re-read asked after this one, has answered: this one is older news.
  if (began <= order.since) return;
  // Pages outside the window may have shifted; they are re-read when scrolled to, and answers
  // to pages asked before this re-read began are dropped.
  order.since = began;
  if (firstPage === 0) warmIfOpening(loaded[0]);
  const epoch = get().epoch + 1;
  set({
    total: countFrom(asked, total) ?? get().total,
    pages: loaded,
    epoch,
    answered: true,
    shownEpoch: epoch,
    shownSearch: filter.search,
    error: null,
  });
}

/** Items changed in place, and lookups by index and id. */
function itemActions(set: SetGallery, get: GetGallery) {
  return {
    applyUpdate: (items, removedIds) => {
      const { pages } = get();
      const byId = new Map(items.map((item) => [item.id, item]));
      let unknown = removedIds.length > 0;
      const seen = new Set<string>();
      const next: Record<number, readonly LibraryItem[]> = {};
      for (const [page, list] of Object.entries(pages)) {
        next[Number(page)] = list.map((item) => {
          const fresh = byId.get(item.id);
          if (!fresh) return item;
          seen.add(item.id);
          return fresh;
        });
      }
      if (seen.size < byId.size) unknown = true;
      set({ pages: next });
      // New or removed items shift every offset after them: re-read what is on screen, once.
      if (unknown) {
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void get().refresh(), REFRESH_DEBOUNCE_MS);
      }
    },

    patchItems: (ids, patch) => {
      const wanted = new Set(ids);
      const next: Record<number, readonly LibraryItem[]> = {};
      for (const [page, list] of Object.entries(get().pages)) {
        next[Number(page)] = list.map((item) => (wanted.has(item.id) ? { ...item, ...patch } : item));
      }
      set({ pages: next });
    },

    itemAt: (index) => get().pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE],
    indexOf: (id) => {
      for (const [page, list] of Object.entries(get().pages)) {
        const at = list.findIndex((item) => item.id === id);
        if (at >= 0) return Number(page) * PAGE_SIZE + at;
      }
      return -1;
    },
  } satisfies Partial<GalleryState>;
}

/** Sends the gathered thumbnail asks, a batch at a time, until none is left. */
async function sendThumbnailAsks(): Promise<void> {
  const state = thumbs;
  state.timer = undefined;
  if (state.busy) return;
  state.busy = true;
  try {
    while (state.wanted.size > 0 && state === thumbs) {
      const ids = [...state.wanted].slice(0, THUMB_BATCH);
      for (const id of ids) {
        state.wanted.delete(id);
        state.asked.add(id);
      }
      while (state.asked.size > THUMB_ASKED_MAX) state.asked.delete(state.asked.values().next().value as string);
      // Nothing to say when it fails (offline, say): the tile keeps its placeholder and the queue fetches it later.
      await invoke('library.fetchMedia', { ids, role: 'thumbnail' });
    }
  } finally {
    state.busy = false;
  }
}

/** The cached pages within NEAR_PAGES of the visible range; the same object when none is dropped. */
function nearby(
  pages: Readonly<Record<number, readonly LibraryItem[]>>,
  visible: { first: number; last: number },
): Readonly<Record<number, readonly LibraryItem[]>> {
  const low = Math.floor(visible.first / PAGE_SIZE) - NEAR_PAGES;
  const high = Math.floor(visible.last / PAGE_SIZE) + NEAR_PAGES;
  let kept: Record<number, readonly LibraryItem[]> | null = null;
  for (const key of Object.keys(pages)) {
    const page = Number(key);
    if (page >= low && page <= high) continue;
    kept ??= { ...pages };
    delete kept[page];
  }
  return kept ?? pages;
}

/** Whether any filter narrows the library (the search box included). */
export function isFiltered(filter: LibraryFilter): boolean {
  return Boolean(
    filter.kinds?.length ||
    filter.statuses?.length ||
    filter.characterId ||
    filter.from ||
    filter.to ||
    filter.favorites ||
    filter.collectionId ||
    filter.search,
  );
}
