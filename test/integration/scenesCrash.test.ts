import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { hasSecretService } from './support/keychainForTests.ts';
import { ledger } from './support/ledger.ts';

const RUNNER = fileURLToPath(new URL('./support/sceneRunner.ts', import.meta.url));
const KILLS = 4;

let sandbox: SandboxHandle;
const keychainService = `Cast Studio Test ${randomUUID()}`;

/**
 * Runs the runner until it finishes, or kills it with SIGKILL `kill.withinMs` at most after it
 * printed a line starting with `kill.after` (so the kill lands in the middle of the render).
 */
function run(env: string, kill: { after: string; withinMs: number } | null): Promise<{ killed: boolean; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER], { env: { ...process.env, CAST_RUNNER: env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let err = '';
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (c: Buffer) => {
      lines.push(...c.toString('utf8').split('\n').filter(Boolean));
      if (kill && !timer && lines.some((l) => l.startsWith(kill.after)))
        timer = setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * kill.withinMs));
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === 'SIGKILL') resolve({ killed: true, lines });
      else if (code === 0) resolve({ killed: false, lines });
      else reject(new Error(`runner exited ${code}: ${err.slice(-2_000)}`));
    });
  });
}

describe.skipIf(!hasSecretService)('crash safety of a scene’s render', () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ speed: 'fast' });
  });
  afterAll(async () => {
    await sandbox?.stop();
    await new KeytarKeychain(keychainService).delete('sandbox').catch(() => {});
  });

  it('charges every line exactly once when the app is killed in the middle of the render and started again', async () => {
    const character = await sandbox.request('POST', '/v1/characters', {
      headers: { 'idempotency-key': randomUUID() },
      body: { name: 'Keeper', parameters: {} },
    });
    expect(character.status).toBe(201);
    const voices = await sandbox.request('GET', '/v1/voices');
    const voiceId = (voices.body as { data: { presets: { id: string }[] } }).data.presets[0]!.id;
    // Answers arrive slowly and are sometimes ambiguous, so kills land mid-request too.
    await sandbox.request('PUT', '/sandbox/faults', { body: { latency_ms: { all: 150 }, ambiguous_202_rate: 0.2 } });

    const userDataDir = mkdtempSync(join(tmpdir(), 'cast-scene-crash-'));
    const env = JSON.stringify({
      userDataDir,
      keychainService,
      ready: sandbox.ready,
      characterId: (character.body as { data: { id: string } }).data.id,
      voiceId,
      lineIds: [randomUUID(), randomUUID(), randomUUID(), randomUUID()],
    });
    let kills = 0;
    let queuedRuns = 0;
    for (let i = 0; i < KILLS; i += 1) {
      // The first start is killed while it asks for the render (pricing, committing); later ones while it runs.
      const result = await run(env, i === 0 ? { after: '{"scene"', withinMs: 1_500 } : { after: '{"queued"', withinMs: 4_000 });
      if (result.killed) kills += 1;
      if (result.lines.some((l) => l.startsWith('{"queued"'))) queuedRuns += 1;
      console.log(
        `run ${i + 1}: ${result.killed ? 'killed' : 'finished'}; ${result.lines.filter((l) => !l.startsWith('{"progress"')).join(' ')}`,
      );
    }
    const last = await run(env, null);
    expect(last.lines.at(-1)).toBe('{"finished":true}');
    expect(kills).toBeGreaterThan(0);
    expect(queuedRuns).toBeGreaterThan(0);

    const db = new DatabaseSync(join(userDataDir, 'profiles', 'sandbox', 'library.db'), { readOnly: true });
    const jobs = db.prepare('SELECT idempotency_key, state, resource_id, kind FROM jobs').all() as {
      idempotency_key: string;
      state: string;
      resource_id: string | null;
      kind: string;
    }[];
    const renders = db.prepare('SELECT state FROM scene_renders').all() as { state: string }[];
    db.close();
    // Three talk lines (speech + clip) and a narrator line (speech): seven jobs, however many starts asked for the render.
    expect(jobs.map((j) => j.kind).sort()).toEqual([...Array(4).fill('audio.create'), ...Array(3).fill('generation.create')]);
    expect(jobs.filter((j) => j.state !== 'done')).toEqual([]);
    expect(renders.map((r) => r.state)).toEqual(['done', 'done', 'done', 'done']);

    const operations = await ledger(sandbox);
    for (const job of jobs) {
      const entries = operations.filter((o) => o.idempotency_key === job.idempotency_key);
      expect(entries, job.idempotency_key).toHaveLength(1);
      expect(entries[0]!.charges).toBe(1);
      expect(entries[0]!.resource_id).toBe(job.resource_id);
    }
    // Nothing else was charged: the only other paid operation is the character made above.
    expect(operations.filter((o) => o.charges > 0)).toHaveLength(jobs.length + 1);
    expect(operations.every((o) => o.charges <= 1)).toBe(true);
  }, 400_000);
});
