import { parseArgs } from 'node:util';
import { startSandbox } from './sandbox.ts';

/**
 * `npm run sandbox -- [--port N] [--data DIR] [--speed realtime|fast]`
 * The first stdout line is the SandboxReady JSON object; logs follow on later lines.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string', default: '.sandbox-data' },
    speed: { type: 'string', default: 'realtime' },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0-65535, not ${values.port}.`);
if (values.speed !== 'fast' && values.speed !== 'realtime') fail(`--speed must be realtime or fast, not ${values.speed}.`);

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
  dataDir: values.data,
  speed: values.speed === 'fast' ? 'fast' : 'realtime',
  seedKey: process.env.CAST_SANDBOX_API_KEY,
  log,
});
process.stdout.write(`${JSON.stringify(sandbox.ready)}\n`);
started = true;
for (const line of early) process.stdout.write(line);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void sandbox.close().then(() => process.exit(0));
  });
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
