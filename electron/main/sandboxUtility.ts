import { utilityProcess } from 'electron';
import type { Logger } from '../core/log/logger.ts';
import { sandboxEnvironment, waitForSandboxReady, type SandboxLauncher } from '../core/sandboxLaunch/sandboxOutput.ts';

export type { LaunchedSandbox, SandboxLauncher } from '../core/sandboxLaunch/sandboxOutput.ts';

const STOP_GRACE_MS = 3_000;

/**
 * The desktop app's embedded sandbox: the bundled sandbox (`dist/sandbox/cli.js`, built by
 * `vite build --mode sandbox`; Electron's Node does not strip TypeScript, and packaging includes
 * `dist/**`) in a utility process, with its data where core says. A utility process is a
 * Chromium service: it dies with the app.
 */
export function utilitySandbox(options: {
  entry: string;
  speed: 'realtime' | 'fast';
  log: Logger;
  crashLogsDir?: string;
}): SandboxLauncher {
  return async ({ dataDir, apiKey }) => {
    let stopping = false;
    const crashLog = options.crashLogsDir ? { logsDir: options.crashLogsDir, stopping: () => stopping } : undefined;
    // The same port as last time unless it is taken: downloads keep their address across restarts.
    const child = utilityProcess.fork(options.entry, ['--port', '0', '--remember-port', '--data', dataDir, '--speed', options.speed], {
      env: sandboxEnvironment(apiKey),
      stdio: 'pipe',
      serviceName: 'Cast Studio Sandbox',
    });
    const { stdout, stderr } = child;
    if (!stdout || !stderr) throw new Error('The embedded sandbox started without its output pipes.');
    const exited = new Promise<number>((resolve) => child.once('exit', resolve));
    const ready = await waitForSandboxReady({
      stdout,
      stderr,
      exited,
      kill: () => child.kill(),
      log: options.log,
      ...(crashLog ? { crashLog } : {}),
    });
    return {
      ready,
      exited,
      pid: child.pid,
      stop: async () => {
        stopping = true;
        const { pid } = child;
        if (pid === undefined) return;
        child.kill();
        const ended = await Promise.race([
          exited.then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS)),
        ]);
        // A sandbox that does not end on request (frozen, stuck) is killed: quitting never waits on it.
        if (!ended) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // It ended meanwhile.
          }
        }
      },
    };
  };
}
