import { describe, expect, it } from 'vitest';
import { Later } from '../../../../../electron/core/session/later.ts';

describe('a part of a session built after the parts that report to it', () => {
  it('refuses to be read before its stage built it, naming it', () => {
    const records = new Later<{ observe(): string }>('the record flow');
    expect(() => records.get()).toThrow(/the record flow/);
  });

  it('is the part its stage set, once set', () => {
    const records = new Later<{ observe(): string }>('the record flow');
    const flow = { observe: () => 'seen' };
    records.set(flow);
    expect(records.get()).toBe(flow);
    expect(records.get().observe()).toBe('seen');
  });
});
