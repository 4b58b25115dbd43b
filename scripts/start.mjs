// `npm start`: make sure the Electron binary is here, build, and open Cast Studio in Electron.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MISSING_BINARY =
  "Cast Studio's Electron binary is not installed on this machine and could not be downloaded; " +
  'run `npm run start:browser` to open the studio in your browser instead.';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));

/** The binary the `electron` package would launch, if it is on disk (mirrors its index.js). */
function installedBinary() {
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return join(override, executable ?? 'electron');
  if (!executable) return undefined;
  const binary = join(electronDir, 'dist', executable);
  return existsSync(binary) ? binary : undefined;
}

/**
 * The `electron` package downloads its binary lazily, on first require, and a failure there ends
 * in a stack trace. Running its installer ourselves with the output captured turns an unreachable
 * download into one sentence.
 */
function obtainBinary() {
  const found = installedBinary();
  if (found) return found;
  const status = process.stdout.isTTY ? 'Fetching the Electron binary (first run only)…' : '';
  process.stdout.write(status);
  const download = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: 'pipe',
    timeout: 15 * 60_000,
  });
  if (status) process.stdout.write('\r\x1b[K');
  return download.status === 0 ? installedBinary() : undefined;
}

function build() {
  // Under `npm start`, npm_execpath is npm's own script, which avoids resolving npm.cmd on Windows.
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  return result.status ?? 1;
}

const binary = obtainBinary();
if (!binary) {
  console.error(MISSING_BINARY);
  process.exit(1);
}

const buildStatus = build();
if (buildStatus !== 0) process.exit(buildStatus);

// Chromium refuses to start as root with its sandbox on; that only happens in containers and CI.
const asRoot = process.platform === 'linux' && process.getuid?.() === 0;
const args = ['.', ...(asRoot ? ['--no-sandbox'] : []), ...process.argv.slice(2)];
// An inherited ELECTRON_RUN_AS_NODE would start plain Node instead of the app.
const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;

const app = spawn(binary, args, { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => app.kill(signal));
}
app.on('error', (error) => {
  console.error(`Electron could not be started from ${binary} (${error.message}); run \`npm run start:browser\` to open the studio in your browser instead.`);
  process.exit(1);
});
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
