import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, LibraryFilter } from '../../../../../shared/ipc/index.ts';
import { setBridgeForTests } from '../../../../../renderer/bridge/invoke.ts';
import { PAGE_SIZE, useGalleryStore } from '../../../../../renderer/features/gallery/galleryStore.ts';
import { libraryItem as item } from '../../support/libraryItems.ts';

type Query = { filter: LibraryFilter; offset: number; limit: number };

describe('the gallery answering a search as it is typed', () => {
  let calls: Query[];
  let gates: (() => void)[];

  beforeEach(() => {
    calls = [];
    gates = [];
    const bridge: Bridge = {
      invoke: (async (_command: string, query: Query) => {
        calls.push(query);
        // Each answer waits until the test releases it, in the order asked.
        await new Promise<void>((resolve) => gates.push(resolve));
        const word = query.filter.search ?? 'all';
        const total = 100_000;
        const items = Array.from({ length: Math.min(query.limit, total - query.offset) }, (_, k) => item(query.offset + k, word));
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
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const release = async () => {
    gates.shift()?.();
    await settle();
  };

  it('sends the first key at once, holds the rest behind it and sends only the latest', async () => {
    const gallery = useGalleryStore.getState();
    for (const text of ['h', 'ha', 'har', 'harb', 'harbo', 'harbor']) gallery.setSearchText(text);
    await settle();
    expect(calls.map((c) => c.filter.search)).toEqual(['h']);
    await release();
    expect(calls.map((c) => c.filter.search)).toEqual(['h', 'harbor']);
    await release();
    const state = useGalleryStore.getState();
    expect(state.answered).toBe(true);
    expect(state.itemAt(0)?.id).toBe('harbor-0');
  });

  it('keeps the previous results on screen until the new filter answers', async () => {
    const gallery = useGalleryStore.getState();
    gallery.showRange(0, 20);
    await settle();
    await release();
    expect(useGalleryStore.getState().itemAt(0)?.id).toBe('all-0');
    gallery.setSearchText('aurora');
    expect(useGalleryStore.getState()).toMatchObject({ answered: false, total: 100_000 });
    expect(useGalleryStore.getState().itemAt(0)?.id).toBe('all-0');
    await settle();
    await release();
    expect(useGalleryStore.getState()).toMatchObject({ answered: true });
    expect(useGalleryStore.getState().itemAt(0)?.id).toBe('aurora-0');
  });

  it('lets go of the pages far from the view when it moves back to the top', async () => {
    const gallery = useGalleryStore.getState();
    gallery.showRange(0, 20);
    await settle();
    await release();
    for (let page = 1; page <= 30; page += 1) {
      gallery.showRange(page * PAGE_SIZE, page * PAGE_SIZE + 20);
      await settle();
      await release();
    }
    expect(Object.keys(useGalleryStore.getState().pages).length).toBeLessThanOrEqual(5);
    gallery.showRange(0, 20);
    expect(Object.keys(useGalleryStore.getState().pages).map(Number)).toEqual([]);
  });
});
