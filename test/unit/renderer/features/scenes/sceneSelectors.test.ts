import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shallow } from 'zustand/shallow';
import type { Bridge, CommandInput, Scene, SceneLine, ScenePrice } from '../../../../../shared/ipc/index.ts';
import { applyChanges, changesOnto } from '../../../../../shared/scenes/textChanges.ts';
import { setBridgeForTests } from '../../../../../renderer/bridge/invoke.ts';
import { newLine } from '../../../../../renderer/features/scenes/sceneLines.ts';
import {
  sameApartFromText,
  selectLine,
  selectLineCounts,
  selectLineIds,
  selectLinePrice,
} from '../../../../../renderer/features/scenes/sceneSelectors.ts';
import { SAVE_DEBOUNCE_MS, useScenesStore } from '../../../../../renderer/features/scenes/scenesStore.ts';

const LINES = 200;

function sceneOf(lines: SceneLine[]): Scene {
  return { id: 's1', title: 'Long', aspect: '16:9', quality: 'standard', lines, collectionId: null, createdAt: 't', updatedAt: 't' };
}

function priceOf(lines: readonly SceneLine[]): ScenePrice {
  return {
    lines: lines.map((line) => ({ lineId: line.id, credits: 3, reused: false, problem: null, estimateMs: 500 })),
    totalCredits: 3 * lines.length,
    toRender: lines.length,
    estimateMs: 1000,
    balance: 10_000,
    covered: true,
    approvalRequired: false,
  };
}

/** Core as the editor sees it: it keeps the lines it is sent and answers each save and quote with fresh copies. */
function bridgeFor(initial: SceneLine[]): Bridge {
  let stored = sceneOf(initial);
  return {
    invoke: (async (command: string, input: CommandInput<'scenes.update'>) => {
      if (command === 'scenes.get') return { ok: true, value: structuredClone(stored) };
      if (command === 'scenes.price') return { ok: true, value: priceOf(stored.lines) };
      if (command === 'scenes.editLineText') {
        const edit = input as unknown as CommandInput<'scenes.editLineText'>;
        stored = {
          ...stored,
          lines: stored.lines.map((line) =>
            line.id === edit.lineId ? { ...line, text: applyChanges(line.text, changesOnto(line.text, edit.base, edit.changes)) } : line,
          ),
        };
        return { ok: true, value: structuredClone(stored.lines.find((line) => line.id === edit.lineId)) };
      }
      if (command === 'scenes.update') {
        const byId = new Map(stored.lines.map((line) => [line.id, line]));
        const lines = (input.lines ?? []).map((line) => ({ ...(byId.get(line.id) ?? newLine()), ...line }));
        stored = { ...stored, lines };
        return { ok: true, value: structuredClone(stored) };
      }
      return { ok: false, error: { code: 'not_available', params: { what: 'command' } } };
    }) as Bridge['invoke'],
    on: () => () => undefined,
  };
}

describe('what a keystroke in a long scene changes for the editor', () => {
  const lines = Array.from({ length: LINES }, (_, index) => newLine({ characterId: 'mira', text: `Line ${index + 1}` }));
  const store = () => useScenesStore.getState();

  beforeEach(async () => {
    vi.useFakeTimers();
    setBridgeForTests(bridgeFor(lines));
    store().reset();
    await store().open('s1');
    await vi.advanceTimersByTimeAsync(0);
  });

  afterEach(() => {
    setBridgeForTests(null);
    store().reset();
    vi.useRealTimers();
  });

  it('gives every other line, the ordered ids, the counts and the prices back unchanged', () => {
    const typedIn = lines[100]?.id ?? '';
    const before = store();
    store().editLine(typedIn, { text: 'Line 101, longer' });
    const after = store();

    expect(selectLine(after, typedIn)?.text).toBe('Line 101, longer');
    expect(selectLine(after, typedIn)).not.toBe(selectLine(before, typedIn));
    const unchanged = lines.filter((line) => line.id !== typedIn);
    expect(unchanged.every((line) => selectLine(after, line.id) === selectLine(before, line.id))).toBe(true);
    expect(shallow(selectLineIds(after), selectLineIds(before))).toBe(true);
    expect(shallow(selectLineCounts(after), selectLineCounts(before))).toBe(true);
    expect(lines.every((line) => selectLinePrice(after, line.id) === selectLinePrice(before, line.id))).toBe(true);
  });

  it('changes the ordered ids when a line comes or moves, and only then', () => {
    const before = selectLineIds(store());
    store().moveLine(lines[3]?.id ?? '', -1);
    const moved = selectLineIds(store());
    expect(shallow(moved, before)).toBe(false);
    expect(moved.slice(2, 4)).toEqual([lines[3]?.id, lines[2]?.id]);
    const made = store().insertLine(null);
    expect(selectLineIds(store()).at(-1)).toBe(made.id);
    expect(selectLine(store(), made.id)).toBe(made);
  });

  it('keeps each line the editor holds when core answers a save and a new quote with the same values', async () => {
    const typedIn = lines[7]?.id ?? '';
    store().editLine(typedIn, { text: 'Changed' });
    const typed = store();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    const saved = store();

    expect(saved.saveState).toBe('saved');
    expect(saved.price).not.toBe(typed.price);
    expect(lines.every((line) => selectLine(saved, line.id) === selectLine(typed, line.id))).toBe(true);
    expect(lines.every((line) => selectLinePrice(saved, line.id) === selectLinePrice(typed, line.id))).toBe(true);
  });

  it('tells a key typed in a line, which leaves its row as it is, from an edit the row shows', () => {
    const typedIn = lines[10]?.id ?? '';
    const before = selectLine(store(), typedIn);
    store().editLine(typedIn, { text: 'Line 11, and more' });
    const typed = selectLine(store(), typedIn);
    expect(typed?.text).toBe('Line 11, and more');
    expect(before && typed && sameApartFromText(before, typed)).toBe(true);

    store().editLine(typedIn, { emotion: 'happy' });
    const moved = selectLine(store(), typedIn);
    expect(typed && moved && sameApartFromText(typed, moved)).toBe(false);

    const done: SceneLine = { ...newLine({ text: 'Rendered' }), state: 'done', mediaId: 'm1' };
    const retyped: SceneLine = { ...done, text: 'Rendered, then changed', state: 'draft' };
    expect(sameApartFromText(done, retyped)).toBe(false);
  });

  it('answers a removed line as gone', () => {
    const removed = lines[0]?.id ?? '';
    store().removeLine(removed);
    expect(selectLine(store(), removed)).toBeUndefined();
    expect(selectLineCounts(store()).total).toBe(LINES - 1);
  });
});
