import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, resolveConfig } from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSheet, SHEET_PATH } from '../bench/sheet.ts';
import { RESULTS_DIR, saveRun } from '../bench/support/savedRuns.ts';
import { everyTargetMet, FIGURE_GROUPS, judge } from '../bench/targets.ts';

/**
 * test/bench/RESULTS.md is written by `npm run results` from the saved runs in test/bench/results/
 * and the targets in test/bench/targets.ts; these tests keep it that way and keep it short.
 */
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the saved runs in a folder of its own, to add runs to. */
function copyOfRuns(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-results-'));
  made.push(dir);
  for (const file of readdirSync(RESULTS_DIR)) copyFileSync(join(RESULTS_DIR, file), join(dir, file));
  return dir;
}

describe('the results sheet', () => {
  it('is what the saved runs make (run `npm run results` after saving a run)', async () => {
    expect(readFileSync(SHEET_PATH, 'utf8')).toBe(await renderSheet());
  });

  it('stays under 15 KB with no line over 200 characters', () => {
    const text = readFileSync(SHEET_PATH, 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThan(15_000);
    const long = text.split('\n').filter((line) => line.length > 200);
    expect(long).toEqual([]);
  });

  it('reads saved runs written as Prettier leaves them', async () => {
    const options = (await resolveConfig(join(RESULTS_DIR, 'x.json'))) ?? {};
    for (const file of readdirSync(RESULTS_DIR)) {
      const path = join(RESULTS_DIR, file);
      expect(await check(readFileSync(path, 'utf8'), { ...options, filepath: path }), file).toBe(true);
    }
  });

  it('judges a newly saved run: a figure over its target is named as not met and the old sheet is out of date', async () => {
    const dir = copyOfRuns();
    const before = await renderSheet(dir);
    expect(before).not.toContain('`gallery_heap_mb_100k`,');
    await saveRun(
      {
        runner: 'bench',
        command: 'npm run bench -- --only gallery',
        quick: false,
        figures: [{ name: 'gallery_heap_mb_100k', value: 180, unit: 'MB' }],
      },
      dir,
    );
    const after = await renderSheet(dir);
    expect(after).not.toBe(before);
    expect(after).toMatch(/\*\*Not met now:\*\*[^#]*`gallery_heap_mb_100k`/);
    expect(after).toMatch(/\| `gallery_heap_mb_100k` +\| 180 +\| ≤ 150 MB +\| no /);
  });

  it('leaves quick runs out', async () => {
    const dir = copyOfRuns();
    const before = await renderSheet(dir);
    await saveRun(
      {
        runner: 'bench',
        command: 'npm run bench -- --quick',
        quick: true,
        figures: [{ name: 'gallery_heap_mb_100k', value: 180, unit: 'MB' }],
      },
      dir,
    );
    expect(await renderSheet(dir)).toBe(before);
  });

  it('refuses a figure with no target in targets.ts, naming the run and the figure', async () => {
    const dir = copyOfRuns();
    const path = await saveRun(
      { runner: 'bench', command: 'npm run bench', quick: false, figures: [{ name: 'gallery_mystery_ms', value: 1, unit: 'ms' }] },
      dir,
    );
    await expect(renderSheet(dir)).rejects.toThrow(
      `The saved run ${path.split('/').at(-1)} prints gallery_mystery_ms, which test/bench/targets.ts does not list`,
    );
  });

  it('refuses a file that is not a saved run, naming it', async () => {
    const dir = copyOfRuns();
    writeFileSync(join(dir, '2026-12-02-broken.json'), JSON.stringify({ date: '2026-12-02', figures: 'none' }));
    await expect(renderSheet(dir)).rejects.toThrow(/^The saved run 2026-12-02-broken\.json does not read as a run/);
  });
});

describe('targets judged from the one table', () => {
  const crash = (over: Record<string, number | null>) =>
    Object.entries({
      crash_intended: 200,
      crash_charged: 200,
      crash_duplicated: 0,
      crash_lost: 0,
      crash_corrupt: 0,
      crash_library_missing: 0,
      crash_kills: 20,
      ...over,
    }).map(([name, value]) => ({ name, value }));

  it('a clean crash run meets every target; a duplicate, a missing charge, corruption or no library check does not', () => {
    expect(everyTargetMet(crash({}))).toBe(true);
    expect(everyTargetMet(crash({ crash_duplicated: 1 }))).toBe(false);
    expect(everyTargetMet(crash({ crash_charged: 199 }))).toBe(false);
    expect(everyTargetMet(crash({ crash_corrupt: 1 }))).toBe(false);
    expect(everyTargetMet(crash({ crash_library_missing: null }))).toBe(false);
  });

  it('a busy figure is near its idle one up to 1.5 times it', () => {
    const sandbox = (busy: number) => [
      { name: 'sandbox_api_p95_ms_during_render', value: busy },
      { name: 'sandbox_api_p95_ms_idle', value: 2.9 },
    ];
    expect(everyTargetMet(sandbox(4.3))).toBe(true);
    expect(everyTargetMet(sandbox(4.4))).toBe(false);
  });

  it('a time with a bound of its own has a `_ratio` sibling judged against a reference, or says why not', () => {
    const figures = new Map(FIGURE_GROUPS.flatMap((group) => Object.entries(group.figures)));
    const bounded = [...figures].filter(
      ([name, { target }]) =>
        /_(ms|seconds)(_|$)/.test(name) &&
        !name.endsWith('_ratio') &&
        ['atMost', 'atLeast', 'equals', 'contextAtMost'].some((k) => k in target),
    );
    expect(bounded.length).toBeGreaterThan(5);
    const alone = bounded
      .filter(([name, spec]) => !figures.has(`${name}_ratio`) && !(spec.noReference && 'atMost' in spec.target))
      .map(([name]) => name);
    expect(alone).toEqual([]);
    const orphans = [...figures].filter(([name, spec]) => 'contextAtMost' in spec.target && !figures.has(`${name}_ratio`));
    expect(orphans).toEqual([]);
  });

  it("a time kept for context is not judged; its ratio is, and long frames are judged against the same size's bare page", () => {
    const run = new Map<string, number | null>([
      ['gallery_long_frames_10k_reference', 1],
      ['gallery_long_frames_100k_reference', 0],
    ]);
    expect(judge('gallery_scroll_p95_frame_ms_10k', 33.3, run)).toBe('report');
    expect(judge('gallery_scroll_p95_frame_ms_10k_ratio', 1, run)).toBe('met');
    expect(judge('gallery_scroll_p95_frame_ms_10k_ratio', 2, run)).toBe('missed');
    expect(judge('gallery_long_frames_10k', 1, run)).toBe('met');
    expect(judge('gallery_long_frames_100k', 1, run)).toBe('missed');
    expect(judge('gallery_long_frames_10k', 0, new Map())).toBe('not measured');
  });
});
