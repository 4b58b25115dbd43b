import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const CLI = path.join(root, 'sync-server/cli.ts');
/** A cold start of a TypeScript CLI on a busy machine. */
const START_LIMIT_MS = 60_000;

export interface SyncServerProcess {
  url: string;
  /** The HTTP origin of the same server (join codes). */
  httpUrl: string;
  child: ChildProcess;
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts `npm run sync-server`'s program on 127.0.0.1 on a free port; resolves once it listens. */
export async function startSyncServerProcess(dataFolder: string, extra: string[] = []): Promise<SyncServerProcess> {
  const child = spawn(process.execPath, [CLI, '--data', dataFolder, '--host', '127.0.0.1', '--port', '0', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The sync server did not start:\n${output}`)), START_LIMIT_MS);
    const look = () => {
      const found = /listening on (wss?:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The sync server ended (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    httpUrl: url.replace(/^ws/, 'http'),
    child,
    output: () => output,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/** Runs the CLI once (`--invite`, `--revoke`…) on a data folder and returns what it printed. */
export async function runSyncCli(dataFolder: string, args: string[]): Promise<string> {
  const child = spawn(process.execPath, [CLI, '--data', dataFolder, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`sync-server ${args.join(' ')} failed (${code}):\n${output}`);
  return output;
}

/** A join code for `member` in `space`, as `--invite` prints it. */
export async function inviteCode(dataFolder: string, space: string, member: string): Promise<{ code: string; spaceId: string }> {
  const output = await runSyncCli(dataFolder, ['--invite', member, '--space', space]);
  const code = /^\s+([0-9A-Z]{5}(?:-[0-9A-Z]{5}){3})$/m.exec(output)?.[1];
  const spaceId = /\(space ([a-z0-9]+)\)/.exec(output)?.[1];
  if (!code || !spaceId) throw new Error(`--invite printed no join code:\n${output}`);
  return { code, spaceId };
}

export interface Membership {
  spaceId: string;
  memberId: string;
  token: string;
}

/** Posts a join code to the server: the membership, or the refusal's status and sentence. */
export async function join(httpUrl: string, code: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${httpUrl}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function joinAs(httpUrl: string, code: string): Promise<Membership> {
  const { status, body } = await join(httpUrl, code);
  if (status !== 200) throw new Error(`Joining failed (${status}): ${JSON.stringify(body)}`);
  return { spaceId: String(body.spaceId), memberId: String(body.memberId), token: String(body.token) };
}

export function tempFolder(prefix: string): { path: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  return { path: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('No free port.');
  return address.port;
}
