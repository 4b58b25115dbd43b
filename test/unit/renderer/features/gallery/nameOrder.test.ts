import { describe, expect, it } from 'vitest';
import { nameOrder } from '../../../../../renderer/features/gallery/nameOrder.ts';

const sorted = (names: string[], locale: Parameters<typeof nameOrder>[2]) => nameOrder(names, (name) => name, locale);

describe('names in the gallery’s lists, in the reader’s order', () => {
  it('puts accented names beside their letters and numbers by value, not by code point', () => {
    expect(sorted(['Zoë', 'Émile', 'emma', 'Ada', 'Take 10', 'Take 9'], 'fr')).toEqual([
      'Ada',
      'Émile',
      'emma',
      'Take 9',
      'Take 10',
      'Zoë',
    ]);
  });

  it('follows the language’s alphabet: in German Ä sits with A', () => {
    expect(sorted(['Zora', 'Ärger', 'Anton'], 'de')).toEqual(['Anton', 'Ärger', 'Zora']);
  });

  it('keeps the list it was given as it was', () => {
    const names = ['b', 'a'];
    sorted(names, 'en');
    expect(names).toEqual(['b', 'a']);
  });
});
