import { describe, expect, it } from 'vitest';
import { LinearResampler } from '../../../../shared/scenes/linearResampler.ts';

const ramp = (from: number, length: number) => Float32Array.from({ length }, (_, index) => from + index);

function run(resampler: LinearResampler, chunks: Float32Array[][]): number[][] {
  const out: number[][] = [[], []];
  for (const chunk of [...chunks.map((each) => resampler.push(each)), resampler.flush()]) {
    chunk.forEach((plane, channel) => out[channel]!.push(...plane));
  }
  return out;
}

describe('the linear resampler', () => {
  it('doubles a mono ramp to stereo at twice the rate, continuous across chunks', () => {
    const [left, right] = run(new LinearResampler(24_000, 48_000), [[ramp(0, 3)], [ramp(3, 3)]]);
    expect(left).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
    expect(right).toEqual(left);
  });

  it('keeps a stereo signal at the same rate as it is', () => {
    const [left, right] = run(new LinearResampler(48_000, 48_000), [
      [ramp(0, 4), ramp(10, 4)],
      [ramp(4, 2), ramp(14, 2)],
    ]);
    expect(left).toEqual([0, 1, 2, 3, 4, 5]);
    expect(right).toEqual([10, 11, 12, 13, 14, 15]);
  });

  it('makes as many frames as the length asks, whatever the chunking', () => {
    const chunks = Array.from({ length: 10 }, (_, index) => [ramp(index * 441, 441)]);
    const [left] = run(new LinearResampler(44_100, 48_000), chunks);
    expect(Math.abs(left!.length - 4_800)).toBeLessThanOrEqual(1);
    expect(left!.every((value, index) => index === 0 || value > left![index - 1]!)).toBe(true);
  });
});
