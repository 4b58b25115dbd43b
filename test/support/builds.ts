import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The builds that tests serve or show: the renderer the browser host serves and the licence notices
 * About lists. Kept apart from the end-to-end harness so the run's global setup can make them once,
 * before files that run side by side would each start the same build into the same folder.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where the browser host looks for the renderer by default (electron/web/browserHost.ts). */
const rendererDir = process.env.CAST_RENDERER_DIR ?? join(root, 'dist', 'renderer');

/** Runs `vite build --mode renderer` when the build is missing or a renderer or shared file is newer. */
export function ensureRendererBuilt(): void {
  const index = join(rendererDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  // The build's config counts too: it decides what the build writes (its manifest, for one).
  if (built > Math.max(newestSource([join(root, 'renderer'), join(root, 'shared')]), statSync(join(root, 'vite.config.ts')).mtimeMs))
    return;
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--mode', 'renderer', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`The renderer did not build:\n${result.stdout}\n${result.stderr}`);
}

/** Writes the licence notices About shows (part of `npm run build`) when they are missing or older than the lockfile. */
export function ensureNoticesBuilt(): void {
  const notices = join(root, 'dist', 'notices', 'notices.json');
  if (existsSync(notices) && statSync(notices).mtimeMs > statSync(join(root, 'package-lock.json')).mtimeMs) return;
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'licences', 'generate.ts')], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`The licence notices were not written:\n${result.stdout}\n${result.stderr}`);
}

function newestSource(dirs: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}
