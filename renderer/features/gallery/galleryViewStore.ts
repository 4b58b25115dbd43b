import { create } from 'zustand';
import { ROW_HEIGHT_DEFAULT, ROW_HEIGHT_MAX, ROW_HEIGHT_MIN } from './justifiedLayout.ts';

/** Where the tile size is kept: a view preference of this window, not a setting core needs to know. */
const STORAGE_KEY = 'cast.gallery.rowHeight';
/** Set once the selection hint has done its work (put away, or a selection of several made). */
const HINT_DONE_KEY = 'cast.gallery.selectionHintDone';

interface GalleryViewState {
  /** Target thumbnail height of the justified rows, from the size slider. */
  rowHeight: number;
  setRowHeight: (height: number) => void;
  /** The first-run hint on how to select is shown until this is true. */
  selectionHintDone: boolean;
  doneWithSelectionHint: () => void;
  reset: () => void;
}

/** A view preference as this window's storage holds it, or null when it holds none or refuses. */
function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a view preference; storage can be full or refused, and then it holds for this window only. */
function keep(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // The store's state still has it.
  }
}

function stored(): number {
  const value = Number(read(STORAGE_KEY));
  return value >= ROW_HEIGHT_MIN && value <= ROW_HEIGHT_MAX ? value : ROW_HEIGHT_DEFAULT;
}

const hintDone = () => read(HINT_DONE_KEY) === 'true';

export const useGalleryViewStore = create<GalleryViewState>()((set) => ({
  rowHeight: stored(),
  selectionHintDone: hintDone(),
  doneWithSelectionHint: () => {
    set({ selectionHintDone: true });
    keep(HINT_DONE_KEY, 'true');
  },
  setRowHeight: (height) => {
    const rowHeight = Math.min(ROW_HEIGHT_MAX, Math.max(ROW_HEIGHT_MIN, Math.round(height)));
    set({ rowHeight });
    keep(STORAGE_KEY, String(rowHeight));
  },
  reset: () => set({ rowHeight: stored(), selectionHintDone: hintDone() }),
}));
