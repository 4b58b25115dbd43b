import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds core's bundle (`vite build --mode main`, as the desktop app ships it) into a new folder and
 * returns the URL of its coreEntry.js (and how to remove the folder), for a browser host to run in
 * its worker. Built afresh each time (about 2 s), so a benchmark or test never runs a bundle older
 * than the sources. The folder is inside the project, as dist/main is: the bundle loads its
 * dependencies from the project's node_modules.
 */
export function buildCoreBundle(): { entry: URL; remove: () => void } {
  const parent = join(root, 'dist');
  mkdirSync(parent, { recursive: true });
  const outDir = mkdtempSync(join(parent, 'bench-core-'));
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--mode', 'main', '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CAST_MAIN_DIR: outDir },
  });
  const entry = join(outDir, 'coreEntry.js');
  if (result.status !== 0 || !existsSync(entry)) throw new Error(`Core's bundle did not build:\n${result.stdout}\n${result.stderr}`);
  return { entry: pathToFileURL(entry), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
