import { create } from 'zustand';
import { command, messageOf } from './command.ts';
import { useGalleryStore } from './galleryStore.ts';

export interface ClickModifiers {
  /** Shift: extend from the anchor. */
  range: boolean;
  /** Ctrl or Cmd: add or remove one item. */
  toggle: boolean;
}

interface SelectionState {
  selected: ReadonlySet<string>;
  /** The index a shift-click extends from. */
  anchor: number | null;
  /** The keyboard cursor: the index arrows move and Enter opens. */
  focus: number;
  busy: boolean;
  error: string | null;

  click: (index: number, id: string, modifiers: ClickModifiers) => Promise<void>;
  setFocus: (index: number) => void;
  toggleFocused: () => void;
  selectAllMatching: () => Promise<void>;
  clear: () => void;
  /** Forgets ids that are gone from the library. */
  forget: (ids: readonly string[]) => void;
  reset: () => void;
}

/** The ordered ids of the current result set, read once per gallery epoch. */
let idsCache: { epoch: number; ids: string[] } | null = null;

async function matchingIds(): Promise<string[]> {
  const { epoch, filter } = useGalleryStore.getState();
  if (idsCache?.epoch === epoch) return idsCache.ids;
  const ids = await command('library.ids', { filter });
  idsCache = { epoch, ids };
  return ids;
}

/** The ids between two indexes, from loaded pages when they cover it, else from core. */
async function idsBetween(from: number, to: number): Promise<string[]> {
  const [low, high] = from <= to ? [from, to] : [to, from];
  const gallery = useGalleryStore.getState();
  const loaded: string[] = [];
  for (let index = low; index <= high; index += 1) {
    const item = gallery.itemAt(index);
    if (!item) return (await matchingIds()).slice(low, high + 1);
    loaded.push(item.id);
  }
  return loaded;
}

const initial = { selected: new Set<string>(), anchor: null, focus: 0, busy: false, error: null };

export const useSelectionStore = create<SelectionState>()((set, get) => ({
  ...initial,

  click: async (index, id, { range, toggle }) => {
    const { anchor, selected } = get();
    if (range && anchor !== null) {
      set({ focus: index, busy: true });
      try {
        const ids = await idsBetween(anchor, index);
        const next = toggle ? new Set(selected) : new Set<string>();
        for (const each of ids) next.add(each);
        set({ selected: next, busy: false, error: null });
      } catch (error) {
        set({ busy: false, error: messageOf(error) });
      }
      return;
    }
    if (toggle) {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set({ selected: next, anchor: index, focus: index });
      return;
    }
    set({ selected: new Set([id]), anchor: index, focus: index });
  },

  setFocus: (index) => set({ focus: Math.max(0, index) }),

  toggleFocused: () => {
    const { focus, selected } = get();
    const item = useGalleryStore.getState().itemAt(focus);
    if (!item) return;
    const next = new Set(selected);
    if (next.has(item.id)) next.delete(item.id);
    else next.add(item.id);
    set({ selected: next, anchor: focus });
  },

  selectAllMatching: async () => {
    set({ busy: true });
    try {
      const ids = await matchingIds();
      set({ selected: new Set(ids), busy: false, error: null });
    } catch (error) {
      set({ busy: false, error: messageOf(error) });
    }
  },

  clear: () => set({ selected: new Set(), anchor: null, error: null }),

  forget: (ids) => {
    const { selected } = get();
    if (!ids.some((id) => selected.has(id))) return;
    const next = new Set(selected);
    for (const id of ids) next.delete(id);
    set({ selected: next });
  },

  reset: () => {
    idsCache = null;
    set({ ...initial, selected: new Set() });
  },
}));
