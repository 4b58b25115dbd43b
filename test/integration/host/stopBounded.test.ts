/**
 * Stopping the browser host is bounded: a sandbox that does not end when asked is killed after a
 * few seconds and the host exits, even after the sandbox has been restarted once and is frozen.
 * A host that is killed takes its core's process with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CORE_CHILD_ARG } from '../../../electron/core/host/coreChild.ts';
import { WebSocketBridge, type SocketLike } from '../../../renderer/bridge/webSocketBridge.ts';

const CLI = fileURLToPath(new URL('../../../electron/web/cli.ts', import.meta.url));
/** Generous: the host must be gone well before this, however busy the machine. */
const EXIT_DEADLINE_MS = 10_000;

/** The living children of `pid` whose command line holds `marker`. */
function childrenOf(pid: number, marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === pid && state !== 'Z' && cmdline.includes(marker)) found.push(Number(entry));
    } catch {
      // It ended while being read.
    }
  }
  return found;
}

/** The embedded sandboxes `pid` started: its children running the sandbox's command line. */
const sandboxChildren = (pid: number) => childrenOf(pid, 'sandbox/cli.ts');

/** Whether `pid` still runs: not ended, nor ended and waiting to be reaped (a container's first process may never reap it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Bytes that have reached connections to `port` on this machine and that nobody has read yet. */
function unreadBytesAt(port: number): number {
  let unread = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (!local || !queues || state !== '01') continue; // 01: established
      if (Number.parseInt(local.split(':').at(-1) ?? '', 16) !== port) continue;
      unread += Number.parseInt(queues.split(':')[1] ?? '0', 16);
    }
  }
  return unread;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Has core ask the service something now, as a page would: a fresh launch link (Enter on the host's
 * terminal), traded for a session, then `account.get` over the bridge, left waiting.
 */
async function askCoreNow(host: ChildProcess, output: () => string): Promise<WebSocketBridge> {
  const before = output().length;
  host.stdin?.write('\n');
  let link = '';
  await expect
    .poll(() => (link = /http:\/\/127\.0\.0\.1:\d+\/#launch=\S+/.exec(output().slice(before))?.[0] ?? ''), {
      timeout: 10_000,
      interval: 50,
    })
    .not.toBe('');
  const url = new URL(link);
  const code = url.hash.slice('#launch='.length);
  const response = await fetch(`${url.origin}/session`, { method: 'POST', headers: { origin: url.origin, 'x-cast-launch': code } });
  expect(response.ok).toBe(true);
  const { token } = (await response.json()) as { token: string };
  const bridge = new WebSocketBridge({
    url: `ws://${url.host}/bridge`,
    token,
    createSocket: (address, protocols) => new WebSocket(address, protocols, { origin: url.origin }) as unknown as SocketLike,
    maxDelayMs: 200,
  });
  void bridge.invoke('account.get', {});
  return bridge;
}

describe('stopping the browser host', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  /** The host's command line on a fresh folder (a placeholder page, the sandbox in fast mode). */
  const startHostCli = (prefix: string): { base: string; host: ChildProcess } => {
    const base = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const rendererDir = join(base, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const host = spawn(process.execPath, [CLI, '--no-open', '--data', join(base, 'data'), '--speed', 'fast'], {
      env: { ...process.env, CAST_RENDERER_DIR: rendererDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return { base, host };
  };

  it('exits within 10 s of SIGTERM when its sandbox, restarted once, is frozen', async () => {
    const { base, host } = startHostCli('cast-stop-');
    let output = '';
    host.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    host.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => host.once('exit', (code) => resolve(code)));
    const hostPid = host.pid ?? 0;
    cleanups.push(() => host.kill('SIGKILL'));

    const log = join(base, 'data', 'logs', 'browser-host.log');
    const logText = () => {
      try {
        return readFileSync(log, 'utf8');
      } catch {
        return '';
      }
    };
    // The sandbox's own lines reach the host's log only once it has said it is ready.
    const SANDBOX_LINE = '"message":"sandbox"';
    const RESTARTING = 'The embedded sandbox stopped; starting it again.';

    // Core starts the embedded sandbox for the sandbox profile, the first run's connection.
    await expect.poll(() => sandboxChildren(hostPid), { timeout: 60_000, interval: 100 }).toHaveLength(1);
    await expect.poll(logText, { timeout: 60_000, interval: 100 }).toContain(SANDBOX_LINE);
    const [first = 0] = sandboxChildren(hostPid);
    process.kill(first, 'SIGKILL');
    // The supervisor starts it again.
    await expect.poll(() => sandboxChildren(hostPid).filter((pid) => pid !== first), { timeout: 60_000, interval: 100 }).toHaveLength(1);
    const [second = 0] = sandboxChildren(hostPid).filter((pid) => pid !== first);
    await expect.poll(() => logText().split(RESTARTING)[1] ?? '', { timeout: 60_000, interval: 100 }).toContain(SANDBOX_LINE);
    cleanups.push(() => {
      if (!alive(second)) return;
      process.kill(second, 'SIGCONT');
      process.kill(second, 'SIGKILL');
    });
    process.kill(second, 'SIGSTOP');
    // Core has nothing to ask the sandbox on its own for minutes once it has reconnected: a page asks.
    const bridge = await askCoreNow(host, () => output);
    cleanups.push(() => bridge.close());

    // Core's next request to the frozen sandbox waits unread in its socket: core is mid-request.
    const port = Number(readFileSync(join(base, 'data', 'sandbox', 'port'), 'utf8'));
    await expect.poll(() => unreadBytesAt(port), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);

    host.kill('SIGTERM');
    const deadline = new Promise<'still running'>((resolve) => {
      const timer = setTimeout(() => resolve('still running'), EXIT_DEADLINE_MS);
      void exited.then(() => clearTimeout(timer));
    });
    const outcome = await Promise.race([exited.then(() => 'exited' as const), deadline]);
    expect(outcome, `The host did not exit within ${EXIT_DEADLINE_MS / 1000} s of SIGTERM. Its output:\n${output}`).toBe('exited');
    // Nothing it started outlives it.
    await expect.poll(() => alive(second), { timeout: 5_000 }).toBe(false);
  }, 120_000);

  it('takes its core’s process with it when it is killed', async () => {
    const { host } = startHostCli('cast-killed-');
    const exited = new Promise<void>((resolve) => host.once('exit', () => resolve()));
    const hostPid = host.pid ?? 0;
    cleanups.push(() => host.kill('SIGKILL'));

    await expect.poll(() => childrenOf(hostPid, CORE_CHILD_ARG), { timeout: 60_000, interval: 100 }).toHaveLength(1);
    const [core = 0] = childrenOf(hostPid, CORE_CHILD_ARG);
    // Whatever becomes of the host's sandbox, the test ends it.
    await expect.poll(() => sandboxChildren(hostPid), { timeout: 60_000, interval: 100 }).toHaveLength(1);
    for (const sandbox of sandboxChildren(hostPid)) cleanups.push(() => running(sandbox) && process.kill(sandbox, 'SIGKILL'));
    cleanups.push(() => running(core) && process.kill(core, 'SIGKILL'));

    host.kill('SIGKILL');
    await exited;
    await expect.poll(() => running(core), { timeout: 5_000, interval: 50 }).toBe(false);
  }, 120_000);
});
