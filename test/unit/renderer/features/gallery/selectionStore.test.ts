import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, LibraryFilter } from '../../../../../shared/ipc/index.ts';
import { setBridgeForTests } from '../../../../../renderer/bridge/invoke.ts';
import { PAGE_SIZE, useGalleryStore } from '../../../../../renderer/features/gallery/galleryStore.ts';
import { useSelectionStore } from '../../../../../renderer/features/gallery/selectionStore.ts';
import { libraryItems } from '../../support/libraryItems.ts';

const TOTAL = 1_000;
const PLAIN = { range: false, toggle: false };
const SHIFT = { range: true, toggle: false };
const CTRL = { range: false, toggle: true };
const CTRL_SHIFT = { range: true, toggle: true };

describe('the gallery selection', () => {
  let asked: { command: string; filter: LibraryFilter }[];
  let refuse: boolean;

  beforeEach(() => {
    asked = [];
    refuse = false;
    const bridge: Bridge = {
      invoke: (async (command: string, input: { filter: LibraryFilter }) => {
        asked.push({ command, filter: input.filter });
        if (refuse) return { ok: false, error: { code: 'internal_error', params: {} } };
        return { ok: true, value: libraryItems(0, TOTAL).map((item) => item.id) };
      }) as Bridge['invoke'],
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
    useGalleryStore.getState().reset();
    useSelectionStore.getState().reset();
    // Pages 0 and 1 are loaded, as after the grid showed its first screens.
    useGalleryStore.setState({
      answered: true,
      total: TOTAL,
      pages: { 0: libraryItems(0, PAGE_SIZE), 1: libraryItems(PAGE_SIZE, PAGE_SIZE) },
    });
  });

  afterEach(() => {
    setBridgeForTests(null);
    useSelectionStore.getState().reset();
    useGalleryStore.getState().reset();
  });

  const selected = () => [...useSelectionStore.getState().selected].sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]));
  const ids = (from: number, to: number) => libraryItems(from, to - from + 1).map((item) => item.id);

  it('selects one item on a plain click and makes it the anchor', async () => {
    await useSelectionStore.getState().click(5, 'item-5', PLAIN);
    await useSelectionStore.getState().click(7, 'item-7', PLAIN);
    expect(selected()).toEqual(['item-7']);
    expect(useSelectionStore.getState().anchor).toBe(7);
  });

  it('adds and removes one item with Ctrl, keeping the rest', async () => {
    await useSelectionStore.getState().click(1, 'item-1', PLAIN);
    await useSelectionStore.getState().click(4, 'item-4', CTRL);
    expect(selected()).toEqual(['item-1', 'item-4']);
    await useSelectionStore.getState().click(1, 'item-1', CTRL);
    expect(selected()).toEqual(['item-4']);
  });

  it('extends a Shift range from the anchor in either direction, from the loaded pages', async () => {
    await useSelectionStore.getState().click(10, 'item-10', PLAIN);
    await useSelectionStore.getState().click(14, 'item-14', SHIFT);
    expect(selected()).toEqual(ids(10, 14));
    // The anchor stays: a second Shift click replaces the range rather than growing it.
    await useSelectionStore.getState().click(7, 'item-7', SHIFT);
    expect(selected()).toEqual(ids(7, 10));
    expect(useSelectionStore.getState().focus).toBe(7);
    expect(asked).toEqual([]);
  });

  it('adds a Ctrl+Shift range to what was selected', async () => {
    await useSelectionStore.getState().click(2, 'item-2', PLAIN);
    await useSelectionStore.getState().click(40, 'item-40', CTRL);
    await useSelectionStore.getState().click(43, 'item-43', CTRL_SHIFT);
    expect(selected()).toEqual(['item-2', ...ids(40, 43)]);
  });

  it('reads a range reaching past the loaded pages from core, once per result set', async () => {
    await useSelectionStore.getState().click(150, 'item-150', PLAIN);
    await useSelectionStore.getState().click(450, 'item-450', SHIFT);
    expect(selected()).toEqual(ids(150, 450));
    await useSelectionStore.getState().click(600, 'item-600', SHIFT);
    expect(selected()).toEqual(ids(150, 600));
    expect(asked.map((each) => each.command)).toEqual(['library.ids']);
    // A new filter is a new result set: its ids are read afresh.
    useGalleryStore.setState({ epoch: useGalleryStore.getState().epoch + 1, filter: { sort: 'oldest' } });
    await useSelectionStore.getState().selectAllMatching();
    expect(asked).toHaveLength(2);
    expect(asked[1]?.filter).toEqual({ sort: 'oldest' });
    expect(useSelectionStore.getState().selected.size).toBe(TOTAL);
  });

  it('keeps the selection and says why when core refuses the ids', async () => {
    await useSelectionStore.getState().click(150, 'item-150', PLAIN);
    refuse = true;
    await useSelectionStore.getState().click(450, 'item-450', SHIFT);
    expect(selected()).toEqual(['item-150']);
    expect(useSelectionStore.getState().busy).toBe(false);
    expect(useSelectionStore.getState().error?.code).toBe('internal_error');
  });

  it('toggles the focused item and forgets deleted ones', async () => {
    useSelectionStore.getState().setFocus(3);
    useSelectionStore.getState().toggleFocused();
    useSelectionStore.getState().setFocus(8);
    useSelectionStore.getState().toggleFocused();
    expect(selected()).toEqual(['item-3', 'item-8']);
    useSelectionStore.getState().forget(['item-3', 'item-99']);
    expect(selected()).toEqual(['item-8']);
    useSelectionStore.getState().clear();
    expect(selected()).toEqual([]);
  });
});
