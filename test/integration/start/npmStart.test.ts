import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `npm start` on a machine where Electron's binary cannot be had: the binary is pointed at an empty
 * folder and its download at a closed port, so this holds wherever the test runs.
 */
describe('npm start without an Electron binary', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cast-start-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('says why in one line and opens the studio through the browser host, which answers and stops', async () => {
    const started = spawn(
      process.execPath,
      [join(root, 'scripts', 'start.mjs'), '--no-open', '--data', join(scratch, 'data'), '--speed', 'fast'],
      {
        cwd: root,
        env: {
          ...process.env,
          ELECTRON_OVERRIDE_DIST_PATH: join(scratch, 'no-electron'),
          ELECTRON_MIRROR: 'http://127.0.0.1:9/',
          npm_execpath: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    let output = '';
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /http:\/\/127\.0\.0\.1:\d+\/#\w+=\S+/.exec(output);
        if (found) resolve(found[0]);
      });
      started.once('exit', (code) => reject(new Error(`npm start exited (${code}) before printing an address:\n${output}`)));
    });

    const lines = output.split('\n');
    expect(lines[0]).toBe(
      "Electron's binary is not on this machine and could not be downloaded, so Cast Studio opens in your browser through the browser host instead.",
    );
    const page = await fetch(new URL('/', url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');

    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    started.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 240_000);
});
