import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLastCrash } from '../../../../../electron/core/app/crashLog.ts';
import { RedactingLogger } from '../../../../../electron/core/log/logger.ts';
import { waitForSandboxReady } from '../../../../../electron/core/sandboxLaunch/sandboxOutput.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { tempDir } from '../support/tempDir.ts';

const kills: (() => void)[] = [];
afterEach(() => {
  for (const kill of kills.splice(0)) kill();
});

describe('the shell’s log of its embedded sandbox', () => {
  it('redacts the admin token and key from the moment the sandbox says it is ready, as core’s log does', async () => {
    const adminToken = `adm_${randomBytes(16).toString('hex')}`;
    const apiKey = `key_${randomBytes(16).toString('hex')}`;
    const ready = {
      base_url: 'https://127.0.0.1:1',
      cdn_url: 'https://127.0.0.1:1/cdn',
      ca_cert: '/nowhere/ca.pem',
      api_key: apiKey,
      admin_token: adminToken,
    };
    // A real process that says it is ready, then repeats its secrets on both of its outputs.
    const script = `
      const ready = ${JSON.stringify(JSON.stringify(ready))};
      process.stdout.write(ready + '\\n');
      const { admin_token, api_key } = JSON.parse(ready);
      setTimeout(() => {
        process.stdout.write('admin token ' + admin_token + ' and key ' + api_key + '\\n');
        process.stderr.write('warning about ' + admin_token + '\\n');
        process.stdout.write('done\\n');
      }, 50);
      setInterval(() => undefined, 1 << 30);
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    kills.push(() => child.kill('SIGKILL'));
    const capture = new CaptureLog();
    // The main process's log: a RedactingLogger over its file.
    const log = new RedactingLogger([capture]);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const parsed = await waitForSandboxReady({
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      kill: () => child.kill('SIGKILL'),
      log,
    });
    expect(parsed.admin_token).toBe(adminToken);

    await expect.poll(() => capture.text()).toContain('done');
    await expect.poll(() => capture.text()).toContain('warning about');
    const written = capture.text();
    expect(written).not.toContain(adminToken);
    expect(written).not.toContain(apiKey);
    expect(written).toContain('admin token [redacted] and key [redacted]');
    // The shell's own lines that name the token later are redacted too.
    log.warn(`The sandbox answered ${adminToken}`);
    expect(capture.lines.at(-1)?.message).toBe('The sandbox answered [redacted]');
  });
});

describe('a sandbox that crashes', () => {
  /** A real process that says it is ready, then fails with an uncaught error naming its admin token. */
  async function crashingSandbox(stopping: boolean): Promise<{ logsDir: string; adminToken: string; exited: Promise<unknown> }> {
    const adminToken = `adm_${randomBytes(16).toString('hex')}`;
    const ready = {
      base_url: 'https://127.0.0.1:1',
      cdn_url: 'https://127.0.0.1:1/cdn',
      ca_cert: '/x',
      api_key: `key_${randomBytes(16).toString('hex')}`,
      admin_token: adminToken,
    };
    const script = `
      process.stdout.write(${JSON.stringify(JSON.stringify(ready))} + '\\n');
      setTimeout(() => { throw new TypeError('The render queue broke for ${adminToken}'); }, 50);
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    kills.push(() => child.kill('SIGKILL'));
    const logsDir = join(tempDir(), 'logs');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await waitForSandboxReady({
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      kill: () => child.kill('SIGKILL'),
      log: new RedactingLogger([new CaptureLog()]),
      crashLog: { logsDir, stopping: () => stopping },
    });
    return { logsDir, adminToken, exited };
  }

  it('leaves its error in the crash log from the tail of its report, its admin token redacted', async () => {
    const { logsDir, adminToken } = await crashingSandbox(false);
    await expect.poll(() => readLastCrash(logsDir)).not.toBeNull();
    const crash = readLastCrash(logsDir);
    expect(crash).toMatchObject({ where: 'sandbox', origin: 'exit code 1', message: 'TypeError: The render queue broke for [redacted]' });
    expect(crash?.stack[0]).toMatch(/^at /);
    expect(JSON.stringify(crash)).not.toContain(adminToken);
  });

  it('leaves nothing when it was asked to stop', async () => {
    const { logsDir, exited } = await crashingSandbox(true);
    await exited;
    await new Promise((resolve) => setImmediate(resolve));
    expect(readLastCrash(logsDir)).toBeNull();
  });
});
