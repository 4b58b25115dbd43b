import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../../shared/api/index.ts';
import { defaultTrackName } from '../../../../../renderer/features/voices/trackName.ts';

describe('a track’s default name', () => {
  it('is its voice and first words, marked when the text goes on', () => {
    expect(defaultTrackName('Mira', 'Welcome to the rooftop, everyone. Tonight we…')).toBe('Mira — Welcome to the rooftop, everyone…');
    expect(defaultTrackName('Mira', 'Welcome to the rooftop, where the city hums.')).toBe('Mira — Welcome to the rooftop, where…');
  });

  it('keeps a short line whole, without its closing punctuation or an ellipsis', () => {
    expect(defaultTrackName('Mira', '  Hello there!  ')).toBe('Mira — Hello there');
  });

  it('falls back to the words or the voice alone, and to nothing without either', () => {
    expect(defaultTrackName(null, 'Hello there')).toBe('Hello there');
    expect(defaultTrackName('Mira', '   ')).toBe('Mira');
    expect(defaultTrackName(undefined, '')).toBeNull();
  });

  it('stays within the service’s limit for a track name', () => {
    const name = defaultTrackName('V'.repeat(300), 'Hello there');
    expect(name?.length).toBe(LIMITS.audioTrackName);
    expect(name?.endsWith('…')).toBe(true);
  });
});
