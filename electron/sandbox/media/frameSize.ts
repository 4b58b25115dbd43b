import type { AspectRatio } from '../../../shared/api/index.ts';

/** Width and height for an aspect ratio at a long side, rounded to a multiple (even for H.264). */
export function frameSize(aspect: AspectRatio | undefined, longSide: number, multiple = 2): { width: number; height: number } {
  const [a, b] = (aspect ?? '1:1').split(':').map(Number) as [number, number];
  const round = (n: number): number => Math.max(multiple, Math.round(n / multiple) * multiple);
  return a >= b
    ? { width: round(longSide), height: round((longSide * b) / a) }
    : { width: round((longSide * a) / b), height: round(longSide) };
}
