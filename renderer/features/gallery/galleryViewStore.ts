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

function stored(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(STORAGE_KEY));
    return value >= ROW_HEIGHT_MIN && value <= ROW_HEIGHT_MAX ? value : ROW_HEIGHT_DEFAULT;
  } catch {
    return ROW_HEIGHT_DEFAULT;
  }
}

function hintDone(): boolean {
  try {
    return globalThis.localStorage?.getItem(HINT_DONE_KEY) === 'true';
  } catch {
    return false;
  }
}

export const useGalleryViewStore = create<GalleryViewState>()((set) => ({
  rowHeight: stored(),
  selectionHintDone: hintDone(),
  doneWithSelectionHint: () => {
    set({ selectionHintDone: true });
    try {
      globalThis.localStorage?.setItem(HINT_DONE_KEY, 'true');
    } catch {
      // As for the tile size: put away for this window at least.
    }
  },
  setRowHeight: (height) => {
    const rowHeight = Math.min(ROW_HEIGHT_MAX, Math.max(ROW_HEIGHT_MIN, Math.round(height)));
    set({ rowHeight });
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, String(rowHeight));
    } catch {
      // Storage can be full or refused; the size still holds for this window.
    }
  },
  reset: () => set({ rowHeight: stored(), selectionHintDone: hintDone() }),
}));
