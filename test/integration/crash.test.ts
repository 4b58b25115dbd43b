import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { hasSecretService } from './support/keychainForTests.ts';
import { ledger } from './support/ledger.ts';

const RUNNER = fileURLToPath(new URL('./support/coreRunner.ts', import.meta.url));
const TOTAL = 40;
const KILLS = 10;

let sandbox: SandboxHandle;
const keychainService = `Cast Studio Test ${randomUUID()}`;

/** A small seeded generator, so a failing run can be repeated with the printed seed. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function run(env: string, killAfterMs: number | null): Promise<{ killed: boolean; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER], { env: { ...process.env, CAST_RUNNER: env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === 'SIGKILL') resolve({ killed: true, lines });
      else if (code === 0) resolve({ killed: false, lines });
      else reject(new Error(`runner exited ${code}: ${err.slice(-2_000)}`));
    });
  });
}

describe.skipIf(!hasSecretService)('crash safety: SIGKILL at random points during many paid operations', () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ speed: 'fast' });
  });
  afterAll(async () => {
    await sandbox?.stop();
    await new KeytarKeychain(keychainService).delete('sandbox').catch(() => {});
  });

  it('executes and charges every intended operation exactly once', async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const random = seeded(seed);
    console.log(`crash test seed ${seed} (CRASH_SEED=${seed} repeats it)`);
    // A character and a preset voice to work with, made outside core.
    const character = await sandbox.request('POST', '/v1/characters', {
      headers: { 'idempotency-key': randomUUID() },
      body: { name: 'Crash', parameters: {} },
    });
    expect(character.status).toBe(201);
    const voices = await sandbox.request('GET', '/v1/voices');
    const voiceId = (voices.body as { data: { presets: { id: string }[] } }).data.presets[0]!.id;
    // Answers arrive slowly and are sometimes ambiguous, so kills land mid-request too.
    await sandbox.request('PUT', '/sandbox/faults', { body: { latency_ms: { all: 150 }, ambiguous_202_rate: 0.2 } });

    const userDataDir = mkdtempSync(join(tmpdir(), 'cast-crash-'));
    const env = JSON.stringify({
      userDataDir,
      keychainService,
      ready: sandbox.ready,
      total: TOTAL,
      characterId: (character.body as { data: { id: string } }).data.id,
      voiceId,
    });
    let kills = 0;
    for (let i = 0; i < KILLS; i += 1) {
      const result = await run(env, 300 + Math.floor(random() * 2_700));
      if (result.killed) kills += 1;
      const committed = result.lines.filter((l) => l.startsWith('{"committed"')).length;
      const progress = result.lines.filter((l) => l.startsWith('{"progress"')).at(-1) ?? '';
      console.log(`run ${i + 1}: ${result.killed ? 'killed' : 'finished'}; committed ${committed} intents; ${progress}`);
    }
    const last = await run(env, null);
    expect(last.lines.at(-1)).toBe('{"finished":true}');
    expect(kills).toBeGreaterThan(0);

    const db = new DatabaseSync(join(userDataDir, 'profiles', 'sandbox', 'library.db'), { readOnly: true });
    const jobs = db.prepare('SELECT idempotency_key, state, resource_id, kind FROM jobs').all() as {
      idempotency_key: string;
      state: string;
      resource_id: string | null;
      kind: string;
    }[];
    db.close();
    expect(jobs).toHaveLength(TOTAL);
    expect(jobs.filter((j) => j.state !== 'done')).toEqual([]);

    const operations = await ledger(sandbox);
    for (const job of jobs) {
      const entries = operations.filter((o) => o.idempotency_key === job.idempotency_key);
      expect(entries, job.idempotency_key).toHaveLength(1);
      expect(entries[0]!.charges).toBe(1);
      expect(entries[0]!.resource_id).toBe(job.resource_id);
    }
    // Nothing else was charged: the only other paid operation is the character made above.
    const charged = operations.filter((o) => o.charges > 0);
    expect(charged).toHaveLength(TOTAL + 1);
    expect(operations.every((o) => o.charges <= 1)).toBe(true);
    // Every output landed in the media store.
    expect(readdirSync(join(userDataDir, 'media', 'sandbox')).length).toBeGreaterThan(1);
  }, 300_000);
});
