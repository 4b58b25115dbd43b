import { create } from 'zustand';
import type { LibraryFilter, LibraryItem } from '../../../shared/ipc/index.ts';
import { command, messageOf } from './command.ts';

/** Items per `library.query` page; the grid asks for the pages its rows cover. */
export const PAGE_SIZE = 200;
/** Pages kept in memory; the farthest from what is on screen go first. */
const MAX_CACHED_PAGES = 40;
const SEARCH_DEBOUNCE_MS = 250;
const REFRESH_DEBOUNCE_MS = 300;

export const DEFAULT_FILTER: LibraryFilter = { sort: 'newest' };

interface GalleryState {
  filter: LibraryFilter;
  /** What the search box holds; it reaches `filter.search` after a pause in typing. */
  searchText: string;
  /** Bumped whenever the result set changes meaning; answers for an older epoch are dropped. */
  epoch: number;
  total: number | null;
  pages: Readonly<Record<number, readonly LibraryItem[]>>;
  visible: { first: number; last: number };
  error: string | null;

  setFilter: (patch: Partial<LibraryFilter>) => void;
  clearFilter: () => void;
  setSearchText: (text: string) => void;
  /** Called by the grid with the item indexes it shows; loads the pages they fall in. */
  showRange: (first: number, last: number) => void;
  /** Re-reads the count and the pages on screen (after bulk changes or `library.updated`). */
  refresh: () => Promise<void>;
  applyUpdate: (items: readonly LibraryItem[], removedIds: readonly string[]) => void;
  patchItems: (ids: readonly string[], patch: Partial<LibraryItem>) => void;
  itemAt: (index: number) => LibraryItem | undefined;
  indexOf: (id: string) => number;
  reset: () => void;
}

let inflight = new Set<string>();
let searchTimer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

const initial = {
  filter: DEFAULT_FILTER,
  searchText: '',
  epoch: 0,
  total: null,
  pages: {},
  visible: { first: 0, last: 0 },
  error: null,
};

export const useGalleryStore = create<GalleryState>()((set, get) => {
  async function loadPage(page: number, epoch: number): Promise<void> {
    const key = `${epoch}:${page}`;
    if (inflight.has(key)) return;
    inflight.add(key);
    try {
      const { filter } = get();
      const result = await command('library.query', { filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
      if (get().epoch !== epoch) return;
      set((state) => ({ total: result.total, pages: evict({ ...state.pages, [page]: result.items }, state.visible), error: null }));
    } catch (error) {
      if (get().epoch === epoch) set({ error: messageOf(error) });
    } finally {
      inflight.delete(key);
    }
  }

  function restart(filter: LibraryFilter): void {
    const epoch = get().epoch + 1;
    set({ filter, epoch, total: null, pages: {}, error: null, visible: { first: 0, last: 0 } });
    void loadPage(0, epoch);
  }

  return {
    ...initial,

    setFilter: (patch) => restart({ ...get().filter, ...patch }),
    clearFilter: () => {
      clearTimeout(searchTimer);
      set({ searchText: '' });
      restart({ ...DEFAULT_FILTER, sort: get().filter.sort });
    },
    setSearchText: (text) => {
      set({ searchText: text });
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        const search = text.trim() || undefined;
        if (search !== get().filter.search) restart({ ...get().filter, search });
      }, SEARCH_DEBOUNCE_MS);
    },

    showRange: (first, last) => {
      const { visible, pages, epoch, total } = get();
      if (visible.first !== first || visible.last !== last) set({ visible: { first, last } });
      if (total === 0) return;
      const upper = total === null ? first : Math.min(last, total - 1);
      for (let page = Math.floor(first / PAGE_SIZE); page <= Math.floor(upper / PAGE_SIZE); page += 1) {
        if (!pages[page]) void loadPage(page, epoch);
      }
    },

    refresh: async () => {
      clearTimeout(refreshTimer);
      const { visible, filter, epoch } = get();
      const firstPage = Math.floor(visible.first / PAGE_SIZE);
      const lastPage = Math.max(firstPage, Math.floor(visible.last / PAGE_SIZE));
      try {
        const loaded: Record<number, LibraryItem[]> = {};
        let total = 0;
        for (let page = firstPage; page <= lastPage; page += 1) {
          const result = await command('library.query', { filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
          loaded[page] = result.items;
          total = result.total;
          if (page * PAGE_SIZE + PAGE_SIZE >= total) break;
        }
        if (get().epoch !== epoch) return;
        // Pages outside the window may have shifted; they are re-read when scrolled to.
        set({ total, pages: loaded, epoch: epoch + 1, error: null });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },

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

    reset: () => {
      clearTimeout(searchTimer);
      clearTimeout(refreshTimer);
      inflight = new Set();
      set(initial);
    },
  };
});

/** Drops the cached pages farthest from the visible range once the cache is full. */
function evict(pages: Record<number, readonly LibraryItem[]>, visible: { first: number; last: number }): Record<number, readonly LibraryItem[]> {
  const keys = Object.keys(pages).map(Number);
  if (keys.length <= MAX_CACHED_PAGES) return pages;
  const center = (visible.first + visible.last) / 2 / PAGE_SIZE;
  keys.sort((a, b) => Math.abs(b - center) - Math.abs(a - center));
  const kept = { ...pages };
  for (const key of keys.slice(0, keys.length - MAX_CACHED_PAGES)) delete kept[key];
  return kept;
}

/** Whether any filter narrows the library (the search box included). */
export function isFiltered(filter: LibraryFilter): boolean {
  return Boolean(
    filter.kinds?.length || filter.statuses?.length || filter.characterId || filter.from || filter.to || filter.favorites || filter.collectionId || filter.search,
  );
}
