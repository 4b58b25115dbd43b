/**
 * `npm run chaos [-- --ops 1000 --seed N --variant NAME[,NAME…] --save]`: paid operations of every kind through core, a
 * fault-injecting relay and a faulty sandbox; prints the ledger's counts. Exits 1 when a target of
 * test/bench/targets.ts is missed (any duplicate, loss or 409). `--save` keeps the run's figures in
 * test/bench/results/ for `npm run results`.
 */
import { parseArgs } from 'node:util';
import { saveRun } from '../bench/support/savedRuns.ts';
import { everyTargetMet } from '../bench/targets.ts';
import { chaosFigures, formatChaos, runChaos } from './chaosRun.ts';

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    'timeout-min': { type: 'string', default: '40' },
    variant: { type: 'string', multiple: true, default: [] },
    save: { type: 'boolean', default: false },
  },
});
const variants = values.variant.flatMap((v) => v.split(',')).filter(Boolean);
const seed = Number(values.seed ?? Date.now() % 1_000_000);
const ops = Number(values.ops);
console.log(
  `Chaos: ${ops} paid operations through a fault-injecting relay, seed ${seed} (--seed ${seed} repeats the plan)${variants.length ? `, sandbox --variant ${variants.join(',')}` : ''}`,
);
const report = await runChaos({ ops, seed, timeoutMs: Number(values['timeout-min']) * 60_000, log: (line) => console.log(line), variants });
for (const line of formatChaos(report)) console.log(line);
const figures = chaosFigures(report);
const ok = everyTargetMet(figures);
console.log(ok ? 'Target met: duplicated 0, lost 0, charged exactly once each, 409s 0.' : 'TARGET MISSED.');
if (values.save) {
  const path = await saveRun({
    runner: 'chaos',
    command: `npm run chaos -- ${process.argv.slice(2).join(' ')}`.replace(/ -- $/, ''),
    quick: false,
    figures,
    notes: [`Seed ${seed}, ${report.seconds} s${variants.length ? `, sandbox --variant ${variants.join(',')}` : ''}.`],
  });
  console.log(`Saved ${path}; \`npm run results\` writes RESULTS.md from it.`);
}
process.exit(ok ? 0 : 1);
