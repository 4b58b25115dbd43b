import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge, LibraryFilter } from '../../../../../shared/ipc/index.ts';
import { holdEvents, listen, setBridgeForTests } from '../../../../../renderer/bridge/invoke.ts';
import { useGalleryStore } from '../../../../../renderer/features/gallery/galleryStore.ts';
import { dropOpeningRows, libraryChanged, readOpeningRows } from '../../../../../renderer/features/gallery/openingRows.ts';
import { libraryItems } from '../../support/libraryItems.ts';

type Query = { filter: LibraryFilter; offset: number; limit: number };

/**
 * The page's first script asks for the gallery's first page (app/earlyStart.ts); the gallery's
 * store takes that answer when it asks for the same page, and asks itself whenever the answer
 * would not be the one it asked for.
 */
describe('the gallery opening on the rows its first script asked for', () => {
  let queries: Query[];
  let total: number;
  let failNext: boolean;
  /** Answers wait here until the test lets them through, when it holds them. */
  let held: (() => void)[] | null;
  const handlers = new Map<string, Set<(payload: unknown) => void>>();

  beforeEach(() => {
    vi.useFakeTimers();
    queries = [];
    total = 500;
    failNext = false;
    held = null;
    handlers.clear();
    const bridge: Bridge = {
      invoke: (async (command: string, query: Query) => {
        if (command !== 'library.query') return { ok: true, value: {} };
        queries.push(query);
        if (failNext) {
          failNext = false;
          return { ok: false, error: { code: 'core_restarted', message: 'Core restarted.' } };
        }
        const word = query.filter.search ?? 'item';
        const answer = { items: libraryItems(query.offset, Math.min(query.limit, total - query.offset), word), total };
        if (held) await new Promise<void>((resolve) => held?.push(resolve));
        return { ok: true, value: answer };
      }) as Bridge['invoke'],
      on: ((event: string, handler: (payload: unknown) => void) => {
        const set = handlers.get(event) ?? new Set();
        set.add(handler);
        handlers.set(event, set);
        return () => set.delete(handler);
      }) as Bridge['on'],
    };
    setBridgeForTests(bridge);
    useGalleryStore.getState().reset();
  });

  afterEach(() => {
    dropOpeningRows();
    setBridgeForTests(null);
    useGalleryStore.getState().reset();
    vi.useRealTimers();
  });

  const emit = (event: string, payload: unknown) => {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
  };

  it('takes the first script’s answer instead of asking again', async () => {
    readOpeningRows('http://127.0.0.1:1/media/key/');
    expect(queries).toHaveLength(1);
    useGalleryStore.getState().readAhead(true);
    await vi.runAllTimersAsync();
    expect(queries).toHaveLength(1);
    expect(useGalleryStore.getState()).toMatchObject({ total: 500, answered: true });
    expect(useGalleryStore.getState().itemAt(0)?.id).toBe('item-0');
    // A change after the rows are in is the store's to follow, not a reason to read them again.
    libraryChanged();
    await vi.runAllTimersAsync();
    expect(queries).toHaveLength(1);
    // Taken once: a later read of the first page asks core.
    await useGalleryStore.getState().refresh();
    await vi.runAllTimersAsync();
    expect(queries).toHaveLength(2);
  });

  it.each([
    ['before the gallery asked', false],
    ['after the gallery took the answer, before it came', true],
  ] as const)('asks again when the library changed %s', async (_, afterTake) => {
    held = [];
    readOpeningRows('http://127.0.0.1:1/media/key/');
    if (afterTake) useGalleryStore.getState().readAhead(true);
    total = 501;
    libraryChanged();
    if (!afterTake) useGalleryStore.getState().readAhead(true);
    const answers = held;
    held = null;
    for (const release of answers) release();
    await vi.runAllTimersAsync();
    expect(queries).toHaveLength(2);
    expect(useGalleryStore.getState().total).toBe(501);
  });

  it('asks again when the first script’s ask failed', async () => {
    failNext = true;
    readOpeningRows('http://127.0.0.1:1/media/key/');
    useGalleryStore.getState().readAhead(true);
    await vi.runAllTimersAsync();
    expect(queries).toHaveLength(2);
    expect(useGalleryStore.getState()).toMatchObject({ total: 500, answered: true, error: null });
  });

  it('asks for its own filter when one was set before the gallery asked', async () => {
    readOpeningRows('http://127.0.0.1:1/media/key/');
    useGalleryStore.getState().setFilter({ kinds: ['video'] });
    await vi.runAllTimersAsync();
    expect(queries.map((query) => query.filter.kinds ?? null)).toEqual([null, ['video']]);
    expect(useGalleryStore.getState()).toMatchObject({ total: 500, answered: true });
    expect(useGalleryStore.getState().filter.kinds).toEqual(['video']);
  });

  it('hears of a change announced before the app listened, through the events the first script holds', async () => {
    // As app/earlyStart.ts does, then core announces a change, then the app subscribes (bridgeEvents.ts).
    holdEvents(['library.updated']);
    readOpeningRows('http://127.0.0.1:1/media/key/');
    total = 501;
    emit('library.updated', { items: [], removedIds: ['gone'] });
    const seen: unknown[] = [];
    const stop = listen('library.updated', (update) => {
      seen.push(update);
      libraryChanged();
    });
    expect(seen).toEqual([{ items: [], removedIds: ['gone'] }]);
    // Held no longer: the next one reaches the listener once, as any event.
    emit('library.updated', { items: [], removedIds: ['later'] });
    expect(seen).toHaveLength(2);
    expect(handlers.get('library.updated')?.size).toBe(1);
    useGalleryStore.getState().readAhead(true);
    await vi.runAllTimersAsync();
    expect(queries).toHaveLength(2);
    expect(useGalleryStore.getState().total).toBe(501);
    stop();
  });
});
