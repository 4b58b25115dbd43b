/**
 * `npm run chaos [-- --ops 1000 --seed N --variant NAME[,NAME…]]`: paid operations of every kind through core, a
 * fault-injecting relay and a faulty sandbox; prints the ledger's counts. Exits 1 on any
 * duplicate, loss or 409.
 */
import { parseArgs } from 'node:util';
import { formatChaos, runChaos } from './chaosRun.ts';

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    'timeout-min': { type: 'string', default: '40' },
    variant: { type: 'string', multiple: true, default: [] },
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
const ok = report.duplicated === 0 && report.lost === 0 && report.conflicts409 === 0 && report.charged === report.intended;
console.log(ok ? 'Target met: duplicated 0, lost 0, charged exactly once each, 409s 0.' : 'TARGET MISSED.');
process.exit(ok ? 0 : 1);
