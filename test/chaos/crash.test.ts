import { describe, expect, it } from 'vitest';
import { hasSecretService } from '../integration/support/keychainForTests.ts';
import { crashTargetMet, formatCrash, runCrash } from './crashRun.ts';

/**
 * The small crash run: the core engineer's runner (test/integration/support/coreRunner.ts) killed
 * with SIGKILL at random points, restarted on the same data; then the ledger, PRAGMA
 * integrity_check of the library database and core's library check (database against files).
 * test/integration/crash.test.ts counts the ledger too; this adds the two corruption checks.
 * `npm run crash` is the 200-operation, 20-kill version. The runner keeps its key in the OS
 * keychain, so this needs a Secret Service (CI runs the suite under dbus with gnome-keyring).
 */
describe.skipIf(!hasSecretService)('crash: SIGKILL of core at random points loses nothing, charges nothing twice, corrupts nothing', () => {
  it('every intent is executed and charged once; the database is intact and matches the files', async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const report = await runCrash({
      ops: Number(process.env.CRASH_OPS ?? 30),
      cycles: Number(process.env.CRASH_CYCLES ?? 6),
      seed,
      killWindowMs: [200, 1_500],
    });
    const lines = formatCrash(report);
    console.log(`crash (CRASH_SEED=${seed} repeats the kill times)\n${lines.join('\n')}`);
    expect(report.details, lines.join('\n')).toEqual([]);
    expect(report.kills).toBeGreaterThan(0);
    expect(crashTargetMet(report), lines.join('\n')).toBe(true);
  }, 180_000);
});
