import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SandboxReady } from '../../shared/api/sandboxAdmin.ts';
import type { Logger } from '../core/log/logger.ts';
import { sandboxEnvironment, waitForSandboxReady, type SandboxLauncher } from '../core/sandboxLaunch/sandboxOutput.ts';

export type { LaunchedSandbox, SandboxLauncher } from '../core/sandboxLaunch/sandboxOutput.ts';
export type SandboxSpeed = 'realtime' | 'fast';

/** The sandbox's command line, run by path (the host may not import the sandbox: it is the service). */
const SANDBOX_CLI = fileURLToPath(new URL('../sandbox/cli.ts', import.meta.url));
const STOP_GRACE_MS = 5_000;

/**
 * The browser host's embedded sandbox: `node electron/sandbox/cli.ts` as a child process, with its
 * data in the folder core chooses. The child dies with the host.
 */
export function childProcessSandbox(options: { speed: SandboxSpeed; log: Logger }): SandboxLauncher {
  return async ({ dataDir, apiKey }) => {
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
    });
    return {
      ready,
      exited,
      pid: child.pid,
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
