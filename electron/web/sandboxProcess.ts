import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SandboxReady } from '../../shared/api/sandboxAdmin.ts';
import type { Logger } from '../core/log/logger.ts';
import { sandboxEnvironment, waitForSandboxReady, type SandboxLauncher } from '../core/sandboxLaunch/sandboxOutput.ts';

export type { LaunchedSandbox, SandboxLauncher } from '../core/sandboxLaunch/sandboxOutput.ts';
export type SandboxSpeed = 'realtime' | 'fast';

/** The sandbox's command line, run by path (the host may not import the sandbox: it is the service). */
const SANDBOX_CLI = fileURLToPath(new URL('../sandbox/cli.ts', import.meta.url));
/** How long a sandbox asked to stop may take before it is killed (a frozen one never ends on request). */
export const SANDBOX_STOP_GRACE_MS = 3_000;

/**
 * The browser host's embedded sandbox: `node electron/sandbox/cli.ts` as a child process, with its
 * data in the folder core chooses. The child dies with the host.
 */
export function childProcessSandbox(options: { speed: SandboxSpeed; log: Logger; crashLogsDir?: string }): SandboxLauncher {
  return async ({ dataDir, apiKey }) => {
    let stopping = false;
    const crashLog = options.crashLogsDir ? { logsDir: options.crashLogsDir, stopping: () => stopping } : undefined;
    // The same port as last time unless it is taken: downloads and open pages keep their address.
    const child = spawn(process.execPath, [SANDBOX_CLI, '--port', '0', '--remember-port', '--data', dataDir, '--speed', options.speed], {
      env: sandboxEnvironment(apiKey),
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const killWithHost = () => child.kill('SIGKILL');
    process.once('exit', killWithHost);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await waitForSandboxReady({
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      kill: () => child.kill('SIGKILL'),
      log: options.log,
      startError: new Promise<Error>((resolve) => child.once('error', resolve)),
      ...(crashLog ? { crashLog } : {}),
    });
    return {
      ready,
      exited,
      pid: child.pid,
      stop: async () => {
        stopping = true;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), SANDBOX_STOP_GRACE_MS);
          await exited;
          clearTimeout(timer);
        }
        // Only now: a host that exits while its sandbox is still ending kills it on the way out.
        process.off('exit', killWithHost);
      },
    };
  };
}

/** A sandbox someone else runs (tests that share one): nothing to start or stop. */
export function existingSandbox(ready: SandboxReady): SandboxLauncher {
  return async () => ({ ready, stop: async () => undefined });
}
