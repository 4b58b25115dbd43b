import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IPC_VERSION } from '../../../shared/ipc/index.ts';
import { bridgeProtocols } from '../../../shared/ipc/bridgeFrames.ts';

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

  it('says why in one line and opens the studio through the browser host, whose core (built, as the desktop runs it) answers, and stops', async () => {
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
    expect(existsSync(join(root, 'dist', 'main', 'coreEntry.js'))).toBe(true);
    expect(await appInfoOverBridge(url)).toMatchObject({ type: 'reply', id: 1, reply: { ok: true, value: { host: 'browser' } } });

    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    started.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 240_000);
});

/** What the page does first: trade the launch code for a session, open the bridge, ask `app.info`. */
async function appInfoOverBridge(launchUrl: string): Promise<unknown> {
  const { origin, hash } = new URL(launchUrl);
  const session = await fetch(`${origin}/session`, { method: 'POST', headers: { origin, 'x-cast-launch': hash.replace(/^#\w+=/, '') } });
  expect(session.status).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const socket = new WebSocket(
    `${origin.replace('http', 'ws')}/bridge?${new URLSearchParams({ v: String(IPC_VERSION) })}`,
    bridgeProtocols(token),
    {
      origin,
    },
  );
  try {
    return await new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'invoke', id: 1, command: 'app.info', input: {} })));
      socket.on('message', (data) => {
        const message = JSON.parse((data as Buffer).toString('utf8')) as { type?: string };
        if (message.type === 'reply') resolve(message);
      });
    });
  } finally {
    socket.terminate();
  }
}
