// `npm start`: make sure the Electron binary is here, build, and open Cast Studio in Electron. Where
// that binary cannot be had, open the same studio in the browser through the browser host instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BROWSER_INSTEAD =
  "Electron's binary is not on this machine and could not be downloaded, so Cast Studio opens in your browser through the browser host instead.";

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));

/** The binary the `electron` package would launch, if it is on disk (mirrors its index.js). */
function installedBinary() {
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, executable ?? 'electron') : executable && join(electronDir, 'dist', executable);
  return binary && existsSync(binary) ? binary : undefined;
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

function npmRun(script) {
  // Under `npm start`, npm_execpath is npm's own script, which avoids resolving npm.cmd on Windows.
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', script], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  return result.status ?? 1;
}

/**
 * Runs `command` until it exits, passing Ctrl+C and SIGTERM on (as `forwardAs` when given), and
 * exits with its status.
 */
function runUntilExit(command, args, env, onError, forwardAs) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(forwardAs ?? signal));
  }
  child.on('error', onError);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * The browser host, exactly as `npm run start:browser` runs it (its own data folder, `--data` to
 * choose another; `--no-open` prints the address without opening a browser).
 */
function startInBrowser() {
  console.log(BROWSER_INSTEAD);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  for (const mode of ['renderer', 'main']) {
    const built = spawnSync(process.execPath, [vite, 'build', '--mode', mode, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  // The host stops cleanly on either signal but only once on each, and Ctrl+C in a terminal reaches
  // it directly too: passing SIGTERM on keeps a second SIGINT from cutting its shutdown short.
  const host = [join(root, 'electron', 'web', 'cli.ts'), '--core', join(root, 'dist', 'main', 'coreEntry.js'), ...process.argv.slice(2)];
  runUntilExit(
    process.execPath,
    host,
    process.env,
    (error) => {
      console.error(`The browser host could not be started (${error.message}).`);
      process.exit(1);
    },
    'SIGTERM',
  );
}

const binary = obtainBinary();
if (!binary) {
  startInBrowser();
} else {
  const buildStatus = npmRun('build');
  if (buildStatus !== 0) process.exit(buildStatus);

  // Chromium refuses to start as root with its sandbox on; that only happens in containers and CI.
  const asRoot = process.platform === 'linux' && process.getuid?.() === 0;
  const args = ['.', ...(asRoot ? ['--no-sandbox'] : []), ...process.argv.slice(2)];
  // An inherited ELECTRON_RUN_AS_NODE would start plain Node instead of the app.
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;
  runUntilExit(binary, args, env, (error) => {
    console.error(
      `Electron could not be started from ${binary} (${error.message}); run \`npm run start:browser\` to open the studio in your browser instead.`,
    );
    process.exit(1);
  });
}
