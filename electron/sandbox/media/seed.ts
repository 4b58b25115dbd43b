import { createHash } from 'node:crypto';

/** A deterministic random source: the same seed gives the same sequence on every platform. */
export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  range(min: number, max: number): number;
};

/** Hex SHA-256 of the parts joined unambiguously; the root of every procedural choice. */
export function seedOf(...parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** mulberry32 seeded from the first 32 bits of a hex seed. */
export function rngOf(seed: string): Rng {
  let state = Number.parseInt(seed.slice(0, 8), 16) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('Cannot pick from an empty list.');
      return item;
    },
    range: (min, max) => min + next() * (max - min),
  };
}
