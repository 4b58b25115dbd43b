/**
 * `npm run crash [-- --ops 200 --cycles 20 --seed N --save]`: SIGKILLs a core process at random points
 * while it submits, polls and downloads paid operations, restarts it on the same data, and counts:
 * the sandbox's ledger (duplicated, lost), PRAGMA integrity_check of the library database, and
 * core's library check (database against files). Exits 1 when a target of test/bench/targets.ts is
 * missed. `--save` keeps the run's figures in test/bench/results/ for `npm run results`.
 *
 * The core keeps its key in the OS keychain (keytar). On Linux without a session bus, this script
 * starts itself again under `dbus-run-session` with an unlocked gnome-keyring, as .ci/run does.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { saveRun } from '../bench/support/savedRuns.ts';
import { crashFigures, crashTargetMet, formatCrash, runCrash } from './crashRun.ts';

if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
  const script = `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$0" "$@"`;
  const child = spawnSync('dbus-run-session', ['--', 'sh', '-c', script, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  if (child.error) {
    console.error(
      `No session bus, and dbus-run-session could not start one (${child.error.message}). Install dbus and gnome-keyring, or run inside a desktop session.`,
    );
    process.exit(2);
  }
  process.exit(child.status ?? 1);
}

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '200' },
    cycles: { type: 'string', default: '20' },
    seed: { type: 'string' },
    save: { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed ?? Date.now() % 1_000_000);
const ops = Number(values.ops);
const cycles = Number(values.cycles);
console.log(`Crash: ${ops} paid operations, ${cycles} SIGKILL-and-restart cycles, seed ${seed} (--seed ${seed} repeats the kill times)`);
const report = await runCrash({ ops, cycles, seed, killWindowMs: [200, 1_500], log: (line) => console.log(line) });
for (const line of formatCrash(report)) console.log(line);
const ok = crashTargetMet(report);
console.log(ok ? 'Target met: 0 duplicated, 0 lost, 0 corrupt.' : 'TARGET MISSED.');
if (values.save) {
  const path = await saveRun({
    runner: 'crash',
    command: `npm run crash -- ${process.argv.slice(2).join(' ')}`.replace(/ -- $/, ''),
    quick: false,
    figures: crashFigures(report),
    notes: [`Seed ${seed}, ${report.seconds} s.`],
  });
  console.log(`Saved ${path}; \`npm run results\` writes RESULTS.md from it.`);
}
process.exit(ok ? 0 : 1);
