import { describe, expect, it } from 'vitest';
import { actionForKey, clock, frameStepTime, nextSpeed } from '../../../../renderer/ui/MediaPlayer/playerKeys.ts';

describe('the media player’s keys', () => {
  it('plays, seeks, steps frames and changes speed', () => {
    expect(actionForKey(' ', true)).toEqual({ type: 'toggle' });
    expect(actionForKey('ArrowRight', false)).toEqual({ type: 'seekBy', seconds: 5 });
    expect(actionForKey('ArrowLeft', true)).toEqual({ type: 'seekBy', seconds: -5 });
    expect(actionForKey('.', true)).toEqual({ type: 'frame', direction: 1 });
    expect(actionForKey(',', true)).toEqual({ type: 'frame', direction: -1 });
    expect(actionForKey('>', false)).toEqual({ type: 'speed', direction: 1 });
  });

  it('has no frame step or full screen for audio, and leaves other keys to the page', () => {
    expect(actionForKey('.', false)).toBeNull();
    expect(actionForKey('f', false)).toBeNull();
    expect(actionForKey('Escape', true)).toBeNull();
    expect(actionForKey('Enter', true)).toBeNull();
  });

  it('steps one frame at the given rate (1/24 s by default), inside the media', () => {
    expect(frameStepTime(1, 10, 1)).toBeCloseTo(1 + 1 / 24, 10);
    expect(frameStepTime(1, 10, -1, 30)).toBeCloseTo(1 - 1 / 30, 10);
    expect(frameStepTime(0, 10, -1)).toBe(0);
    expect(frameStepTime(10, 10, 1)).toBe(10);
  });

  it('walks the speed ladder and stops at its ends', () => {
    expect(nextSpeed(1, 1)).toBe(1.25);
    expect(nextSpeed(1, -1)).toBe(0.75);
    expect(nextSpeed(2, 1)).toBe(2);
    expect(nextSpeed(0.5, -1)).toBe(0.5);
    expect(nextSpeed(1.1, 1)).toBe(1.25);
  });

  it('shows where it is as a floored clock', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(59.9)).toBe('0:59');
    expect(clock(3723)).toBe('1:02:03');
    expect(clock(Number.NaN)).toBe('0:00');
  });
});
