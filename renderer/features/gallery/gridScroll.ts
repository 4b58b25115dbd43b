import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { LibraryFilter } from '../../../shared/ipc/index.ts';
import { contentOffset, rowAtOffset, scrollToReveal, scrollTopFor, type JustifiedLayout } from './justifiedLayout.ts';
import { rememberGridSize } from './thumbnailWarmup.ts';

type ScrollerRef = RefObject<HTMLDivElement | null>;

/** The scrollerRef's inner size, measured now and whenever it changes. */
export function useGridSize(scrollerRef: ScrollerRef): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    // The rows start below the scrollerRef's top padding: the first screen's thumbnails are those of
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
  }, [scrollerRef]);
  return size;
}

/** A new filter starts at the top, with the keyboard cursor on its first item. */
export function useTopOnNewFilter(
  scrollerRef: ScrollerRef,
  filter: LibraryFilter,
  setScrollTop: (top: number) => void,
  setFocus: (index: number) => void,
) {
  const [scrolledFilter, setScrolledFilter] = useState(filter);
  if (scrolledFilter !== filter) {
    setScrolledFilter(filter);
    setScrollTop(0);
  }
  useEffect(() => {
    if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
    setFocus(0);
  }, [scrollerRef, filter, setFocus]);
}

/**
 * Arrow keys move the cursor; the row it lands on is scrolled into view. The returned flag is set
 * before a move whose row should be revealed.
 */
export function useRevealFocus(
  scrollerRef: ScrollerRef,
  { focus, count, layout, height }: { focus: number; count: number; layout: JustifiedLayout; height: number },
) {
  const revealRef = useRef(false);
  useEffect(() => {
    if (!revealRef.current || !scrollerRef.current) return;
    revealRef.current = false;
    if (focus >= count) return;
    const row = layout.rowOfIndex(focus);
    const target = scrollToReveal(layout, row, scrollerRef.current.scrollTop, height);
    if (target !== null) scrollerRef.current.scrollTop = target;
  }, [scrollerRef, focus, count, layout, height]);
  return revealRef;
}

/** Scroll anchoring: when the layout changes under the view, the item at the top stays put. */
export function useScrollAnchoring(scrollerRef: ScrollerRef, layout: JustifiedLayout, height: number, setScrollTop: (top: number) => void) {
  const shown = useRef<{ layout: JustifiedLayout; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = scrollerRef.current;
    const before = shown.current;
    shown.current = { layout, height };
    if (!element) return;
    // A view at the very end stays there: the last rows are what it shows, whatever moved above them.
    // (A spacer that just got shorter has already pulled scrollTop back to its own end.)
    const end = before ? Math.min(before.layout.scrollHeight, layout.scrollHeight) - before.height : 0;
    const atEnd = before !== null && element.scrollTop > 0 && element.scrollTop >= end - 1;
    if (before && before.layout !== layout && atEnd) element.scrollTop = Math.max(0, layout.scrollHeight - height);
    else if (before && before.layout !== layout && element.scrollTop > 0) {
      const offset = contentOffset(before.layout, element.scrollTop, before.height);
      const anchorRow = rowAtOffset(before.layout, offset);
      const anchor = Math.max(0, indexNear(before.layout, anchorRow, 1));
      const old = before.layout.rowAt(before.layout.rowOfIndex(anchor));
      const now = layout.rowAt(layout.rowOfIndex(anchor));
      if (old && now) element.scrollTop = scrollTopFor(layout, now.top + (offset - old.top), height);
    }
    setScrollTop(element.scrollTop);
  }, [scrollerRef, layout, height, setScrollTop]);
}

/** The first (direction 1) or last (-1) item index at or next to a row, stepping over headers. */
export function indexNear(layout: JustifiedLayout, row: number, direction: 1 | -1): number {
  for (let at = row; at >= 0 && at < layout.rowCount; at += direction) {
    const candidate = layout.rowAt(at);
    if (candidate?.kind === 'tiles') return direction === 1 ? candidate.start : candidate.end - 1;
  }
  return 0;
}
