import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge, LibraryFilter } from '../../../../../shared/ipc/index.ts';
import { setBridgeForTests } from '../../../../../renderer/bridge/invoke.ts';
import { PAGE_SIZE, useGalleryStore } from '../../../../../renderer/features/gallery/galleryStore.ts';
import { libraryItem, libraryItems } from '../../support/libraryItems.ts';

type Query = { filter: LibraryFilter; offset: number; limit: number };

const TOTAL = 5_000;

describe('the gallery paging through the library', () => {
  let queries: Query[];
  /** Answers wait here until the test lets them through, when it holds them. */
  let held: (() => void)[] | null;
  /** How many items the library holds; an answer tells the library as it was when it was asked. */
  let libraryTotal: number;

  beforeEach(() => {
    vi.useFakeTimers();
    queries = [];
    held = null;
    libraryTotal = TOTAL;
    const bridge: Bridge = {
      invoke: (async (command: string, query: Query) => {
        if (command !== 'library.query') return { ok: true, value: { queued: [] } };
        queries.push(query);
        const word = query.filter.search ?? 'item';
        const total = libraryTotal;
        const items = libraryItems(query.offset, Math.max(0, Math.min(query.limit, total - query.offset)), word);
        if (held) await new Promise<void>((resolve) => held?.push(resolve));
        return { ok: true, value: { items, total } };
      }) as Bridge['invoke'],
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
    useGalleryStore.getState().reset();
  });

  afterEach(() => {
    setBridgeForTests(null);
    useGalleryStore.getState().reset();
    vi.useRealTimers();
  });

  const pagesHeld = () =>
    Object.keys(useGalleryStore.getState().pages)
      .map(Number)
      .sort((a, b) => a - b);
  const pagesAsked = () => queries.map((query) => query.offset / PAGE_SIZE);

  /** Lets the held answers through one at a time, in the order given, then whatever they set off. */
  async function releaseHeld(answers: (() => void)[], order: 'as asked' | 'last asked first'): Promise<void> {
    held = null;
    for (const release of order === 'as asked' ? answers : [...answers].reverse()) {
      release();
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.runAllTimersAsync();
  }

  async function firstScreen(): Promise<void> {
    useGalleryStore.getState().setFilter({});
    await vi.runAllTimersAsync();
  }

  it('loads the pages a visible range falls in, each once', async () => {
    await firstScreen();
    expect(pagesAsked()).toEqual([0]);
    useGalleryStore.getState().showRange(150, 320);
    useGalleryStore.getState().showRange(150, 320);
    await vi.runAllTimersAsync();
    expect(pagesAsked()).toEqual([0, 1, 2, 3]);
    expect(useGalleryStore.getState().total).toBe(TOTAL);
    expect(useGalleryStore.getState().itemAt(321)?.id).toBe('item-321');
    expect(useGalleryStore.getState().indexOf('item-250')).toBe(250);
    expect(useGalleryStore.getState().itemAt(4_000)).toBeUndefined();
  });

  it('does not ask again for a page already in flight', async () => {
    await firstScreen();
    held = [];
    useGalleryStore.getState().showRange(200, 210);
    useGalleryStore.getState().showRange(205, 215);
    await vi.advanceTimersByTimeAsync(0);
    expect(pagesAsked()).toEqual([0, 2]);
    for (const release of held) release();
    await vi.runAllTimersAsync();
    expect(pagesHeld()).toContain(2);
  });

  it('keeps only the pages near the view as it scrolls away', async () => {
    await firstScreen();
    useGalleryStore.getState().showRange(0, 250);
    await vi.runAllTimersAsync();
    expect(pagesHeld()).toEqual([0, 1, 2]);
    // Far down: the top pages are dropped, the ones within three pages of the view stay.
    useGalleryStore.getState().showRange(1_000, 1_150);
    await vi.runAllTimersAsync();
    expect(pagesHeld()).toEqual([10, 11]);
    useGalleryStore.getState().showRange(1_300, 1_350);
    await vi.runAllTimersAsync();
    expect(pagesHeld()).toEqual([10, 11, 13]);
  });

  it('drops an answer that comes back after the filter changed', async () => {
    await firstScreen();
    const stale: (() => void)[] = [];
    held = stale;
    useGalleryStore.getState().showRange(200, 220);
    await vi.advanceTimersByTimeAsync(0);
    expect(pagesAsked()).toEqual([0, 2]);
    held = null;
    useGalleryStore.getState().setSearchText('sea');
    await vi.runAllTimersAsync();
    // The old page 2 answers last; nothing of it may reach the new results.
    for (const release of stale) release();
    await vi.runAllTimersAsync();
    expect(useGalleryStore.getState().filter.search).toBe('sea');
    expect(useGalleryStore.getState().itemAt(0)?.id).toBe('sea-0');
    expect(useGalleryStore.getState().itemAt(200)).toBeUndefined();
    expect(pagesHeld()).toEqual([0]);
  });

  it('says which result set and search words are on screen until the next one answers', async () => {
    await firstScreen();
    const shown = () => {
      const { shownEpoch, shownSearch, epoch, answered } = useGalleryStore.getState();
      return { shownEpoch, shownSearch, epoch, answered };
    };
    const first = shown();
    expect(first).toMatchObject({ shownEpoch: first.epoch, shownSearch: undefined, answered: true });
    held = [];
    const waiting = held;
    useGalleryStore.getState().setSearchText('harbor');
    await vi.advanceTimersByTimeAsync(0);
    // Asked, not answered: the previous results (and their words) are still the ones shown.
    expect(shown()).toEqual({ shownEpoch: first.shownEpoch, shownSearch: undefined, epoch: first.epoch + 1, answered: false });
    held = null;
    for (const release of waiting) release();
    await vi.runAllTimersAsync();
    expect(shown()).toEqual({ shownEpoch: first.epoch + 1, shownSearch: 'harbor', epoch: first.epoch + 1, answered: true });
  });

  // The screen opens on a library of one item, with a re-read and its first page asked at once (a
  // screen opened again) or its first page alone (opened the first time).
  it.each([
    { opening: 'a re-read and the first page', open: () => useGalleryStore.getState().refresh(), asked: [0, 0, 0] },
    { opening: 'the first page alone', open: () => useGalleryStore.getState().enter(), asked: [0, 0] },
  ])('shows the newest count when an item lands while $opening are out and the older answers come back first', async ({ open, asked }) => {
    libraryTotal = 1;
    held = [];
    const opening = held;
    void open();
    useGalleryStore.getState().showRange(0, 0);
    await vi.advanceTimersByTimeAsync(0);
    // A second item lands before any answer: the gallery hears of it and reads the view again.
    libraryTotal = 2;
    useGalleryStore.getState().applyUpdate([libraryItem(1)], []);
    await vi.advanceTimersByTimeAsync(300);
    expect(pagesAsked()).toEqual(asked);
    // The answers come back in the order they were asked: those of one item, then the one of two.
    await releaseHeld(opening, 'as asked');
    expect(useGalleryStore.getState()).toMatchObject({ total: 2, answered: true });
    expect(useGalleryStore.getState().itemAt(1)?.id).toBe('item-1');
  });

  it('asks for the first page once as the screen opens for the first time, and reads it again when the screen opens again', async () => {
    // The screen opens, then the grid measures itself and shows its first range: one query between them.
    void useGalleryStore.getState().enter();
    useGalleryStore.getState().showRange(0, 40);
    await vi.runAllTimersAsync();
    expect(pagesAsked()).toEqual([0]);
    expect(useGalleryStore.getState()).toMatchObject({ total: TOTAL, answered: true });
    // Back to the gallery later: what it shows is read again, as the library may have changed meanwhile.
    libraryTotal = TOTAL + 1;
    await useGalleryStore.getState().enter();
    expect(pagesAsked()).toEqual([0, 0]);
    expect(useGalleryStore.getState().total).toBe(TOTAL + 1);
  });

  it('reads the first page ahead once, shares it with a screen opened while it is out, and reads nothing once a result is shown', async () => {
    held = [];
    const ahead = held;
    useGalleryStore.getState().readAhead();
    useGalleryStore.getState().readAhead();
    // The screen opens before the answer: its first page is the one already asked.
    void useGalleryStore.getState().enter();
    useGalleryStore.getState().showRange(0, 40);
    await vi.advanceTimersByTimeAsync(0);
    expect(pagesAsked()).toEqual([0]);
    await releaseHeld(ahead, 'as asked');
    expect(useGalleryStore.getState()).toMatchObject({ total: TOTAL, answered: true });
    useGalleryStore.getState().readAhead();
    await vi.runAllTimersAsync();
    expect(pagesAsked()).toEqual([0]);
  });

  it('opens on the page read ahead for it moments before as it came, without reading it again', async () => {
    useGalleryStore.getState().readAhead(true);
    await vi.runAllTimersAsync();
    expect(useGalleryStore.getState()).toMatchObject({ total: TOTAL, answered: true });
    const readEpoch = useGalleryStore.getState().shownEpoch;
    vi.advanceTimersByTime(1_000);
    await useGalleryStore.getState().enter();
    useGalleryStore.getState().showRange(0, 40);
    await vi.runAllTimersAsync();
    expect(pagesAsked()).toEqual([0]);
    expect(useGalleryStore.getState().shownEpoch).toBe(readEpoch);
    // Opened again later, the result is read again as any shown before.
    await useGalleryStore.getState().enter();
    await vi.runAllTimersAsync();
    expect(pagesAsked()).toEqual([0, 0]);
  });

  it.each([
    ['for it, long before', true, 60_000],
    ['while the app started elsewhere', false, 0],
  ] as const)('opens on a page read ahead %s, and reads it again as for any result shown before', async (_, opening, laterMs) => {
    useGalleryStore.getState().readAhead(opening);
    await vi.runAllTimersAsync();
    expect(useGalleryStore.getState()).toMatchObject({ total: TOTAL, answered: true });
    expect(useGalleryStore.getState().itemAt(0)?.id).toBe('item-0');
    const readEpoch = useGalleryStore.getState().shownEpoch;
    vi.advanceTimersByTime(laterMs);
    libraryTotal = TOTAL + 1;
    held = [];
    const reread = held;
    void useGalleryStore.getState().enter();
    await vi.advanceTimersByTimeAsync(0);
    // While the re-read is out, the rows read ahead are what the screen shows.
    expect(pagesAsked()).toEqual([0, 0]);
    expect(useGalleryStore.getState()).toMatchObject({ total: TOTAL, answered: true, shownEpoch: readEpoch });
    await releaseHeld(reread, 'as asked');
    expect(useGalleryStore.getState().total).toBe(TOTAL + 1);
    expect(useGalleryStore.getState().shownEpoch).toBeGreaterThan(readEpoch);
  });

  it('drops a re-read that answers after one asked later', async () => {
    await firstScreen();
    held = [];
    const waiting = held;
    void useGalleryStore.getState().refresh();
    await vi.advanceTimersByTimeAsync(0);
    libraryTotal = TOTAL + 1;
    void useGalleryStore.getState().refresh();
    await vi.advanceTimersByTimeAsync(0);
    await releaseHeld(waiting, 'last asked first');
    expect(useGalleryStore.getState().total).toBe(TOTAL + 1);
  });

  it('keeps a newer count when an older page answers after it', async () => {
    await firstScreen();
    held = [];
    const waiting = held;
    useGalleryStore.getState().showRange(150, 160);
    await vi.advanceTimersByTimeAsync(0);
    libraryTotal = TOTAL + 1;
    useGalleryStore.getState().showRange(250, 260);
    await vi.advanceTimersByTimeAsync(0);
    expect(pagesAsked()).toEqual([0, 1, 2]);
    // Page 2, asked after the library grew, answers first; page 1, asked before, answers last.
    await releaseHeld(waiting, 'last asked first');
    expect(useGalleryStore.getState().total).toBe(TOTAL + 1);
    expect(pagesHeld()).toEqual([0, 1, 2]);
  });

  it('updates known items in place and re-reads the view once for items it did not hold', async () => {
    await firstScreen();
    const changed = { ...libraryItem(3), favorite: true };
    useGalleryStore.getState().applyUpdate([changed], []);
    expect(useGalleryStore.getState().itemAt(3)?.favorite).toBe(true);
    await vi.runAllTimersAsync();
    expect(pagesAsked()).toEqual([0]);

    const epoch = useGalleryStore.getState().epoch;
    useGalleryStore.getState().applyUpdate([libraryItem(9_999, 'new')], []);
    useGalleryStore.getState().applyUpdate([], ['item-4']);
    expect(pagesAsked()).toEqual([0]);
    await vi.runAllTimersAsync();
    expect(pagesAsked()).toEqual([0, 0]);
    expect(useGalleryStore.getState().epoch).toBe(epoch + 1);
  });

  it('says why when a page cannot be read', async () => {
    setBridgeForTests({
      invoke: async () => ({ ok: false, error: { code: 'invalid_filter', params: {} } }),
      on: () => () => undefined,
    });
    await firstScreen();
    expect(useGalleryStore.getState().error?.code).toBe('invalid_filter');
    expect(useGalleryStore.getState().answered).toBe(false);
  });
});
