import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useJobsInFlightStore, useNow } from '../../stores/jobsInFlight.ts';
import { useBulkStore } from './bulkStore.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { useDetailStore } from './detailStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { galleryPlaceholders, LANDING_GRACE_MS, type Placeholder, type PlaceholderSources } from './galleryPlaceholders.ts';
import { GalleryPlaceholder } from './GalleryPlaceholder.tsx';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { GalleryTile, tileId } from './GalleryTile.tsx';
import { ItemShapes, rememberNaturalSize } from './itemShapes.ts';
import {
  afterLead,
  computeJustifiedLayout,
  contentOffset,
  indexAcrossRows,
  rowAtOffset,
  rowsPerPage,
  rowWindow,
  scrollToReveal,
  scrollTopFor,
  TILE_GAP,
  type JustifiedLayout,
} from './justifiedLayout.ts';
import { SELECTION_HELP } from './itemLabels.ts';
import { searchWords } from './SearchHighlight.tsx';
import { rememberGridSize } from './thumbnailWarmup.ts';
import { useSelectionStore } from './selectionStore.ts';

/**
 * The library as virtualized justified rows under date headers. Only the rows in view (plus one
 * above and below) exist in the DOM; each is absolutely positioned inside a spacer whose height
 * justifiedLayout caps below what Chromium can scroll. The grid is one focusable element: the
 * keyboard cursor is an aria-activedescendant, so recycled tiles never steal or lose focus.
 *
 * Shapes and dates arrive with their pages: when they move rows, the first row in view is kept
 * where it was on screen (scroll anchoring), so content above loading never pushes the view.
 *
 * Generations on their way that the view does not hold yet lead the Today group as placeholder
 * tiles (galleryPlaceholders.ts). They are laid out with the items but are not items: item indexes
 * (selection, the keyboard cursor, pages) start after them, so the cursor passes them by. When a
 * result lands, the placeholder goes in the same render as its item arrives, in the same place.
 */
export function GalleryGrid() {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const revealOnFocus = useRef(false);
  // The focus is in the grid (on it, or on a tile's actions): only then does the keyboard cursor's
  // tile show its quick actions, so a grid nobody is using shows none on its first tile.
  const [keyboardIn, setKeyboardIn] = useState(false);
  const [shapeVersion, bumpShapes] = useReducer((version: number) => version + 1, 0);

  const { total, pages, epoch, answered, shownEpoch, shownSearch, showRange, itemAt } = useGalleryStore(
    useShallow((s) => ({
      total: s.total,
      pages: s.pages,
      epoch: s.epoch,
      answered: s.answered,
      shownEpoch: s.shownEpoch,
      shownSearch: s.shownSearch,
      showRange: s.showRange,
      itemAt: s.itemAt,
    })),
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
  const rowHeight = useGalleryViewStore((s) => s.rowHeight);
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const openDetail = useDetailStore((s) => s.open);
  const askDelete = useBulkStore((s) => s.askDelete);
  const filterKey = useGalleryStore((s) => s.filter);
  // The words of the results on screen: until a new search answers, the rows (and their marks) are
  // the previous one's, so a word typed does not draw every tile again before its answer.
  const words = useMemo(() => searchWords(shownSearch), [shownSearch]);

  const count = total ?? 0;
  // One set of shapes per answered result set; until a new filter answers, the old rows stay.
  // (Both keys move only with an answer, in one render: the new page is never read into the old shapes.)
  const shapes = useMemo(() => new ItemShapes(count), [shownEpoch, count]); // eslint-disable-line react-hooks/exhaustive-deps
  const { placeholders, following, now } = useWorkInFlight(answered);
  // The layout changes with the placeholders' number and shapes only, not with each tick of their clocks.
  const leadKey = placeholders.map((each) => each.ratio).join(',');
  // Pages arriving bring shapes and dates; the layout is worked out again only when they change it.
  const filled = useMemo(() => shapes.fill(pages), [shapes, pages]);
  const layout = useMemo(
    () => {
      const lead = placeholders.map((each) => each.ratio);
      const laid = computeJustifiedLayout({
        width: size.width,
        count: lead.length + shapes.count,
        rowHeight,
        ratioAt: (at) => (at < lead.length ? (lead[at] ?? 1) : shapes.ratioAt(at - lead.length)),
        groupAt: (at) => (at < lead.length ? TODAY : shapes.groupAt(at - lead.length)),
        knownEnd: lead.length + shapes.knownEnd,
      });
      // Everything below counts in items; the placeholders are the indexes before 0.
      return afterLead(laid, lead.length);
    },
    [shapes, filled, size.width, rowHeight, shapeVersion, leadKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const lead = placeholders.length;

  const window_ = rowWindow(layout, scrollTop, size.height);
  const firstRow = layout.rowAt(window_.first);
  const lastRow = layout.rowAt(window_.last);
  const firstIndex = firstRow ? Math.max(0, indexNear(layout, window_.first, 1)) : 0;
  const lastIndex = lastRow ? Math.min(count - 1, indexNear(layout, window_.last, -1)) : -1;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // The rows start below the scroller's top padding: the first screen's thumbnails are those of
    // the rows that start above its bottom edge less that padding (thumbnailWarmup.ts).
    const paddingTop = Number.parseFloat(getComputedStyle(element).paddingTop) || 0;
    const measure = () => {
      setSize({ width: element.clientWidth, height: element.clientHeight });
      rememberGridSize(element.clientWidth, element.clientHeight - paddingTop);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (size.height > 0) showRange(Math.max(0, firstIndex), Math.max(0, lastIndex));
  }, [firstIndex, lastIndex, size.height, showRange, epoch]);

  // A new filter starts at the top.
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
    if (!revealOnFocus.current || !scroller.current) return;
    revealOnFocus.current = false;
    if (focus >= count) return;
    const row = layout.rowOfIndex(focus);
    const target = scrollToReveal(layout, row, scroller.current.scrollTop, size.height);
    if (target !== null) scroller.current.scrollTop = target;
  }, [focus, count, layout, size.height]);

  // The scroll position is read once per scroll event and rendered only when it moves the rows:
  // when the spacer is not capped a row's top does not depend on scrollTop, so most events change
  // nothing and cost no render. When they do, the new rows are rendered inside the event
  // (flushSync), so they are in the DOM for this frame's paint rather than a task after it.
  const onScroll = () => {
    const top = scroller.current?.scrollTop ?? 0;
    const next = rowWindow(layout, top, size.height);
    if (layout.scrollHeight === layout.contentHeight && next.first === window_.first && next.last === window_.last) return;
    flushSync(() => setScrollTop(top));
  };

  // Scroll anchoring: when the layout changes under the view, the item at the top stays put.
  const shown = useRef<{ layout: JustifiedLayout; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    const before = shown.current;
    shown.current = { layout, height: size.height };
    if (!element) return;
    // A view at the very end stays there: the last rows are what it shows, whatever moved above them.
    // (A spacer that just got shorter has already pulled scrollTop back to its own end.)
    const end = before ? Math.min(before.layout.scrollHeight, layout.scrollHeight) - before.height : 0;
    const atEnd = before !== null && element.scrollTop > 0 && element.scrollTop >= end - 1;
    if (before && before.layout !== layout && atEnd) element.scrollTop = Math.max(0, layout.scrollHeight - size.height);
    else if (before && before.layout !== layout && element.scrollTop > 0) {
      const offset = contentOffset(before.layout, element.scrollTop, before.height);
      const anchorRow = rowAtOffset(before.layout, offset);
      const anchor = Math.max(0, indexNear(before.layout, anchorRow, 1));
      const old = before.layout.rowAt(before.layout.rowOfIndex(anchor));
      const now = layout.rowAt(layout.rowOfIndex(anchor));
      if (old && now) element.scrollTop = scrollTopFor(layout, now.top + (offset - old.top), size.height);
    }
    setScrollTop(element.scrollTop);
  }, [layout, size.height]);

  const onPick = useCallback(
    (index: number, item: LibraryItem, event: MouseEvent) => {
      scroller.current?.focus({ preventScroll: true });
      void click(index, item.id, { range: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
    },
    [click],
  );
  const onOpen = useCallback((item: LibraryItem) => openDetail(item, 'full'), [openDetail]);
  const dragIds = useCallback((item: LibraryItem) => (selected.has(item.id) ? [...selected] : [item.id]), [selected]);
  const onNaturalSize = useCallback(
    (index: number, item: LibraryItem, width: number, height: number) => {
      if (rememberNaturalSize(item, width, height) && shapes.take(index, item)) bumpShapes();
    },
    [shapes],
  );

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
    // Keys typed into a field inside the grid (a tile's controls) are the field's, never the grid's.
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const page = rowsPerPage(layout, focus, size.height);
    const focused = itemAt(focus);
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    if (key === 'ArrowRight') move(focus + 1, event);
    else if (key === 'ArrowLeft') move(focus - 1, event);
    else if (key === 'ArrowDown') move(indexAcrossRows(layout, focus, 1), event);
    else if (key === 'ArrowUp') move(indexAcrossRows(layout, focus, -1), event);
    else if (key === 'PageDown') move(indexAcrossRows(layout, focus, page), event);
    else if (key === 'PageUp') move(indexAcrossRows(layout, focus, -page), event);
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
  // Nothing is laid out before the grid has been measured: at no width every tile would be a row of
  // its own, and the tiles made for that would be thrown away (their pictures asked for) at once.
  const measured = size.width > 0 && size.height > 0;
  for (let at = window_.first; at <= window_.last && count + lead > 0 && measured; at += 1) {
    const row = layout.rowAt(at);
    if (!row) continue;
    if (row.kind === 'header') {
      rows.push(
        <div
          key={`h${at}`}
          role="row"
          aria-rowindex={at + 1}
          className="gallery-group"
          style={{ top: window_.topOf(at), height: row.height }}
        >
          <span role="rowheader" className="gallery-group-label">
            {row.label}
          </span>
        </div>,
      );
      continue;
    }
    const tiles = [];
    for (let index = row.start; index < row.end; index += 1) {
      const placeholder = index < 0 ? placeholders[lead + index] : undefined;
      if (placeholder) {
        tiles.push(
          <GalleryPlaceholder
            key={`job-${placeholder.job.id}`}
            placeholder={placeholder}
            column={index - row.start}
            width={layout.widthOf(index)}
            thumbHeight={row.thumbHeight}
            now={now}
          />,
        );
        continue;
      }
      const item = itemAt(index);
      const job = item ? following.get(item.id) : undefined;
      tiles.push(
        <GalleryTile
          key={item?.id ?? `slot-${index}`}
          index={index}
          column={index - row.start}
          item={item}
          width={layout.widthOf(index)}
          thumbHeight={row.thumbHeight}
          selected={item ? selected.has(item.id) : false}
          focused={index === focus}
          actionsByKeyboard={index === focus && keyboardIn}
          mediaBase={mediaBase}
          words={words}
          onPick={onPick}
          onOpen={onOpen}
          dragIds={dragIds}
          onNaturalSize={onNaturalSize}
          job={job}
          now={job ? now : 0}
        />,
      );
    }
    rows.push(
      <div
        key={`r${row.start}`}
        role="row"
        aria-rowindex={at + 1}
        className="gallery-row"
        style={{ top: window_.topOf(at), height: row.height - TILE_GAP, gap: TILE_GAP }}
      >
        {tiles}
      </div>,
    );
  }
  // `pages` is read through itemAt; naming it keeps the render tied to page arrivals.
  void pages;

  return (
    <>
      <p id={GRID_HELP_ID} className="visually-hidden">
        {SELECTION_HELP}
      </p>
      <div
        ref={scroller}
        className="gallery-scroller"
        role="grid"
        aria-label="Library"
        aria-describedby={GRID_HELP_ID}
        aria-multiselectable="true"
        aria-rowcount={layout.rowCount}
        aria-activedescendant={count > 0 && focus >= firstIndex && focus <= lastIndex ? tileId(focus) : undefined}
        tabIndex={0}
        aria-busy={!answered}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onFocus={() => setKeyboardIn(true)}
        onBlur={(event) => {
          if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setKeyboardIn(false);
        }}
        // Only an answered total: while a new filter is asked, the rows shown are the previous one's.
        data-total={answered ? count : undefined}
        // What the answered total is of, so a reader can tell two equal totals of different filters apart.
        data-search={answered ? (filterKey.search ?? '') : undefined}
        data-favorites={answered ? String(filterKey.favorites === true) : undefined}
        data-row-height={rowHeight}
        data-placeholders={lead}
      >
        <div role="rowgroup" className="gallery-spacer" style={{ height: layout.scrollHeight }}>
          {rows}
        </div>
      </div>
    </>
  );
}

/** The grid's description: how to select and open, whether or not the first-run hint is still shown. */
const GRID_HELP_ID = 'gallery-grid-help';
const TODAY = { key: 'today', label: 'Today' };
const NONE: Placeholder[] = [];
const isEmpty = (record: Record<string, unknown>) => Object.keys(record).length === 0;

/**
 * The work in flight the grid shows: placeholders for generations its view does not hold yet, and
 * the job behind each item still being made (by item id), with a clock that ticks while any is shown.
 */
function useWorkInFlight(answered: boolean): { placeholders: Placeholder[]; following: Map<string, Job>; now: number } {
  const sources: PlaceholderSources = useJobsInFlightStore(useShallow((s) => ({ inFlight: s.jobs, finished: s.finished })));
  const { filter, pages } = useGalleryStore(useShallow((s) => ({ filter: s.filter, pages: s.pages })));
  const collections = useCollectionsStore((s) => s.collections);
  const [clock, setClock] = useState(false);
  const now = useNow(clock);
  const placeholders = useMemo(() => {
    // Nothing on its way (the usual case, and every scroll benchmark): no page is read for it.
    if (!answered || (isEmpty(sources.inFlight) && isEmpty(sources.finished))) return NONE;
    const held = new Set<string>();
    for (const list of Object.values(pages)) for (const item of list) held.add(item.id);
    // Without the first page the top of the view is not on screen: what is held there is not known.
    const top = pages[0] !== undefined;
    return galleryPlaceholders(sources, {
      filter,
      holds: (id) => !top || held.has(id),
      collectionCharacter: (id) => collections.find((each) => each.id === id)?.characterId ?? null,
      now,
    });
  }, [answered, sources, filter, pages, collections, now]);
  const following = useMemo(() => {
    const byItem = new Map<string, Job>();
    for (const job of Object.values(sources.inFlight))
      if (job.kind === 'generation.create' && job.resourceId) byItem.set(job.resourceId, job);
    return byItem;
  }, [sources.inFlight]);
  // The clock runs while anything shown moves with it: a job in flight, or a finished one waiting for its item.
  const ticking =
    following.size > 0 ||
    placeholders.some((each) => each.job.state !== 'failed' || now - Date.parse(each.job.updatedAt) < LANDING_GRACE_MS);
  if (ticking !== clock) setClock(ticking);
  return { placeholders, following, now };
}

/** The first (direction 1) or last (-1) item index at or next to a row, stepping over headers. */
function indexNear(layout: JustifiedLayout, row: number, direction: 1 | -1): number {
  for (let at = row; at >= 0 && at < layout.rowCount; at += direction) {
    const candidate = layout.rowAt(at);
    if (candidate?.kind === 'tiles') return direction === 1 ? candidate.start : candidate.end - 1;
  }
  return 0;
}
