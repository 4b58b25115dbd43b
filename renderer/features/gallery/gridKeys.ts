import type { KeyboardEvent, RefObject } from 'react';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { useBulkStore } from './bulkStore.ts';
import { useDetailStore } from './detailStore.ts';
import { indexAcrossRows, rowsPerPage, type JustifiedLayout } from './justifiedLayout.ts';
import type { useSelectionStore } from './selectionStore.ts';

type Selection = ReturnType<typeof useSelectionStore.getState>;

/** What the grid reads of the selection (through `useShallow`). */
export const gridSelection = (s: Selection) => ({
  selected: s.selected,
  focus: s.focus,
  click: s.click,
  setFocus: s.setFocus,
  selectAllMatching: s.selectAllMatching,
  clear: s.clear,
  toggleFocused: s.toggleFocused,
});

type GridKeysInput = {
  selection: ReturnType<typeof gridSelection>;
  layout: JustifiedLayout;
  count: number;
  height: number;
  itemAt: (index: number) => LibraryItem | undefined;
  /** Set before a move, so the row the cursor lands on is scrolled into view. */
  revealRef: RefObject<boolean>;
  /** The studio reads right to left (Arabic): the rows run from the right, and so do the arrows. */
  rightToLeft: boolean;
};

/** The grid's keyboard: arrows, pages, Home and End move the cursor; the rest act on the focused item or the selection. */
export function useGridKeys({ selection, layout, count, height, itemAt, revealRef, rightToLeft }: GridKeysInput) {
  const openDetail = useDetailStore((s) => s.open);
  const askDelete = useBulkStore((s) => s.askDelete);
  const { selected, focus, click, setFocus } = selection;

  const move = (to: number, event: KeyboardEvent) => {
    const index = Math.min(Math.max(to, 0), count - 1);
    if (index < 0) return;
    revealRef.current = true;
    const item = itemAt(index);
    if (event.ctrlKey || event.metaKey || !item) setFocus(index);
    else void click(index, item.id, { range: event.shiftKey, toggle: false });
  };

  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    // Keys typed into a field inside the grid (a tile's controls) are the field's, never the grid's.
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const page = rowsPerPage(layout, focus, height);
    const focused = itemAt(focus);
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    // Forward is the reading direction: the next item is to the right in English, to the left in Arabic.
    const forward = rightToLeft ? 'ArrowLeft' : 'ArrowRight';
    const back = rightToLeft ? 'ArrowRight' : 'ArrowLeft';
    if (key === forward) move(focus + 1, event);
    else if (key === back) move(focus - 1, event);
    else if (key === 'ArrowDown') move(indexAcrossRows(layout, focus, 1), event);
    else if (key === 'ArrowUp') move(indexAcrossRows(layout, focus, -1), event);
    else if (key === 'PageDown') move(indexAcrossRows(layout, focus, page), event);
    else if (key === 'PageUp') move(indexAcrossRows(layout, focus, -page), event);
    else if (key === 'Home') move(0, event);
    else if (key === 'End') move(count - 1, event);
    else if (key === ' ' && mod) selection.toggleFocused();
    else if (key === ' ' && focused) openDetail(focused, 'preview');
    else if (key === 'Enter' && focused) openDetail(focused, 'full');
    else if ((key === 'Delete' || key === 'Backspace') && focused) askDelete(selected.has(focused.id) ? [...selected] : [focused.id]);
    else if (key.toLowerCase() === 'a' && mod) void selection.selectAllMatching();
    else if (key === 'Escape' && selected.size > 0) selection.clear();
    else return;
    event.preventDefault();
  };
}
