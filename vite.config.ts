import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/** One config, four targets: `vite build --mode renderer|main|preload|sandbox`. */

const root = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const manifest = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { dependencies?: Record<string, string> };

// Bundled into the main process's and core's code rather than loaded from node_modules: zod's
// package entry loads about a hundred modules (every locale among them), ~75 ms of core's start on a
// 2-core machine; bundled, only what the schemas use is there, in the one chunk core and the main
// process share. Core's start is then about 90 ms shorter, and it runs beside the window's own
// (test/integration/host/coreStartLoads.test.ts keeps what else core's start loads in check).
const bundledDependencies = ['zod'];

// The main process loads the rest from node_modules at run time: Electron provides itself, keytar is
// native, and leaving dependencies unbundled keeps the packaged app's node_modules authoritative.
const nodeExternals = [
  'electron',
  'keytar',
  ...Object.keys(manifest.dependencies ?? {}).filter((name) => !bundledDependencies.includes(name)),
];

const isMainExternal = (id: string) =>
  id.startsWith('node:') || builtinModules.includes(id) || nodeExternals.some((name) => id === name || id.startsWith(`${name}/`));

/** The commit the build is made from, shown in Settings → About: CAST_BUILD_COMMIT, else git's, else none. */
function buildCommit(): string | null {
  if (process.env.CAST_BUILD_COMMIT) return process.env.CAST_BUILD_COMMIT.slice(0, 40);
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() ||
      null
    );
  } catch {
    return null;
  }
}

const renderer: UserConfig = {
  root: fromRoot('renderer'),
  define: { __CAST_BUILD__: JSON.stringify(buildCommit()) },
  // Relative asset URLs so the same build loads from a custom protocol, a file or the browser host.
  base: './',
  // react-aria's own strings (a date field's labels, a list's announcements) only for the studio's
  // languages (renderer/i18n/locales.ts): the others would only weigh down the first script.
  plugins: [react(), optimizeLocales.vite({ locales: ['en-US', 'es-ES', 'pt-BR', 'fr-FR', 'de-DE', 'ja-JP', 'zh-CN', 'ar-AE'] })],
  publicDir: false,
  build: {
    // CAST_RENDERER_DIR moves the build (and the browser host that serves it) elsewhere, so two
    // checkouts' test runs on one machine never serve each other's half-written build.
    outDir: process.env.CAST_RENDERER_DIR ?? fromRoot('dist/renderer'),
    emptyOutDir: true,
    target: 'chrome140',
    reportCompressedSize: false,
    // `.vite/manifest.json`: which chunks and style sheets each screen needs, so a shell serving the
    // page can name the start screen's beside the first script (electron/core/app/startScreenPage.ts).
    manifest: true,
    // A start fetches three scripts: the first (the frame and everything it imports), the code two
    // or more screens share, and the start screen's own. Left to itself the bundler made a chunk
    // for each set of screens sharing some code: a start on the gallery fetched 24 scripts, most
    // under 2 KB, in four waves over the six connections a browser opens to one host, and its code
    // began to run about 70 ms later than with the three (from the page's HTML, medians of paired
    // start probes). Opening a screen later still fetches that screen's chunk alone.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
};

/**
 * The main process words its menu, notifications and start dialogs from the page's catalogs
 * (electron/main/shellWords.ts), one chunk per language; each chunk keeps only the `shell.*`
 * messages, about 2 KB of the 110–160 KB a whole catalog weighs.
 */
const shellMessagesOnly: Plugin = {
  name: 'cast:shell-messages-only',
  // Before Vite's JSON plugin, which turns the file into a module.
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]renderer[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/.test(id)) return null;
    const catalog = JSON.parse(code) as Record<string, string>;
    return { code: JSON.stringify(Object.fromEntries(Object.entries(catalog).filter(([key]) => key.startsWith('shell.')))), map: null };
  },
};

const main: UserConfig = {
  root,
  publicDir: false,
  plugins: [shellMessagesOnly],
  ssr: { target: 'node', noExternal: bundledDependencies },
  build: {
    ssr: true,
    // CAST_MAIN_DIR moves it, as CAST_RENDERER_DIR does the renderer (benchmarks run core from there).
    outDir: process.env.CAST_MAIN_DIR ?? fromRoot('dist/main'),
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // Core is its own entry: electron/main/coreUtility.ts runs it as coreEntry.js in a utility process.
      input: { main: fromRoot('electron/main/main.ts'), coreEntry: fromRoot('electron/core/host/coreEntry.ts') },
      external: isMainExternal,
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
};

const preload: UserConfig = {
  root,
  publicDir: false,
  build: {
    outDir: fromRoot('dist/preload'),
    emptyOutDir: true,
    // A sandboxed preload cannot require anything but electron, so everything else is bundled in.
    lib: {
      entry: fromRoot('electron/preload/preload.ts'),
      formats: ['cjs'],
      fileName: () => 'preload.cjs',
    },
    target: 'chrome140',
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: { external: ['electron'] },
  },
};

// The embedded sandbox, for Electron's utility process: Electron's Node does not strip TypeScript,
// so the desktop app runs this bundle (dist/sandbox/cli.js, packaged with dist/**), while the
// browser host and tests run electron/sandbox/cli.ts directly.
const sandbox: UserConfig = {
  root,
  publicDir: false,
  ssr: { target: 'node' },
  build: {
    ssr: true,
    outDir: fromRoot('dist/sandbox'),
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // The media worker is its own entry: realRenderer.ts starts it as mediaWorker.js beside cli.js.
      input: { cli: fromRoot('electron/sandbox/cli.ts'), mediaWorker: fromRoot('electron/sandbox/media/worker.ts') },
      external: isMainExternal,
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
};

const targets: Record<string, UserConfig> = { renderer, main, preload, sandbox };

export default defineConfig(({ mode, command }) => {
  const target = targets[mode];
  if (!target) {
    throw new Error(
      `Vite mode "${mode}" names no Cast Studio target: pass --mode renderer, --mode main, --mode preload or --mode sandbox.`,
    );
  }
  // A build is what ships, whatever NODE_ENV the shell has: under a test runner (NODE_ENV=test) Vite
  // would otherwise build React's development runtime (jsxDEV, dev checks), several times slower.
  // Vite reads NODE_ENV after loading this file, so production is set here.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return target;
});
