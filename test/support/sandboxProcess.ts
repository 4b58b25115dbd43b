import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request as undiciRequest } from 'undici';
import { SandboxReady } from '../../shared/api/index.ts';

const CLI = fileURLToPath(new URL('../../electron/sandbox/cli.ts', import.meta.url));

export type StartOptions = {
  /** Data folder; a fresh temporary one by default. Reuse it to restart on the same state. */
  dataDir?: string;
  speed?: 'fast' | 'realtime';
  /** Extra environment (e.g. CAST_SANDBOX_API_KEY, CAST_SANDBOX_RENDERER=placeholder). */
  env?: Record<string, string>;
  /** Service variants (`--variant`), e.g. ['minimal-accept', 'short-idempotency=5']; none by default. */
  variants?: readonly string[];
  /** `--remember-port`: listen on the port of the last start in this data folder when it is free, as the embedded sandbox does. */
  rememberPort?: boolean;
};

export type RequestOptions = {
  headers?: Record<string, string>;
  /** A plain value is sent as JSON; a string, Buffer or Uint8Array is sent as is. */
  body?: unknown;
  /**
   * The bearer token. Default: the seeded api_key for /v1/*, the admin_token for /sandbox/*,
   * none elsewhere. `null` sends no Authorization header.
   */
  auth?: string | null;
};

export type SandboxResponse = {
  status: number;
  /** Lower-case header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  bytes: Buffer;
};

export type SandboxHandle = {
  ready: SandboxReady;
  dataDir: string;
  /** Absolute URL of a path on the sandbox. */
  url: (path: string) => string;
  request: (method: string, path: string, options?: RequestOptions) => Promise<SandboxResponse>;
  /** An undici dispatcher that trusts the sandbox CA (for fetch or other clients). */
  dispatcher: Agent;
  /** Graceful stop (SIGTERM), resolves when the process has exited. */
  stop: () => Promise<void>;
  /** Sends a signal (SIGKILL by default) and resolves when the process has exited. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** Stops this process and starts another on the same data folder. */
  restart: (options?: Omit<StartOptions, 'dataDir'>) => Promise<SandboxHandle>;
  /** Log lines printed after the ready line (the most recent 200 KB). */
  logs: () => string;
  /** The sandbox process id (to look at its children). */
  pid: number;
};

/**
 * Starts a real sandbox process (`node electron/sandbox/cli.ts --port 0`), reads its first stdout
 * line and returns an HTTPS client that trusts its CA (never by turning verification off).
 */
export async function startSandbox(options: StartOptions = {}): Promise<SandboxHandle> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cast-sandbox-'));
  const speed = options.speed ?? 'fast';
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CAST_SANDBOX_API_KEY;
  Object.assign(env, options.env);
  const variantArgs = options.variants?.length ? ['--variant', options.variants.join(',')] : [];
  if (options.rememberPort) variantArgs.push('--remember-port');
  const child = spawn(process.execPath, [CLI, '--port', '0', '--data', dataDir, '--speed', speed, ...variantArgs], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const ready = await readReadyLine(child);
  let logs = '';
  const keep = (chunk: Buffer): void => {
    logs = (logs + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const dispatcher = new Agent({ connect: { ca: readFileSync(ready.ca_cert) } });
  let released = false;
  const release = async (hard: boolean): Promise<void> => {
    if (released) return;
    released = true;
    await (hard ? dispatcher.destroy() : dispatcher.close());
  };

  const handle: SandboxHandle = {
    ready,
    dataDir,
    url: (path) => new URL(path, ready.base_url).href,
    dispatcher,
    request: async (method, path, opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers };
      const token = opts.auth === undefined ? defaultAuth(path, ready) : opts.auth;
      if (token !== null && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization'))
        headers.authorization = `Bearer ${token}`;
      let body: string | Buffer | Uint8Array | undefined;
      if (typeof opts.body === 'string' || opts.body instanceof Uint8Array) body = opts.body;
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      }
      const res = await undiciRequest(handle.url(path), { method, headers, body, dispatcher });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      const isJson = (flat['content-type'] ?? '').includes('application/json');
      return {
        status: res.statusCode,
        headers: flat,
        body: isJson && bytes.length ? (JSON.parse(bytes.toString('utf8')) as unknown) : bytes.toString('utf8'),
        bytes,
      };
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await release(false);
    },
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      await release(true);
    },
    restart: async (next = {}) => {
      await handle.stop();
      return startSandbox({ speed, env: options.env, ...(options.variants ? { variants: options.variants } : {}), ...next, dataDir });
    },
    logs: () => logs,
    pid: child.pid ?? 0,
  };
  return handle;
}

function defaultAuth(path: string, ready: SandboxReady): string | null {
  if (path.startsWith('/v1/')) return ready.api_key;
  if (path.startsWith('/sandbox/')) return ready.admin_token;
  return null;
}

async function readReadyLine(child: ChildProcess): Promise<SandboxReady> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let errors = '';
    const timer = setTimeout(() => fail(new Error('The sandbox did not print its ready line within 30 s.')), 30_000);
    const onErr = (chunk: Buffer): void => {
      errors += chunk.toString('utf8');
    };
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      cleanup();
      try {
        resolve(SandboxReady.parse(JSON.parse(buffered.slice(0, newline))));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const onExit = (code: number | null): void => fail(new Error(`The sandbox exited (${code}) before it was ready: ${errors}`));
    function cleanup(): void {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
    }
    function fail(error: Error): void {
      cleanup();
      child.kill('SIGKILL');
      reject(error);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onErr);
    child.once('exit', onExit);
  });
}
