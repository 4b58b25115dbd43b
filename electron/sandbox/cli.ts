import { parseArgs } from 'node:util';
import { startSandbox } from './sandbox.ts';
import { variantSetOf } from './variants/registry.ts';

/**
 * `npm run sandbox -- [--port N] [--remember-port] [--data DIR] [--speed realtime|fast]`
 * With `--remember-port` and `--port 0`, the port of the last start (kept in the data folder) is
 * taken again when it is free, so the sandbox keeps its address across restarts.
 * `--variant NAME[,NAME…]` (else CAST_SANDBOX_VARIANTS) answers with spec-legal choices other than
 * the default (variants/registry.ts); the environment reaches a sandbox the app itself launches.
 * The first stdout line is the SandboxReady JSON object; logs follow on later lines.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string', default: '.sandbox-data' },
    speed: { type: 'string', default: 'realtime' },
    quiet: { type: 'boolean', default: false },
    'remember-port': { type: 'boolean', default: false },
    variant: { type: 'string', multiple: true, default: [] },
  },
});

// The sandbox's data (its database, keys, CDN files) is the user's alone: folders 0700, files 0600.
if (process.platform !== 'win32') process.umask(0o077);

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0-65535, not ${values.port}.`);
if (values.speed !== 'fast' && values.speed !== 'realtime') fail(`--speed must be realtime or fast, not ${values.speed}.`);
const variants = values.variant.length > 0 ? values.variant : (process.env.CAST_SANDBOX_VARIANTS ?? '').split(',').filter(Boolean);
try {
  variantSetOf(variants);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// Logs wait until the ready line is out: it must be the first line.
const early: string[] = [];
let started = false;
const log = (message: string): void => {
  if (values.quiet) return;
  const line = `${new Date().toISOString()} ${message}\n`;
  if (started) process.stdout.write(line);
  else early.push(line);
};

const sandbox = await startSandbox({
  port,
  rememberPort: values['remember-port'],
  dataDir: values.data,
  speed: values.speed === 'fast' ? 'fast' : 'realtime',
  seedKey: process.env.CAST_SANDBOX_API_KEY,
  log,
  variants,
});
process.stdout.write(`${JSON.stringify(sandbox.ready)}\n`);
started = true;
for (const line of early) process.stdout.write(line);

/** A stop ends within this bound even if closing hangs; every record is committed whole or not at all. */
const STOP_BOUND_MS = 1_800;

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      log(`stopping took longer than ${STOP_BOUND_MS} ms; exiting now`);
      process.exit(0);
    }, STOP_BOUND_MS).unref();
    void sandbox.close().then(() => process.exit(0));
  });
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
