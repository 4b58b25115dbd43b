/** One figure a benchmark prints (`npm run bench` adds its target from test/bench/targets.ts). */
export type Metric = { name: string; value: number | null; unit: string; note?: string };

export type BenchOptions = { quick: boolean; runs: number; log: (line: string) => void };

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
