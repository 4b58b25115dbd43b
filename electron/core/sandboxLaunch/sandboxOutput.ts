import { createInterface } from 'node:readline';
import { SandboxReady } from '../../../shared/api/sandboxAdmin.ts';
import { writeCrash } from '../app/crashLog.ts';
import { RedactingLogger, type Logger } from '../log/logger.ts';

export type LaunchedSandbox = {
  ready: SandboxReady;
  stop(): Promise<void>;
  /** Settles when the process ends, however it ends (absent for a sandbox someone else runs). */
  exited?: Promise<unknown>;
  /** The process id, where the shell knows it. */
  pid?: number | undefined;
};
export type SandboxCrashLog = { logsDir: string; stopping: () => boolean };

export type SandboxLauncher = (options: { dataDir: string; apiKey: string | null }) => Promise<LaunchedSandbox>;

const READY_TIMEOUT_MS = 60_000;
const STDERR_TAIL_LINES = 20;

/**
 * The sandbox's environment: the caller's, with the stored key (if any) for the seeded user.
 * The key is handed over in the environment, never on the command line where `ps` would show it.
 */
export function sandboxEnvironment(apiKey: string | null): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'CAST_SANDBOX_API_KEY') env[key] = value;
  }
  if (apiKey) env.CAST_SANDBOX_API_KEY = apiKey;
  return env;
}

/**
 * Follows a started sandbox's output, however it was started (a child process in the browser
 * host, a utility process in Electron): resolves with its first stdout line, the ready JSON;
 * sends later lines and stderr to the log, which from then on redacts the sandbox's admin token and
 * key (when it is a RedactingLogger); and fails with the stderr tail when the sandbox stops,
 * times out or prints something else first, killing it.
 */
export function waitForSandboxReady(process: {
  stdout: NodeJS.ReadableStream;
  stderr: NodeJS.ReadableStream;
  exited: Promise<number | null>;
  kill: () => void;
  log: Logger;
  startError?: Promise<Error>;
  /** Where a sandbox that ends with an error, not asked to, leaves its crash; `stopping` says it was asked. */
  crashLog?: SandboxCrashLog;
}): Promise<SandboxReady> {
  const tail: string[] = [];
  createInterface({ input: process.stderr }).on('line', (line) => {
    tail.push(line);
    if (tail.length > STDERR_TAIL_LINES) tail.shift();
    process.log.warn('sandbox', { line });
  });
  return new Promise<SandboxReady>((resolve, reject) => {
    const lines = createInterface({ input: process.stdout });
    const timer = setTimeout(() => fail(`did not say it was ready within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    let settled = false;
    function fail(reason: string): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      process.kill();
      reject(new Error(`The embedded sandbox ${reason}.${tail.length > 0 ? `\n${tail.join('\n')}` : ''}`));
    }
    void process.startError?.then((error) => fail(`could not start (${error.message})`));
    void process.exited.then((code) => fail(`stopped before it was ready (exit code ${String(code)})`));
    lines.once('line', (line) => {
      const parsed = SandboxReady.safeParse(parseJson(line));
      if (!parsed.success) return fail('printed something other than its ready line');
      settled = true;
      clearTimeout(timer);
      // Core redacts these in its own log; the shell that started the sandbox (the desktop app's
      // main process, the browser host) logs the sandbox's later lines in its own, and must too.
      if (process.log instanceof RedactingLogger) {
        process.log.redactor.addSecret(parsed.data.admin_token);
        process.log.redactor.addSecret(parsed.data.api_key);
      }
      // Keep reading stdout so the sandbox never blocks on a full pipe; its later lines are its log.
      lines.on('line', (later) => process.log.info('sandbox', { line: later }));
      if (process.crashLog) watchForCrash(process.exited, tail, process.crashLog, process.log);
      resolve(parsed.data);
    });
  });
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/**
 * The sandbox is a process of its own that cannot write the app's crash log: an uncaught error ends
 * it with Node's report on stderr, which its shell keeps the tail of and writes here, redacted.
 */
function watchForCrash(exited: Promise<number | null>, tail: string[], crash: SandboxCrashLog, log: Logger): void {
  void exited.then((code) => {
    if (crash.stopping() || code === 0 || code === null) return;
    const at = tail.findLastIndex((line) => /^\w*Error\b.*:/.test(line.trim()));
    const error = new Error(at >= 0 ? (tail[at]?.trim() ?? '') : `The embedded sandbox ended with exit code ${code}.`);
    error.stack = [error.message, ...tail.slice(at + 1).filter((line) => line.trim().startsWith('at '))].join('\n');
    const secrets = log instanceof RedactingLogger ? log.redactor : undefined;
    writeCrash(crash.logsDir, { where: 'sandbox', origin: `exit code ${code}`, version: '', error }, secrets);
  });
}
