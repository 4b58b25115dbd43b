import { describe, expect, it } from 'vitest';
import { parseAspectRatio, ratioOf, rememberNaturalSize } from '../../../../../renderer/features/gallery/itemShapes.ts';

describe('the shape of an item’s tile', () => {
  it('takes the aspect ratio the item was made at first', () => {
    expect(ratioOf({ id: 'a', kind: 'image', options: { aspect_ratio: '9:16' } })).toBeCloseTo(9 / 16, 9);
    expect(parseAspectRatio('21:9')).toBeCloseTo(21 / 9, 9);
    expect(parseAspectRatio('wide')).toBeNull();
    expect(parseAspectRatio('0:1')).toBeNull();
  });

  it('falls back to the thumbnail’s real size once it has loaded, then to the kind’s shape', () => {
    const item = { id: 'b', kind: 'video' as const, options: {} };
    expect(ratioOf(item)).toBeCloseTo(16 / 9, 9);
    expect(rememberNaturalSize(item, 300, 400)).toBe(true);
    expect(ratioOf(item)).toBeCloseTo(3 / 4, 9);
    // The same size again changes nothing.
    expect(rememberNaturalSize(item, 300, 400)).toBe(false);
  });

  it('keeps the ratio named in the options over the thumbnail’s size', () => {
    const item = { id: 'c', kind: 'image' as const, options: { aspect_ratio: '16:9' } };
    expect(rememberNaturalSize(item, 100, 100)).toBe(false);
    expect(ratioOf(item)).toBeCloseTo(16 / 9, 9);
  });
});
