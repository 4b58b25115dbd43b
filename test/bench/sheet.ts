/**
 * `npm run results [-- --check]`: writes test/bench/RESULTS.md from the saved runs in
 * test/bench/results/ and the targets in test/bench/targets.ts. `--check` writes nothing and exits 1
 * when the file differs from what the runs make. Quick runs are not tracked.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { readSavedRuns, RESULTS_DIR, type SavedRunFile } from './support/savedRuns.ts';
import { FIGURE_GROUPS, figureFamily, figureSpec, judge, type FigureGroup, type Judgement, type Target } from './targets.ts';

export const SHEET_PATH = fileURLToPath(new URL('RESULTS.md', import.meta.url));

/** One printed figure's latest reading and the runs before it. */
type Row = { name: string; latest: Reading | null; earlier: Reading[] };
type Reading = { value: number | null; unit: string; run: SavedRunFile };

const MET: Record<Judgement, string> = { met: 'yes', missed: 'no', report: '—', 'not measured': 'n/a' };

/** RESULTS.md as the saved runs in `dir` make it, formatted as Prettier leaves it. */
export async function renderSheet(dir = RESULTS_DIR): Promise<string> {
  const runs = readSavedRuns(dir).filter((run) => !run.quick);
  for (const run of runs)
    for (const figure of run.figures)
      if (!figureSpec(figure.name))
        throw new Error(
          `The saved run ${run.file} prints ${figure.name}, which test/bench/targets.ts does not list: add its target there.`,
        );
  const rows = new Map(FIGURE_GROUPS.map((group) => [group, groupRows(group, runs)]));
  const missed = [...rows.values()].flat().filter((row) => judgeRow(row) === 'missed');
  const cited = new Set([...rows.values()].flat().flatMap((row) => (row.latest ? [row.latest.run] : [])));
  const text = [
    ...header(missed),
    ...runsSection(runs.filter((run) => cited.has(run))),
    ...FIGURE_GROUPS.flatMap((group) => groupSection(group, rows.get(group) ?? [])),
  ].join('\n');
  const options = (await resolveConfig(SHEET_PATH)) ?? {};
  return format(text, { ...options, parser: 'markdown' });
}

function groupRows(group: FigureGroup, runs: readonly SavedRunFile[]): Row[] {
  return Object.keys(group.figures).flatMap((family) => {
    const names = [...new Set(runs.flatMap((run) => run.figures.map((f) => f.name)).filter((name) => figureFamily(name) === family))];
    if (names.length === 0) return [{ name: family, latest: null, earlier: [] }];
    return names.map((name) => {
      const readings = runs.flatMap((run) =>
        run.figures.filter((f) => f.name === name).map((f) => ({ value: f.value, unit: f.unit, run })),
      );
      return { name, latest: readings.at(-1) ?? null, earlier: readings.slice(0, -1).reverse() };
    });
  });
}

function judgeRow(row: Row): Judgement {
  if (!row.latest) return judge(row.name, null, new Map());
  const others = new Map(row.latest.run.figures.map((f) => [f.name, f.value]));
  return judge(row.name, row.latest.value, others);
}

function header(missed: readonly Row[]): string[] {
  return [
    '# Benchmark, chaos and crash results',
    '',
    '<!-- Written by `npm run results` from test/bench/results/*.json and test/bench/targets.ts: edit those, not this file. -->',
    '',
    'Where each figure stands against its target (`test/bench/targets.ts`), from the latest run saved in',
    '`test/bench/results/` that printed it; [METHODS.md](METHODS.md) says how to run them and how each is measured.',
    '',
    ...wrap(missed.length ? `**Not met now:** ${missed.map((row) => `\`${row.name}\``).join(', ')}.` : '**Every target is met.**', ''),
    '',
    'A time is judged by its `_ratio` over a same-run `_reference`; its own bound is in brackets.',
    '"Met": yes, no, n/a (not measured), "—" (context). "Day": the latest run\'s (month-day); "Earlier": the runs',
    'before it on the newest day of them, newest first.',
    '',
  ];
}

/**
 * The runs the tables cite, one item per day and machine: the conditions its runs shared, then each
 * command with its commit, what was its own of the conditions (the load, how long it took) and notes.
 */
function runsSection(runs: readonly SavedRunFile[]): string[] {
  const days = new Map<string, SavedRunFile[]>();
  for (const run of runs) {
    const key = [run.date, machineLabel(run), run.machine.memory_gib].join('|');
    days.set(key, [...(days.get(key) ?? []), run]);
  }
  const lines = ['## Runs cited', ''];
  for (const day of days.values()) {
    const first = day[0]!;
    const memory = first.machine.memory_gib === null ? '' : `, ${first.machine.memory_gib} GiB`;
    const parts = (run: SavedRunFile) => run.machine.conditions.split('; ');
    const shared = parts(first).filter((part) => day.every((run) => parts(run).includes(part)));
    const commands = new Map<string, SavedRunFile[]>();
    for (const run of day) {
      // Where the run's figures were also written (`--out FILE`) says nothing about how it was run.
      const command = run.command.replace(/ --out \S+/, '');
      const own = parts(run).filter((part) => !shared.includes(part));
      const key = `\`${command}\`${run.commit ? `, \`${run.commit}\`` : ''}${own.length ? ` (${own.join('; ')})` : ''}`;
      commands.set(key, [...(commands.get(key) ?? []), run]);
    }
    const said = [...commands].map(([command, group]) => {
      const notes = [...new Set(group.flatMap((run) => run.notes))].join(' ');
      return `${command}${group.length > 1 ? ` (${group.length} runs)` : ''}.${notes ? ` ${notes}` : ''}`;
    });
    lines.push(...wrap(`- ${first.date}, ${machineLabel(first)}${memory}; ${shared.join('; ')}. ${said.join(' ')}`, '  '));
  }
  return [...lines, ''];
}

function groupSection(group: FigureGroup, rows: readonly Row[]): string[] {
  const lines = [`## ${group.title}`, '', `${capital(group.how)}.`, ''];
  // When one run gave every figure of the group, it is named once above the table instead of on each row,
  // the table has room for each figure's method, and the figures printed for context share a paragraph.
  const runs = new Set(rows.flatMap((row) => (row.latest ? [row.latest.run] : [])));
  if (runs.size === 0) return [...lines, ...notMeasured(rows), ...methodLines(group)];
  const one = runs.size === 1 ? [...runs][0] : undefined;
  if (one) lines.push(`From one run: ${one.date}, ${one.commit ? `\`${one.commit}\`, ` : ''}${machineLabel(one)}.`, '');
  const context = one ? rows.filter((row) => row.latest && judgeRow(row) === 'report') : [];
  // A reference no saved run printed yet says nothing: its row waits for the first run that does.
  const judged = rows.filter((row) => !context.includes(row) && (row.latest || judgeRow(row) !== 'report'));
  const withEarlier = judged.some((row) => row.earlier.length > 0);
  const columns = [
    'Metric',
    'Latest',
    'Target',
    'Met',
    ...(one ? ['Method'] : ['Day', 'Commit', 'Machine']),
    ...(withEarlier ? ['Earlier'] : []),
  ];
  lines.push(`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`);
  for (const row of judged) {
    const latest = row.latest;
    const target = targetLabel(figureSpec(row.name)!.target, latest?.unit ?? '');
    const where = one
      ? [capital(figureSpec(row.name)!.method)]
      : latest
        ? [latest.run.date.slice(5), latest.run.commit ?? '—', shortMachine(latest.run)]
        : ['—', '—', '—'];
    const cells = [latest ? number(latest.value) : '—', target, MET[judgeRow(row)], ...where, ...(withEarlier ? [earlier(row)] : [])];
    lines.push(`| \`${row.name}\` | ${cells.join(' | ')} |`);
  }
  lines.push('');
  if (context.length) {
    // A reference's method is in METHODS.md and beside its ratio's name: its value is enough here.
    const items = context.map((row) => {
      const figure = `\`${row.name}\` ${number(row.latest?.value ?? null)}`;
      return row.name.endsWith('_reference') ? figure : `${figure} (${contextNote(row)})`;
    });
    lines.push(...wrap(`Printed for context: ${items.join('; ')}.`, ''), '');
  }
  if (!one) lines.push(...methodLines(group));
  return lines;
}

/** A group no saved run has measured yet: its targets in one paragraph instead of a table of dashes. */
function notMeasured(rows: readonly Row[]): string[] {
  const targets = rows
    .filter((row) => judgeRow(row) !== 'report')
    .map((row) => `\`${row.name}\` ${targetLabel(figureSpec(row.name)!.target, '')}`);
  return [...wrap(`No saved run has measured these yet. Targets: ${targets.join('; ')}.`, ''), ''];
}

/** One line on each figure's method; a figure's `_reference` and `_ratio` are said once in the header and in METHODS.md. */
function methodLines(group: FigureGroup): string[] {
  const lines: string[] = [];
  for (const [family, spec] of Object.entries(group.figures))
    if (!(family.replace(/_(ratio|reference)$/, '') in group.figures && /_(ratio|reference)$/.test(family)))
      lines.push(...wrap(`- \`${family}\`: ${spec.method}.`, '  '));
  return [...lines, ''];
}

/** The runs before the latest that printed the figure, of the newest day among them: at most two values, newest first. */
function earlier(row: Row): string {
  const days: { day: string; values: string[] }[] = [];
  for (const reading of row.earlier) {
    const day = reading.run.date.slice(5);
    if (days.at(-1)?.day !== day) days.push({ day, values: [] });
    days.at(-1)!.values.push(number(reading.value));
  }
  const shown = days.slice(0, 1).map(({ day, values }) => `${values.slice(0, 2).join(', ')}${values.length > 2 ? ', …' : ''} (${day})`);
  return shown.join('; ') || '—';
}

/** A context figure's method, and the bound it had before a ratio was judged in its place. */
function contextNote(row: Row): string {
  const spec = figureSpec(row.name)!;
  if (!('contextAtMost' in spec.target)) return spec.method;
  return `${spec.method}; bound ≤ ${number(spec.target.contextAtMost)} ${row.latest?.unit ?? ''}`.trimEnd();
}

function targetLabel(target: Target, unit: string): string {
  const withUnit = (n: number) => `${number(n)}${unit && unit !== 'ratio' ? ` ${unit}` : ''}`;
  if ('atMost' in target) return `≤ ${withUnit(target.atMost)}`;
  if ('atLeast' in target) return `≥ ${withUnit(target.atLeast)}`;
  if ('equals' in target) return withUnit(target.equals);
  if ('equalsFigure' in target) return `= \`${target.equalsFigure}\``;
  if ('atMostFigure' in target) return target.text;
  if ('contextAtMost' in target) return `(≤ ${withUnit(target.contextAtMost)})`;
  return 'report';
}

function number(value: number | null): string {
  return value === null ? 'n/a' : value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/** The machine in a few words: its processor's make and model, and its cores. */
function machineLabel(run: SavedRunFile): string {
  const cores = run.machine.cores === null ? '' : `, ${run.machine.cores} cores`;
  return `${cpuWords(run.machine.cpu, 3) ?? 'CPU not recorded'}${cores}`;
}

/** The processor's model alone, for a table cell (the runs list above names the whole machine). */
function shortMachine(run: SavedRunFile): string {
  return cpuWords(run.machine.cpu?.replace(/\b(Intel|AMD)\b/gi, '') ?? null, 2) ?? 'unknown';
}

function cpuWords(cpu: string | null, count: number): string | null {
  const words = cpu
    ?.replace(/\((R|TM)\)|\bProcessor\b|\bCPU\b|@.*$|\d+-Core/gi, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, count);
  return words?.length ? words.join(' ') : null;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Breaks a list item into lines of at most 120 characters, the later ones indented under the first. */
function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  // Words, with a code span kept whole: a break inside one would change how it reads.
  for (const word of text.match(/(?:`[^`]*`|\S)+/g) ?? []) {
    if (line && line.length + 1 + word.length > 120) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const sheet = await renderSheet();
  if (values.check) {
    const same = readFileSync(SHEET_PATH, 'utf8') === sheet;
    console.log(same ? 'RESULTS.md matches the saved runs.' : 'RESULTS.md is out of date with the saved runs: run `npm run results`.');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(SHEET_PATH, sheet);
  console.log(`Wrote ${SHEET_PATH} (${Buffer.byteLength(sheet)} bytes) from ${RESULTS_DIR}.`);
}
