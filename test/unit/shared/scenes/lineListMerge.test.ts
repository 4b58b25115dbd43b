import { describe, expect, it } from 'vitest';
import { mergeLineList } from '../../../../shared/scenes/lineListMerge.ts';

const ids = (lines: { id: string }[]) => lines.map((line) => line.id);
const list = (...names: string[]) => names.map((id) => ({ id }));

describe('an editor’s list of lines over the scene’s as it is now', () => {
  it('keeps a line added elsewhere after the line it follows, and the editor’s order and removals', () => {
    // The editor saw a b c d, moved d to the front and removed b; meanwhile x came after c elsewhere.
    const merged = mergeLineList(list('d', 'a', 'c', 'n'), list('a', 'b', 'c', 'x', 'd'), new Set(['a', 'b', 'c', 'd']));
    expect(ids(merged)).toEqual(['d', 'a', 'c', 'x', 'n']);
  });

  it('leaves out a line the editor saw that was removed elsewhere, and keeps its own new lines', () => {
    const merged = mergeLineList(list('a', 'b', 'n'), list('a'), new Set(['a', 'b']));
    expect(ids(merged)).toEqual(['a', 'n']);
  });

  it('puts a line added elsewhere at the start first', () => {
    expect(ids(mergeLineList(list('a'), list('x', 'a'), new Set(['a'])))).toEqual(['x', 'a']);
  });
});
