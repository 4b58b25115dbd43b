import { describe, expect, it } from 'vitest';
import { applyChanges, diffText, fitsBase, mapPlace, rebaseChanges, type TextChange } from '../../../../shared/scenes/textChanges.ts';

/** A small seeded random source, so a failure can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A few random edits of `base`, made one after another, with letters of `alphabet`. */
function edited(base: string, next: () => number, alphabet: string): string {
  let text = base;
  const count = 1 + Math.floor(next() * 3);
  for (let i = 0; i < count; i += 1) {
    const at = Math.floor(next() * (text.length + 1));
    const remove = Math.floor(next() * Math.min(4, text.length - at + 1));
    const insert = Array.from({ length: Math.floor(next() * 4) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    text = text.slice(0, at) + insert + text.slice(at + remove);
  }
  return text;
}

describe('text changes', () => {
  it('diffs two texts into changes that fit the first and make the second', () => {
    const next = random(7);
    for (let run = 0; run < 500; run += 1) {
      const before = edited('the quick brown fox', next, 'abcxyz ');
      const after = edited(before, next, 'abcxyz ');
      const changes = diffText(before, after);
      expect(fitsBase(before, changes)).toBe(true);
      expect(applyChanges(before, changes)).toBe(after);
    }
  });

  it('keeps both people’s typing in one line: inserts of both, removals of both', () => {
    const next = random(11);
    for (let run = 0; run < 500; run += 1) {
      const base = edited('Two bowls of noodles, please.', next, 'abc');
      const mine = edited(base, next, 'MNO');
      const theirs = edited(base, next, 'XYZ');
      const remote = diffText(base, theirs);
      const moved = rebaseChanges(diffText(base, mine), remote);
      expect(fitsBase(theirs, moved)).toBe(true);
      const merged = applyChanges(theirs, moved);
      // Every character either of them typed is there, in the order they typed it.
      const myInserts = diffText(base, mine)
        .map((change) => change.insert)
        .join('');
      const theirInserts = remote.map((change) => change.insert).join('');
      expect(merged.replace(/[^XYZ]/g, '')).toBe(theirInserts);
      expect(merged.replace(/[^MNO]/g, '')).toBe(myInserts);
    }
  });

  it('puts an edit made on an old text where it belongs in the new one', () => {
    const base = 'Hello world';
    const theirs = 'Well, Hello world!';
    const mine: TextChange[] = [{ at: 5, remove: 0, insert: ',' }];
    expect(applyChanges(theirs, rebaseChanges(mine, diffText(base, theirs)))).toBe('Well, Hello, world!');
    // What they removed is not removed twice; what only I removed goes.
    const removedBoth = rebaseChanges([{ at: 0, remove: 6, insert: '' }], diffText(base, 'world'));
    expect(applyChanges('world', removedBoth)).toBe('world');
    // Both typing at the same place: mine stays where I typed it, theirs after it.
    expect(applyChanges('Hi Ben', rebaseChanges([{ at: 2, remove: 0, insert: ' Ana' }], diffText('Hi', 'Hi Ben')))).toBe('Hi Ana Ben');
    // Replacing a word where they typed at its start: their letters stay, the word goes.
    expect(applyChanges('Xbig cat', rebaseChanges([{ at: 0, remove: 3, insert: 'small' }], diffText('big cat', 'Xbig cat')))).toBe(
      'smallX cat',
    );
  });

  it('maps a caret over changes made before, inside and after it', () => {
    const changes = diffText('abcdef', 'XXabef');
    expect(mapPlace(0, changes, false)).toBe(0);
    expect(mapPlace(6, changes, false)).toBe(6);
    expect(mapPlace(2, changes, true)).toBe(4);
  });

  it('refuses changes out of the base, out of order or touching', () => {
    expect(fitsBase('abc', [{ at: 2, remove: 2, insert: '' }])).toBe(false);
    expect(
      fitsBase('abc', [
        { at: 2, remove: 0, insert: 'x' },
        { at: 0, remove: 0, insert: 'y' },
      ]),
    ).toBe(false);
    expect(
      fitsBase('abc', [
        { at: 0, remove: 1, insert: 'x' },
        { at: 1, remove: 0, insert: 'y' },
      ]),
    ).toBe(false);
    expect(fitsBase('abc', [{ at: 1, remove: 0, insert: '' }])).toBe(false);
    expect(
      fitsBase('abc', [
        { at: 0, remove: 1, insert: 'x' },
        { at: 2, remove: 1, insert: '' },
      ]),
    ).toBe(true);
  });
});
