import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SandboxReady } from '../../shared/api/sandboxAdmin.ts';
import type { Logger } from '../core/log/logger.ts';

export type SandboxSpeed = 'realtime' | 'fast';
export type LaunchedSandbox = { ready: SandboxReady; stop(): Promise<void> };
export type SandboxLauncher = (options: { dataDir: string; apiKey: string | null }) => Promise<LaunchedSandbox>;

/** The sandbox's command line, run by path (the host may not import the sandbox: it is the service). */
const SANDBOX_CLI = fileURLToPath(new URL('../sandbox/cli.ts', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/**
 * The browser host's embedded sandbox: `node electron/sandbox/cli.ts` as a child process, with its
 * data in the folder core chooses. Its first stdout line is the ready JSON; later output goes to
 * the log. The child dies with the host.
 */
export function childProcessSandbox(options: { speed: SandboxSpeed; log: Logger }): SandboxLauncher {
  return async ({ dataDir, apiKey }) => {
    const { CAST_SANDBOX_API_KEY: _inherited, ...env } = process.env;
    const child = spawn(process.execPath, [SANDBOX_CLI, '--port', '0', '--data', dataDir, '--speed', options.speed], {
      env: apiKey ? { ...env, CAST_SANDBOX_API_KEY: apiKey } : env,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const killWithHost = () => child.kill('SIGKILL');
    process.once('exit', killWithHost);

    const stderrTail: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      options.log.warn('sandbox', { line });
    });

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await new Promise<SandboxReady>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      const timer = setTimeout(() => fail(`did not say it was ready within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
      function fail(reason: string) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        const detail = stderrTail.length > 0 ? `\n${stderrTail.join('\n')}` : '';
        reject(new Error(`The embedded sandbox ${reason}.${detail}`));
      }
      child.once('error', (error) => fail(`could not start (${error.message})`));
      void exited.then((code) => fail(`stopped before it was ready (exit code ${String(code)})`));
      lines.once('line', (line) => {
        const parsed = SandboxReady.safeParse(safeJson(line));
        if (!parsed.success) return fail('printed something other than its ready line');
        clearTimeout(timer);
        // Keep reading stdout so the child never blocks on a full pipe; its later lines are its log.
        lines.on('line', (later) => options.log.info('sandbox', { line: later }));
        resolve(parsed.data);
      });
    });

    return {
      ready,
      stop: async () => {
        process.off('exit', killWithHost);
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      },
    };
  };
}

/** A sandbox someone else runs (tests that share one): nothing to start or stop. */
export function existingSandbox(ready: SandboxReady): SandboxLauncher {
  return async () => ({ ready, stop: async () => undefined });
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
