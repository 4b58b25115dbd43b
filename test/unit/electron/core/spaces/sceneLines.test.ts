import { describe, expect, it } from 'vitest';
import { editBetween, placeEdit, toLibraryLine, toLibrarySettings } from '../../../../../electron/core/spaces/sceneLines.ts';

describe('placing a local text edit beside another member’s', () => {
  const apply = (text: string, at: number, edit: { removed: number; inserted: string }) =>
    text.slice(0, at) + edit.inserted + text.slice(at + edit.removed);

  it.each([
    ['before theirs', 'Hello world', 'Hi world', 'Hello big world', 'Hi big world'],
    ['after theirs', 'Hello world', 'Hello world!', 'Hello big world', 'Hello big world!'],
    ['with theirs removing text before', 'one two three', 'one two three four', 'one three', 'one three four'],
    ['where theirs changed nothing', 'abc', 'abXc', 'abc', 'abXc'],
  ])('keeps both when the local edit is %s', (_, was, local, remote, merged) => {
    const mine = editBetween(was, local);
    const at = placeEdit(mine, editBetween(was, remote));
    expect(at).not.toBeNull();
    expect(apply(remote, at!, mine)).toBe(merged);
  });

  it('gives up (null) when both change the same characters', () => {
    expect(placeEdit(editBetween('Hello world', 'Hello there'), editBetween('Hello world', 'Hello word'))).toBeNull();
  });
});

describe("another member's line as the library may hold it", () => {
  const base = { kind: 'talk' as const, characterId: 'c', voiceId: null, text: 'Hi', emotion: null, talk: null, clipItemId: null };

  it('reads a field that breaks the rules as its default and cuts a text past the limit', () => {
    const line = toLibraryLine({
      ...base,
      id: '4f1c2a7e-8d5b-4c3a-9e2f-1a2b3c4d5e60',
      emotion: 'furious',
      talk: { duration: -3 },
      text: 'x'.repeat(6000),
    });
    expect(line).toMatchObject({ emotion: null, talk: null });
    expect(line?.text).toHaveLength(5000);
  });

  it('leaves out a line whose id the app would not make', () => {
    expect(toLibraryLine({ ...base, id: 'not-a-uuid' })).toBeNull();
  });
});

describe("another member's scene settings as the library may hold them", () => {
  it('keeps an untitled scene untitled, so each page words the default in its own language', () => {
    expect(toLibrarySettings({ title: '  ', aspect: '16:9', quality: 'pro' }).title).toBe('');
    expect(toLibrarySettings({ title: ' The pier ', aspect: '16:9', quality: 'pro' }).title).toBe('The pier');
  });
});
