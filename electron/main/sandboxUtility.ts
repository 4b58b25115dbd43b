import { utilityProcess } from 'electron';
import { createInterface } from 'node:readline';
import { SandboxReady } from '../../shared/api/sandboxAdmin.ts';
import type { Logger } from '../core/log/logger.ts';

export type LaunchedSandbox = { ready: SandboxReady; stop(): Promise<void> };
export type SandboxLauncher = (options: { dataDir: string; apiKey: string | null }) => Promise<LaunchedSandbox>;

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/**
 * The desktop app's embedded sandbox: the bundled sandbox (`dist/sandbox/cli.js`, built by
 * `vite build --mode sandbox`; Electron's Node does not strip TypeScript, and packaging includes
 * `dist/**`) in a utility process, with its data where core says. Its first stdout line is the
 * ready JSON. A utility process is a Chromium service: it dies with the app.
 */
export function utilitySandbox(options: { entry: string; speed: 'realtime' | 'fast'; log: Logger }): SandboxLauncher {
  return async ({ dataDir, apiKey }) => {
    const { CAST_SANDBOX_API_KEY: _inherited, ...inherited } = process.env;
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(inherited)) if (value !== undefined) env[key] = value;
    if (apiKey) env.CAST_SANDBOX_API_KEY = apiKey;

    const child = utilityProcess.fork(options.entry, ['--port', '0', '--data', dataDir, '--speed', options.speed], {
      env,
      stdio: 'pipe',
      serviceName: 'Cast Studio Sandbox',
    });
    const stdout = child.stdout;
    const stderr = child.stderr;
    if (!stdout || !stderr) throw new Error('The embedded sandbox started without its output pipes.');
    const tail: string[] = [];
    createInterface({ input: stderr }).on('line', (line) => {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      options.log.warn('sandbox', { line });
    });
    const exited = new Promise<number>((resolve) => child.once('exit', resolve));

    const ready = await new Promise<SandboxReady>((resolve, reject) => {
      const lines = createInterface({ input: stdout });
      const timer = setTimeout(() => fail(`did not say it was ready within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
      function fail(reason: string) {
        clearTimeout(timer);
        child.kill();
        reject(new Error(`The embedded sandbox ${reason}.${tail.length > 0 ? `\n${tail.join('\n')}` : ''}`));
      }
      void exited.then((code) => fail(`stopped before it was ready (exit code ${code})`));
      lines.once('line', (line) => {
        const parsed = SandboxReady.safeParse(parseJson(line));
        if (!parsed.success) return fail('printed something other than its ready line');
        clearTimeout(timer);
        lines.on('line', (later) => options.log.info('sandbox', { line: later }));
        resolve(parsed.data);
      });
    });

    return {
      ready,
      stop: async () => {
        if (child.pid === undefined) return;
        child.kill();
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
      },
    };
  };
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
