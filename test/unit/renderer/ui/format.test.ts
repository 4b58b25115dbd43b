import { describe, expect, it } from 'vitest';
import { creditsText, formatBytes, formatCount, formatCountOf, formatDuration } from '../../../../renderer/ui/format.ts';

describe('numbers on screen', () => {
  it('reads durations as a clock, never as raw seconds', () => {
    expect(formatDuration(4.213)).toBe('0:04');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(0.2)).toBe('0:01');
    expect(formatDuration(2.6)).toBe('0:02');
    expect(formatDuration(59.6)).toBe('0:59');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('reads sizes in one set of units, with one decimal only below ten', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(14 * 1024 + 300)).toBe('14 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatBytes(48 * 1024 * 1024)).toBe('48 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });

  it('groups digits and names the unit of counts and credits', () => {
    expect(formatCount(12480)).toBe((12480).toLocaleString());
    expect(formatCountOf(1, 'item')).toBe('1 item');
    expect(formatCountOf(2400, 'item')).toBe(`${(2400).toLocaleString()} items`);
    expect(creditsText(1)).toBe('1 credit');
    expect(creditsText(1250)).toBe(`${(1250).toLocaleString()} credits`);
  });
});
