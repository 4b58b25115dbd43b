/**
 * `npm run bench [-- --quick] [--runs N] [--only gallery,locale,poller,sync,download,client,sandbox,hostloop,collabapp] [--save]`
 *
 * Runs every benchmark of issue 8 against real parts (the sandbox over HTTPS, core, the built
 * renderer in headless Chromium through the browser host), prints one line per metric
 * (`name value unit target`, the target from targets.ts) and writes the same, with the machine, to
 * bench-results.json. `--save` also keeps the run as a dated file in test/bench/results/, which
 * `npm run results` makes RESULTS.md from. Benchmarks print; they never fail on a figure.
 * `--quick` is a smaller version (under 5 minutes).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { benchChromiumPath } from '../e2e/support/chromium.ts';
import { benchClient } from './client.ts';
import { benchCollabApp } from './collabApp.ts';
import { benchCollabFanout } from './collabFanout.ts';
import { benchDownload } from './download.ts';
import { benchGallery } from './gallery.ts';
import { benchHostEventLoop } from './hostEventLoop.ts';
import { benchLocaleStart } from './localeStart.ts';
import { benchPoller } from './pollerBench.ts';
import { benchSandboxLatency } from './sandboxLatency.ts';
import { benchSceneExport } from './sceneExport.ts';
import { benchSceneEditor } from './sceneEditor.ts';
import { saveRun } from './support/savedRuns.ts';
import type { BenchOptions, Metric } from './support/stats.ts';
import { benchSync } from './sync.ts';
import { targetText } from './targets.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string', default: 'bench-results.json' },
    save: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`npm run bench [-- options]
  --only NAME[,NAME…]  run some: client, download, poller, sync, sandbox, gallery, locale, sceneEditor, hostloop, sceneexport, collab, collabapp
  --runs N             repeats inside a run (default 3)
  --quick              a smaller run (its figures carry other sizes in their names)
  --out FILE           where to write the figures (default bench-results.json)
  --save               also keep the run in test/bench/results/ (then npm run results writes RESULTS.md)`);
  process.exit(0);
}

const BENCHES: { name: string; run: (o: BenchOptions) => Promise<Metric[]>; fallback: Metric[] }[] = [
  { name: 'client', run: benchClient, fallback: [{ name: 'client_overhead_ratio', value: null, unit: 'ratio' }] },
  { name: 'download', run: benchDownload, fallback: [{ name: 'download_ratio_to_curl', value: null, unit: 'ratio' }] },
  {
    name: 'poller',
    run: benchPoller,
    fallback: [
      { name: 'poller_requests_per_job_500', value: null, unit: 'requests' },
      { name: 'poller_requests_per_job_500_no_updated_after', value: null, unit: 'requests' },
      { name: 'poller_idle_requests_no_updated_after', value: null, unit: 'requests' },
    ],
  },
  { name: 'sync', run: benchSync, fallback: [{ name: 'sync_full_ratio_to_floor_100k', value: null, unit: 'ratio' }] },
  {
    name: 'sandbox',
    run: benchSandboxLatency,
    fallback: [{ name: 'sandbox_api_p95_ms_during_render', value: null, unit: 'ms' }],
  },
  {
    name: 'gallery',
    run: benchGallery,
    fallback: [{ name: 'gallery_scroll_p95_frame_ms_100k', value: null, unit: 'ms' }],
  },
  { name: 'locale', run: benchLocaleStart, fallback: [{ name: 'startup_locale_ratio', value: null, unit: 'ratio' }] },
  {
    name: 'sceneEditor',
    run: benchSceneEditor,
    fallback: [{ name: 'scene_editor_keystroke_p95_ms', value: null, unit: 'ms' }],
  },
  {
    name: 'hostloop',
    run: benchHostEventLoop,
    fallback: [
      { name: 'host_event_loop_p99_ms_busy', value: null, unit: 'ms' },
      { name: 'host_event_loop_max_ms_busy', value: null, unit: 'ms' },
    ],
  },
  {
    name: 'sceneexport',
    run: benchSceneExport,
    fallback: [{ name: 'scene_export_seconds_per_minute', value: null, unit: 's/min' }],
  },
  {
    name: 'collab',
    run: benchCollabFanout,
    fallback: [{ name: 'collab_fanout_p95_ms_500_clients', value: null, unit: 'ms' }],
  },
  {
    name: 'collabapp',
    run: benchCollabApp,
    fallback: [
      { name: 'collab_scene_open_ms_200_ratio', value: null, unit: '×' },
      { name: 'collab_keystroke_p95_ms_ratio', value: null, unit: '×' },
      { name: 'collab_offline_merge_ms_1000_ratio', value: null, unit: '×' },
    ],
  },
];

const only = values.only ? new Set(values.only.split(',').map((s) => s.trim())) : null;
const options: BenchOptions = { quick: values.quick, runs: Math.max(1, Number(values.runs)), log: (line) => console.log(line) };
const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  memory_gib: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  chromium: chromiumVersion(),
  curl: (() => {
    try {
      return execFileSync('curl', ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? null;
    } catch {
      return null;
    }
  })(),
};

console.log(
  `Cast Studio benchmarks${options.quick ? ' (quick)' : ''}: ${machine.cpus} cores, ${machine.memory_gib} GiB, Node ${machine.node}, ${machine.chromium ?? 'no Chromium'}`,
);
const started = Date.now();
const results: (Metric & { bench: string; error?: string })[] = [];
for (const bench of BENCHES) {
  if (only && !only.has(bench.name)) continue;
  const t0 = Date.now();
  // A benchmark may set what its children inherit (the sandbox's placeholder media): not the next one's.
  const environment = { ...process.env };
  console.log(`${bench.name}…`);
  try {
    for (const metric of await bench.run(options)) {
      results.push({ ...metric, bench: bench.name });
      console.log(line(metric));
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.log(`  ${bench.name} could not run: ${message}`);
    for (const metric of bench.fallback) {
      results.push({ ...metric, bench: bench.name, error: message });
      console.log(line(metric));
    }
  }
  console.log(`  (${bench.name}: ${Math.round((Date.now() - t0) / 1000)} s)`);
  restoreEnvironment(environment);
}

/** Puts process.env back as it was before a benchmark: its additions removed, its changes undone. */
function restoreEnvironment(before: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
}

console.log('\nname value unit target');
for (const metric of results) console.log(line(metric));
const seconds = Math.round((Date.now() - started) / 1000);
const metrics = results.map((metric) => ({ ...metric, target: targetText(metric.name) }));
writeFileSync(
  values.out,
  `${JSON.stringify({ date: new Date().toISOString(), quick: options.quick, seconds, machine, metrics }, null, 2)}\n`,
);
console.log(`\nWrote ${values.out} (${seconds} s).`);
if (values.save) {
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.replace(/ -- $/, '');
  const failed = results.filter((metric) => metric.error).map((metric) => `${metric.bench} could not run: ${metric.error}.`);
  const path = await saveRun({
    runner: 'bench',
    command,
    quick: options.quick,
    figures: results,
    notes: [...new Set(failed)],
    conditions: `${machine.chromium ?? 'no Chromium'}; ${seconds} s`,
  });
  console.log(`Saved ${path}; \`npm run results\` writes RESULTS.md from it.`);
}
process.exit(0);

function line(m: Metric): string {
  return `${m.name} ${m.value ?? 'n/a'} ${m.unit} ${targetText(m.name)}`;
}

/** The version and the binary of the Chromium the page benchmarks run in (the headless shell when there is one). */
function chromiumVersion(): string | null {
  const path = benchChromiumPath();
  try {
    return `${execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim()} (${basename(path)})`;
  } catch {
    return null;
  }
}
