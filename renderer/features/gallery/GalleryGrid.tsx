import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useJobsInFlightStore, useNow } from '../../stores/jobsInFlight.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { useDetailStore } from './detailStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { galleryPlaceholders, LANDING_GRACE_MS, type Placeholder, type PlaceholderSources } from './galleryPlaceholders.ts';
import { GalleryRows, type GridTiles } from './GalleryRows.tsx';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { tileId } from './GalleryTile.tsx';
import { gridSelection, useGridKeys } from './gridKeys.ts';
import { indexNear, useGridSize, useRevealFocus, useScrollAnchoring, useTopOnNewFilter } from './gridScroll.ts';
import type { DateGroup } from './dateGroups.ts';
import { ItemShapes, rememberNaturalSize } from './itemShapes.ts';
import { afterLead, computeJustifiedLayout, rowWindow } from './justifiedLayout.ts';
import { SELECTION_HELP } from './itemLabels.ts';
import { searchWords } from './SearchHighlight.tsx';
import { useSelectionStore } from './selectionStore.ts';
import { useLocale } from '../../i18n/LanguageProvider.tsx';
import { isRightToLeft } from '../../i18n/locales.ts';

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
  const size = useGridSize(scroller);
  const [scrollTop, setScrollTop] = useState(0);
  // The focus is in the grid (on it, or on a tile's actions): only then does the keyboard cursor's
  // tile show its quick actions, so a grid nobody is using shows none on its first tile.
  const [keyboardIn, setKeyboardIn] = useState(false);

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
  const selection = useSelectionStore(useShallow(gridSelection));
  const { focus, setFocus } = selection;
  const rowHeight = useGalleryViewStore((s) => s.rowHeight);
  const filterKey = useGalleryStore((s) => s.filter);

  const count = total ?? 0;
  const intl = useIntl();
  const locale = useLocale();
  // One set of shapes per answered result set; until a new filter answers, the old rows stay.
  // (Both keys move only with an answer, in one render: the new page is never read into the old shapes.)
  // Another language names the date groups anew.
  const shapes = useMemo(() => new ItemShapes(count, new Date(), locale), [shownEpoch, count, locale]); // eslint-disable-line react-hooks/exhaustive-deps
  const { placeholders, following, now } = useWorkInFlight(answered);
  const today = useMemo(() => ({ key: 'today', label: intl.formatMessage({ id: 'gallery.group.today' }) }), [intl]);
  const { layout, bumpShapes } = useGridLayout(shapes, pages, placeholders, size.width, rowHeight, today);
  const lead = placeholders.length;

  const window_ = rowWindow(layout, scrollTop, size.height);
  const firstIndex = layout.rowAt(window_.first) ? Math.max(0, indexNear(layout, window_.first, 1)) : 0;
  const lastIndex = layout.rowAt(window_.last) ? Math.min(count - 1, indexNear(layout, window_.last, -1)) : -1;

  useEffect(() => {
    if (size.height > 0) showRange(Math.max(0, firstIndex), Math.max(0, lastIndex));
  }, [firstIndex, lastIndex, size.height, showRange, epoch]);
  useTopOnNewFilter(scroller, filterKey, setScrollTop, setFocus);
  const revealRef = useRevealFocus(scroller, { focus, count, layout, height: size.height });
  const onKeyDown = useGridKeys({ selection, layout, count, height: size.height, itemAt, revealRef, rightToLeft: isRightToLeft(locale) });

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
  useScrollAnchoring(scroller, layout, size.height, setScrollTop);

  const callbacks = useTileCallbacks(scroller, shapes, bumpShapes, selection);
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  // The words of the results on screen: until a new search answers, the rows (and their marks) are
  // the previous one's, so a word typed does not draw every tile again before its answer.
  const words = useMemo(() => searchWords(shownSearch), [shownSearch]);
  const tiles: GridTiles = {
    ...callbacks,
    layout,
    placeholders,
    itemAt,
    following,
    now,
    selected: selection.selected,
    focus,
    keyboardIn,
    mediaBase,
    words,
  };
  // Nothing is laid out before the grid has been measured: at no width every tile would be a row of
  // its own, and the tiles made for that would be thrown away (their pictures asked for) at once.
  const measured = size.width > 0 && size.height > 0;
  // `pages` is read through itemAt; naming it keeps the render tied to page arrivals.
  void pages;

  return (
    <>
      <p id={GRID_HELP_ID} className="visually-hidden">
        {intl.formatMessage({ id: SELECTION_HELP })}
      </p>
      <div
        ref={scroller}
        className="gallery-scroller"
        role="grid"
        aria-label={intl.formatMessage({ id: 'gallery.grid.label' })}
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
          {measured && count + lead > 0 && <GalleryRows window={window_} tiles={tiles} />}
        </div>
      </div>
    </>
  );
}

/**
 * The justified layout of the placeholders and the items. Pages arriving bring shapes and dates;
 * the layout is worked out again only when they change it, or when a thumbnail's real size does
 * (`bumpShapes`).
 */
function useGridLayout(
  shapes: ItemShapes,
  pages: Readonly<Record<number, readonly LibraryItem[]>>,
  placeholders: Placeholder[],
  width: number,
  rowHeight: number,
  today: DateGroup,
) {
  const [shapeVersion, bumpShapes] = useReducer((version: number) => version + 1, 0);
  // The layout changes with the placeholders' number and shapes only, not with each tick of their clocks.
  const leadKey = placeholders.map((each) => each.ratio).join(',');
  const filled = useMemo(() => shapes.fill(pages), [shapes, pages]);
  const layout = useMemo(
    () => {
      const lead = placeholders.map((each) => each.ratio);
      const laid = computeJustifiedLayout({
        width,
        count: lead.length + shapes.count,
        rowHeight,
        ratioAt: (at) => (at < lead.length ? (lead[at] ?? 1) : shapes.ratioAt(at - lead.length)),
        groupAt: (at) => (at < lead.length ? today : shapes.groupAt(at - lead.length)),
        knownEnd: lead.length + shapes.knownEnd,
      });
      // Everything below counts in items; the placeholders are the indexes before 0.
      return afterLead(laid, lead.length);
    },
    [shapes, filled, width, rowHeight, shapeVersion, leadKey, today], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return { layout, bumpShapes };
}

/** What a tile reports back: a pick, an open, a drag's ids and its thumbnail's real size. */
function useTileCallbacks(
  scroller: RefObject<HTMLDivElement | null>,
  shapes: ItemShapes,
  bumpShapes: () => void,
  { click, selected }: Pick<ReturnType<typeof gridSelection>, 'click' | 'selected'>,
) {
  const openDetail = useDetailStore((s) => s.open);
  const onPick = useCallback(
    (index: number, item: LibraryItem, event: MouseEvent) => {
      scroller.current?.focus({ preventScroll: true });
      void click(index, item.id, { range: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
    },
    [scroller, click],
  );
  const onOpen = useCallback((item: LibraryItem) => openDetail(item, 'full'), [openDetail]);
  const dragIds = useCallback((item: LibraryItem) => (selected.has(item.id) ? [...selected] : [item.id]), [selected]);
  const onNaturalSize = useCallback(
    (index: number, item: LibraryItem, width: number, height: number) => {
      if (rememberNaturalSize(item, width, height) && shapes.take(index, item)) bumpShapes();
    },
    [shapes, bumpShapes],
  );
  return { onPick, onOpen, dragIds, onNaturalSize };
}

/** The grid's description: how to select and open, whether or not the first-run hint is still shown. */
const GRID_HELP_ID = 'gallery-grid-help';
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
