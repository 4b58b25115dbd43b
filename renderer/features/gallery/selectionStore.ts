import { create } from 'zustand';
import type { AppError, Reply } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
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
  /** Why the selection could not be made, worded where it is shown. */
  error: AppError | null;

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

async function matchingIds(): Promise<Reply<string[]>> {
  const { epoch, filter } = useGalleryStore.getState();
  if (idsCache?.epoch === epoch) return { ok: true, value: idsCache.ids };
  const reply = await invoke('library.ids', { filter });
  if (reply.ok) idsCache = { epoch, ids: reply.value };
  return reply;
}

/** The ids between two indexes, from loaded pages when they cover it, else from core. */
async function idsBetween(from: number, to: number): Promise<Reply<string[]>> {
  const [low, high] = from <= to ? [from, to] : [to, from];
  const gallery = useGalleryStore.getState();
  const loaded: string[] = [];
  for (let index = low; index <= high; index += 1) {
    const item = gallery.itemAt(index);
    if (!item) {
      const all = await matchingIds();
      return all.ok ? { ok: true, value: all.value.slice(low, high + 1) } : all;
    }
    loaded.push(item.id);
  }
  return { ok: true, value: loaded };
}

/** The selection with one id added, or taken out when it was in. */
function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

const initial = { selected: new Set<string>(), anchor: null, focus: 0, busy: false, error: null };

export const useSelectionStore = create<SelectionState>()((set, get) => ({
  ...initial,

  click: async (index, id, { range, toggle }) => {
    const { anchor, selected } = get();
    if (range && anchor !== null) {
      set({ focus: index, busy: true });
      const ids = await idsBetween(anchor, index);
      if (!ids.ok) return set({ busy: false, error: ids.error });
      const next = toggle ? new Set(selected) : new Set<string>();
      for (const each of ids.value) next.add(each);
      set({ selected: next, busy: false, error: null });
      return;
    }
    set({ selected: toggle ? toggled(selected, id) : new Set([id]), anchor: index, focus: index });
  },

  setFocus: (index) => set({ focus: Math.max(0, index) }),

  toggleFocused: () => {
    const { focus, selected } = get();
    const item = useGalleryStore.getState().itemAt(focus);
    if (!item) return;
    set({ selected: toggled(selected, item.id), anchor: focus });
  },

  selectAllMatching: async () => {
    set({ busy: true });
    const ids = await matchingIds();
    if (ids.ok) set({ selected: new Set(ids.value), busy: false, error: null });
    else set({ busy: false, error: ids.error });
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
