import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { createCore } from '../../electron/core/createCore.ts';
import { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { startSandbox } from '../support/sandboxProcess.ts';
import type { SavedFigure } from '../bench/support/savedRuns.ts';
import { everyTargetMet } from '../bench/targets.ts';
import { countLedger, ledgerOperations, type IntendedJob, type LedgerCounts } from './support/ledgerCounts.ts';
import { seeded } from './support/seeded.ts';
import { headlessCoreDeps } from '../support/coreDeps.ts';

/**
 * The core engineer's crash runner (a core in a process of its own that commits TOTAL intents one
 * at a time, then works until all are done and downloaded); this module kills it at random points.
 */
const RUNNER = fileURLToPath(new URL('../integration/support/coreRunner.ts', import.meta.url));

export type CrashOptions = { ops: number; cycles: number; seed: number; killWindowMs: [number, number]; log?: (line: string) => void };

export type CrashReport = LedgerCounts & {
  seed: number;
  kills: number;
  integrity: string;
  libraryCheck: { missing: number; orphans: number; refetched: number; removed: number } | null;
  mediaFiles: number;
  seconds: number;
};

type RunResult = { killed: boolean; lines: string[] };

function runOnce(config: string, killAfterMs: number | null): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER], { env: { ...process.env, CAST_RUNNER: config }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let err = '';
    // The kill clock starts once core is up (its first line), so every kill lands in real work.
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (c: Buffer) => {
      lines.push(...c.toString('utf8').split('\n').filter(Boolean));
      if (killAfterMs !== null && timer === null && lines.length > 0) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-4_000)));
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === 'SIGKILL') resolve({ killed: true, lines });
      else if (code === 0) resolve({ killed: false, lines });
      else reject(new Error(`The core runner exited ${code}: ${err}`));
    });
  });
}

export async function runCrash(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const say = options.log ?? (() => {});
  const random = seeded(options.seed);
  const keychainService = `Cast Studio Crash ${randomUUID()}`;
  const sandbox = await startSandbox({ speed: 'fast', env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
  const userDataDir = mkdtempSync(join(tmpdir(), 'cast-crash-'));
  try {
    const account = await sandbox.request('GET', '/v1/account');
    const userId = (account.body as { data: { id: string } }).data.id;
    await sandbox.request('POST', `/sandbox/users/${userId}/credits`, { body: { amount: options.ops * 10 + 1_000 } });
    // A character and a preset voice to work with, made outside core (its one charge is known).
    const setupKey = randomUUID();
    const character = await sandbox.request('POST', '/v1/characters', {
      headers: { 'idempotency-key': setupKey },
      body: { name: 'Crash', parameters: {} },
    });
    if (character.status !== 201) throw new Error(`character: ${character.status}`);
    const characterId = (character.body as { data: { id: string } }).data.id;
    for (let i = 0; i < 100; i += 1) {
      const c = await sandbox.request('GET', `/v1/characters/${characterId}`);
      if ((c.body as { data: { status: string } }).data.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const voices = await sandbox.request('GET', '/v1/voices');
    const voiceId = (voices.body as { data: { presets: { id: string }[] } }).data.presets[0]!.id;
    // Slow, sometimes ambiguous answers, so kills land mid-request as well as between steps.
    await sandbox.request('PUT', '/sandbox/faults', { body: { latency_ms: { all: 400 }, ambiguous_202_rate: 0.2 } });

    const config = JSON.stringify({ userDataDir, keychainService, ready: sandbox.ready, total: options.ops, characterId, voiceId });
    let kills = 0;
    const [lo, hi] = options.killWindowMs;
    for (let i = 0; i < options.cycles; i += 1) {
      const result = await runOnce(config, lo + Math.floor(random() * (hi - lo)));
      if (result.killed) kills += 1;
      else {
        say(`  cycle ${i + 1}/${options.cycles}: the work finished before the kill; no more cycles needed`);
        break;
      }
      const committed = result.lines.filter((l) => l.startsWith('{"committed"')).length;
      const progress = result.lines.filter((l) => l.startsWith('{"progress"')).at(-1) ?? '';
      say(`  cycle ${i + 1}/${options.cycles}: ${result.killed ? 'killed' : 'finished'}; committed ${committed} intents; ${progress}`);
    }
    const last = await runOnce(config, null);
    say(`  final run: ${last.lines.at(-1) ?? ''}`);
    await sandbox.request('PUT', '/sandbox/faults', { body: {} });

    const dbFile = join(userDataDir, 'profiles', 'sandbox', 'library.db');
    const db = new DatabaseSync(dbFile);
    const integrity = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    const jobs = db.prepare('SELECT idempotency_key, state, resource_id, kind FROM jobs').all() as IntendedJob[];
    db.close();
    const counts = countLedger(jobs, await ledgerOperations(sandbox, userId), new Set([setupKey]));

    // Core's own check of the index against the files, on the same data, as the app would run it.
    const core = await createCore(
      headlessCoreDeps(userDataDir, {
        keychain: new KeytarKeychain(keychainService),
        launchSandbox: async () => ({ ready: sandbox.ready, stop: async () => {} }),
      }),
    );
    const check = await core.router.handle('library.check', {});
    await core.stop();
    const mediaDir = join(userDataDir, 'media', 'sandbox');
    const mediaFiles = existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true }).length : 0;
    await new KeytarKeychain(keychainService).delete('sandbox').catch(() => undefined);
    return {
      ...counts,
      seed: options.seed,
      kills,
      integrity,
      libraryCheck: check.ok ? (check.value as CrashReport['libraryCheck']) : null,
      mediaFiles,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await sandbox.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export function formatCrash(r: CrashReport): string[] {
  return [
    `seed ${r.seed}; ${r.seconds} s; ${r.kills} SIGKILLs`,
    `intended   ${r.intended}`,
    `executed   ${r.executed}`,
    `charged    ${r.charged} (exactly once), ${r.credits} credits`,
    `duplicated ${r.duplicated}`,
    `lost       ${r.lost}`,
    `corrupt    ${r.integrity === 'ok' ? 0 : 1} (PRAGMA integrity_check: ${r.integrity})`,
    `library check (database against files): ${JSON.stringify(r.libraryCheck)}; ${r.mediaFiles} media files`,
    ...r.details.slice(0, 20).map((d) => `  ${d}`),
  ];
}

/** The run's figures as `npm run crash -- --save` keeps them, named as test/bench/targets.ts lists them. */
export function crashFigures(r: CrashReport): SavedFigure[] {
  const count = (name: string, value: number): SavedFigure => ({ name: `crash_${name}`, value, unit: 'operations' });
  return [
    { name: 'crash_kills', value: r.kills, unit: 'kills' },
    count('intended', r.intended),
    count('executed', r.executed),
    count('charged', r.charged),
    count('duplicated', r.duplicated),
    count('lost', r.lost),
    { name: 'crash_corrupt', value: r.integrity === 'ok' ? 0 : 1, unit: 'databases', note: `PRAGMA integrity_check: ${r.integrity}` },
    { name: 'crash_library_missing', value: r.libraryCheck?.missing ?? null, unit: 'files' },
    { name: 'crash_library_orphans', value: r.libraryCheck?.orphans ?? null, unit: 'files' },
    { name: 'crash_media_files', value: r.mediaFiles, unit: 'files' },
  ];
}

/** Every crash target of test/bench/targets.ts met: nothing duplicated, lost or corrupt, each intent charged once. */
export function crashTargetMet(r: CrashReport): boolean {
  return everyTargetMet(crashFigures(r));
}
