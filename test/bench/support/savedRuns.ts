/**
 * Saved runs: one JSON file per benchmark, chaos or crash run under test/bench/results/, named
 * `<day>-<time>-<commit>-<machine>-<runner>.json`, holding the day, the commit, the machine and
 * the figures the run printed. `npm run results` writes RESULTS.md from them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';

export const RESULTS_DIR = fileURLToPath(new URL('../results', import.meta.url));

const figure = z.object({ name: z.string().min(1), value: z.number().nullable(), unit: z.string(), note: z.string().optional() });

const savedRun = z.object({
  /** The day the run was made, `YYYY-MM-DD` (UTC). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** When it started, when known. */
  started: z.string().nullable(),
  /** The short commit measured (`+changes` when the work tree differed from it), or null when not recorded. */
  commit: z.string().nullable(),
  runner: z.enum(['bench', 'chaos', 'crash']),
  command: z.string(),
  quick: z.boolean(),
  machine: z.object({
    cpu: z.string().nullable(),
    cores: z.number().nullable(),
    memory_gib: z.number().nullable(),
    /** What else is known of the machine that day: its load, the browser, how fast it ran. */
    conditions: z.string(),
  }),
  /** What is known of the run that is not a figure. */
  notes: z.array(z.string()),
  figures: z.array(figure),
});

export type SavedFigure = z.infer<typeof figure>;
export type SavedRun = z.infer<typeof savedRun>;
export type SavedRunFile = SavedRun & { file: string };

/**
 * Every saved run in `dir`, oldest first: by file name, which starts with the day and time, and a
 * second run saved in the same minute (`<stem>-2.json`) after the first (`<stem>.json`).
 */
export function readSavedRuns(dir = RESULTS_DIR): SavedRunFile[] {
  const order = (name: string) => {
    const [, stem = name, n = '1'] = /^(.*?)(?:-(\d+))?\.json$/.exec(name) ?? [];
    return { stem, n: Number(n) };
  };
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x.stem < y.stem ? -1 : x.stem > y.stem ? 1 : x.n - y.n;
    });
  return files.map((file) => {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`The saved run ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const parsed = savedRun.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `The saved run ${file} does not read as a run: ${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'unknown'}.`,
      );
    }
    if (!file.startsWith(parsed.data.date))
      throw new Error(`The saved run ${file} is named for another day than its date ${parsed.data.date}.`);
    return { ...parsed.data, file };
  });
}

/** Writes one run to `dir` (formatted as the repository's Prettier leaves it) and returns its path; a second run in the same minute gets `-2`, `-3`… */
export async function saveRun(
  run: Pick<SavedRun, 'runner' | 'command' | 'quick' | 'figures'> & { notes?: string[]; conditions?: string },
  dir = RESULTS_DIR,
): Promise<string> {
  const now = new Date();
  const commit = currentCommit();
  const machine = currentMachine(run.conditions);
  const saved: SavedRun = {
    date: now.toISOString().slice(0, 10),
    started: now.toISOString(),
    commit,
    runner: run.runner,
    command: run.command,
    quick: run.quick,
    machine,
    notes: run.notes ?? [],
    figures: run.figures.map(({ name, value, unit, note }) => (note === undefined ? { name, value, unit } : { name, value, unit, note })),
  };
  const slug = (machine.cpu ?? 'unknown').toLowerCase().replace(/\(r\)|\(tm\)|processor|cpu/g, '');
  const machineSlug = `${slug
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 2)
    .join('-')}-${machine.cores ?? 0}c`;
  const stem = `${saved.date}-${now.toISOString().slice(11, 16).replace(':', '')}-${(commit ?? 'nocommit').replace('+changes', '')}-${machineSlug}-${run.runner}`;
  mkdirSync(dir, { recursive: true });
  let path = join(dir, `${stem}.json`);
  for (let n = 2; existsSync(path); n += 1) path = join(dir, `${stem}-${n}.json`);
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(JSON.stringify(saved, null, 2), { ...options, parser: 'json' }));
  return path;
}

function currentCommit(): string | null {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return changed ? `${hash}+changes` : hash;
  } catch {
    return null;
  }
}

function currentMachine(more: string | undefined): SavedRun['machine'] {
  const [one = 0] = loadavg();
  return {
    cpu: cpus()[0]?.model.trim() ?? null,
    cores: cpus().length,
    memory_gib: Math.round(totalmem() / 2 ** 30),
    conditions: `load average ${one.toFixed(1)} at the start; Node ${process.version}, ${process.platform} ${process.arch}${more ? `; ${more}` : ''}`,
  };
}
