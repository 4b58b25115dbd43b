import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, SandboxReady } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import { createUser, data, pollUntil, post, startContractSandbox, validCharacter } from './helpers.ts';

const CLI = fileURLToPath(new URL('../../electron/sandbox/cli.ts', import.meta.url));
let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startContractSandbox();
});
afterAll(async () => {
  await sb?.stop();
});

/** Runs the CLI until its first line (or its exit) and returns what it printed. */
function firstLine(args: string[], cwd: string): Promise<{ line: string; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { ...process.env, CAST_SANDBOX_RENDERER: 'placeholder' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) child.kill('SIGTERM');
    });
    child.on('exit', (code) => resolve({ line: out.split('\n')[0] ?? '', code, stderr: err }));
  });
}

describe('running the sandbox (issue 3)', () => {
  it('issue 3: the first stdout line is { base_url, cdn_url, ca_cert, api_key, admin_token }, all HTTPS on 127.0.0.1', () => {
    const r = sb.ready;
    expect(r.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(r.cdn_url).toBe(`${r.base_url}/cdn`);
    expect(readFileSync(r.ca_cert, 'utf8')).toContain('BEGIN CERTIFICATE');
    expect(r.api_key).toMatch(API_KEY_PATTERN);
    expect(r.admin_token.length).toBeGreaterThan(20);
  });

  it('issue 3: without --data the data folder is .sandbox-data in the working directory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sandbox-cwd-'));
    const { line } = await firstLine(['--port', '0', '--speed', 'fast'], cwd);
    const ready = SandboxReady.parse(JSON.parse(line));
    expect(ready.ca_cert).toBe(join(cwd, '.sandbox-data', 'tls', 'ca.pem'));
    expect(existsSync(join(cwd, '.sandbox-data', 'sandbox.db'))).toBe(true);
  });

  it('issue 3: a bad --speed or --port is refused before anything starts', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sandbox-cwd-'));
    expect((await firstLine(['--speed', 'warp'], cwd)).code).toBe(2);
    expect((await firstLine(['--port', '99999'], cwd)).code).toBe(2);
  });

  it('issue 3: --speed fast finishes an asynchronous job within about a second', async () => {
    const user = await createUser(sb);
    const t0 = Date.now();
    const id = String(data(await post(sb, '/v1/characters', validCharacter(), { key: user.key })).id);
    await pollUntil(sb, `/v1/characters/${id}`, (c) => c.status === 'ready', user.key);
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('spec 4: the service speaks HTTPS only (plain HTTP gets no answer)', async () => {
    const port = new URL(sb.ready.base_url).port;
    const answer = await fetch(`http://127.0.0.1:${port}/v1/account`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(answer === 'refused' || answer === 400).toBe(true);
  });
});
