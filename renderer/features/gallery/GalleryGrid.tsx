import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useBulkStore } from './bulkStore.ts';
import { useDetailStore } from './detailStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { GalleryTile, tileId } from './GalleryTile.tsx';
import { computeLayout, rowWindow, scrollToReveal, TILE_GAP } from './gridLayout.ts';
import { useSelectionStore } from './selectionStore.ts';

/**
 * The library as a virtualized grid. Only the rows in view (plus one above and below) exist in the
 * DOM; each is absolutely positioned inside a spacer whose height gridLayout caps below what
 * Chromium can scroll. The grid is one focusable element: the keyboard cursor is an
 * aria-activedescendant, so recycled tiles never steal or lose focus.
 */
export function GalleryGrid() {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const revealOnFocus = useRef(false);

  const { total, pages, epoch, answered, showRange, itemAt } = useGalleryStore(
    useShallow((s) => ({ total: s.total, pages: s.pages, epoch: s.epoch, answered: s.answered, showRange: s.showRange, itemAt: s.itemAt })),
  );
  const { selected, focus, click, setFocus, selectAllMatching, clearSelection, toggleFocused } = useSelectionStore(
    useShallow((s) => ({
      selected: s.selected,
      focus: s.focus,
      click: s.click,
      setFocus: s.setFocus,
      selectAllMatching: s.selectAllMatching,
      clearSelection: s.clear,
      toggleFocused: s.toggleFocused,
    })),
  );
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const openDetail = useDetailStore((s) => s.open);
  const askDelete = useBulkStore((s) => s.askDelete);

  const count = total ?? 0;
  const layout = useMemo(() => computeLayout(size.width, count), [size.width, count]);
  const window_ = rowWindow(layout, scrollTop, size.height);
  const firstIndex = window_.first * layout.columns;
  const lastIndex = Math.min(count - 1, (window_.last + 1) * layout.columns - 1);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setSize({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    setSize({ width: element.clientWidth, height: element.clientHeight });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (size.height > 0) showRange(Math.max(0, firstIndex), Math.max(0, lastIndex));
  }, [firstIndex, lastIndex, size.height, showRange, epoch]);

  // A new filter starts at the top.
  const filterKey = useGalleryStore((s) => s.filter);
  const [scrolledFilter, setScrolledFilter] = useState(filterKey);
  if (scrolledFilter !== filterKey) {
    setScrolledFilter(filterKey);
    setScrollTop(0);
  }
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setFocus(0);
  }, [filterKey, setFocus]);

  // Arrow keys move the cursor; the row it lands on is scrolled into view.
  useEffect(() => {
    if (!revealOnFocus.current || !scroller.current || layout.columns === 0) return;
    revealOnFocus.current = false;
    const target = scrollToReveal(layout, Math.floor(focus / layout.columns), scroller.current.scrollTop, size.height);
    if (target !== null) scroller.current.scrollTop = target;
  }, [focus, layout, size.height]);

  // The scroll position is read once per scroll event and rendered only when it moves the rows:
  // when the spacer is not capped a row's top does not depend on scrollTop, so most events (about
  // four in five at 3,000 px/s) change nothing and cost no render. When they do, the new rows are
  // rendered inside the event (flushSync), so they are in the DOM for this frame's paint rather
  // than a task after it.
  const onScroll = () => {
    const top = scroller.current?.scrollTop ?? 0;
    const next = rowWindow(layout, top, size.height);
    if (layout.scrollHeight === layout.contentHeight && next.first === window_.first && next.last === window_.last) return;
    flushSync(() => setScrollTop(top));
  };
  // A new layout maps the same scroll position onto other rows: take the position it really has.
  useLayoutEffect(() => {
    if (scroller.current) setScrollTop(scroller.current.scrollTop);
  }, [layout, size.height]);

  const onPick = useCallback(
    (index: number, item: LibraryItem, event: MouseEvent) => {
      scroller.current?.focus({ preventScroll: true });
      void click(index, item.id, { range: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
    },
    [click],
  );
  const onOpen = useCallback((item: LibraryItem) => openDetail(item, 'full'), [openDetail]);

  const move = (to: number, event: KeyboardEvent) => {
    const index = Math.min(Math.max(to, 0), count - 1);
    if (index < 0) return;
    revealOnFocus.current = true;
    const item = itemAt(index);
    if (event.ctrlKey || event.metaKey || !item) setFocus(index);
    else void click(index, item.id, { range: event.shiftKey, toggle: false });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const rowsPerPage = Math.max(1, Math.floor(size.height / layout.rowHeight));
    const focused = itemAt(focus);
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    if (key === 'ArrowRight') move(focus + 1, event);
    else if (key === 'ArrowLeft') move(focus - 1, event);
    else if (key === 'ArrowDown') move(focus + layout.columns, event);
    else if (key === 'ArrowUp') move(focus - layout.columns, event);
    else if (key === 'PageDown') move(focus + layout.columns * rowsPerPage, event);
    else if (key === 'PageUp') move(focus - layout.columns * rowsPerPage, event);
    else if (key === 'Home') move(0, event);
    else if (key === 'End') move(count - 1, event);
    else if (key === ' ' && mod) toggleFocused();
    else if (key === ' ' && focused) openDetail(focused, 'preview');
    else if (key === 'Enter' && focused) openDetail(focused, 'full');
    else if ((key === 'Delete' || key === 'Backspace') && focused) askDelete(selected.has(focused.id) ? [...selected] : [focused.id]);
    else if (key.toLowerCase() === 'a' && mod) void selectAllMatching();
    else if (key === 'Escape' && selected.size > 0) clearSelection();
    else return;
    event.preventDefault();
  };

  const rows = [];
  for (let row = window_.first; row <= window_.last && count > 0; row += 1) {
    const tiles = [];
    for (let column = 0; column < layout.columns; column += 1) {
      const index = row * layout.columns + column;
      if (index >= count) break;
      const item = itemAt(index);
      tiles.push(
        <GalleryTile
          key={item?.id ?? `slot-${index}`}
          index={index}
          column={column}
          item={item}
          width={layout.tileWidth}
          selected={item ? selected.has(item.id) : false}
          focused={index === focus}
          mediaBase={mediaBase}
          onPick={onPick}
          onOpen={onOpen}
        />,
      );
    }
    rows.push(
      <div
        key={row}
        role="row"
        aria-rowindex={row + 1}
        className="gallery-row"
        style={{ top: window_.topOf(row), height: layout.rowHeight - TILE_GAP, gap: TILE_GAP }}
      >
        {tiles}
      </div>,
    );
  }
  // `pages` is read through itemAt; naming it keeps the render tied to page arrivals.
  void pages;

  return (
    <div
      ref={scroller}
      className="gallery-scroller"
      role="grid"
      aria-label="Library"
      aria-multiselectable="true"
      aria-rowcount={layout.rows}
      aria-colcount={layout.columns}
      aria-activedescendant={count > 0 && focus >= firstIndex && focus <= lastIndex ? tileId(focus) : undefined}
      tabIndex={0}
      aria-busy={!answered}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      // Only an answered total: while a new filter is asked, the rows shown are the previous one's.
      data-total={answered ? count : undefined}
      // What the answered total is of, so a reader can tell two equal totals of different filters apart.
      data-search={answered ? (filterKey.search ?? '') : undefined}
      data-favorites={answered ? String(filterKey.favorites === true) : undefined}
    >
      <div role="rowgroup" className="gallery-spacer" style={{ height: layout.scrollHeight }}>
        {rows}
      </div>
    </div>
  );
}
