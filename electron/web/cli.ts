// `npm run start:browser`: the studio in the default browser, over the same core as the desktop app.
import { homedir } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FileLogSink, RedactingLogger, type LogFields, type Logger } from '../core/log/logger.ts';
import { installCrashLog } from '../core/app/crashLog.ts';
import { startBrowserHost } from './browserHost.ts';

const USAGE = `Usage: npm run start:browser -- [--no-open] [--port N] [--data DIR] [--speed realtime|fast] [--core FILE]

  --no-open   print the URL without opening a browser
  --port N    listen on 127.0.0.1:N (default: a free port)
  --data DIR  keep the library, preferences and sandbox data in DIR
  --speed     how fast the embedded sandbox finishes jobs (default: realtime)
  --core FILE run core from its built bundle (dist/main/coreEntry.js) instead of its sources`;

/**
 * Its own folder beside the desktop app's: two cores running the same queue on one library at the
 * same time would both send it. `--data` points the host anywhere, the desktop app's folder included.
 */
function defaultUserDataDir(): string {
  const name = 'Cast Studio (browser)';
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', name);
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), name);
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), name);
}

/** How long stopping may take in all before the process exits regardless (core and sandbox have shorter graces). */
const STOP_DEADLINE_MS = 8_000;

const consoleSink: Logger = {
  info: () => undefined,
  warn: (message: string, fields?: LogFields) => console.warn(message, fields ?? ''),
  error: (message: string, fields?: LogFields) => console.error(message, fields ?? ''),
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'no-open': { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      data: { type: 'string' },
      speed: { type: 'string', default: 'realtime' },
      core: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not "${values.port}".`);
  if (values.speed !== 'realtime' && values.speed !== 'fast') throw new Error(`--speed must be realtime or fast, not "${values.speed}".`);

  const userDataDir = values.data ?? defaultUserDataDir();
  const fileLog = new FileLogSink(join(userDataDir, 'logs', 'browser-host.log'));
  const log = new RedactingLogger([consoleSink, fileLog]);
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  installCrashLog({ where: 'browser host', logsDir: join(userDataDir, 'logs'), version, secrets: log.redactor });
  const coreEntry = values.core === undefined ? undefined : pathToFileURL(resolve(values.core));
  if (coreEntry && !existsSync(coreEntry))
    throw new Error(`--core names no file: "${values.core}". Build it with: npx vite build --mode main`);
  const host = await startBrowserHost({
    userDataDir,
    port,
    sandboxSpeed: values.speed,
    open: !values['no-open'],
    log,
    ...(coreEntry ? { coreEntry } : {}),
  });

  console.log(
    `Cast Studio is running at\n\n  ${host.launchUrl()}\n\nThe link opens the studio once, within a minute. Press Enter for a new link, Ctrl+C to stop.`,
  );
  // A spent or expired link is useless; a new one is one key press away (never printed on its own).
  process.stdin.on('data', () => console.log(`\n  ${host.launchUrl()}\n`));
  process.stdin.on('error', () => undefined);

  const stop = () => {
    console.log('Stopping Cast Studio…');
    // The orderly stop is bounded on its own; this is the last word should anything still hang.
    // Exiting kills the embedded sandbox on the way out (electron/web/sandboxProcess.ts).
    setTimeout(() => {
      log.warn('The browser host did not stop in time; ending it.', { afterMs: STOP_DEADLINE_MS });
      void fileLog.close().finally(() => process.exit(1));
    }, STOP_DEADLINE_MS).unref();
    // The file log writes in the background: its last lines reach the disk before the process exits.
    void host
      .stop()
      .then(
        () => 0,
        () => 1,
      )
      .then((code) => {
        log.info('The browser host stopped.', { code });
        return fileLog.close().then(() => process.exit(code));
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
