import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Import direction (DESIGN.md, "Processes and folders"). Each layer names the folders of ours it
 * may import and the packages it may not. `no-restricted-imports` matches import strings, not
 * resolved paths, so the relative-path rules are generated per directory depth: at a known depth,
 * the number of `../` says exactly which folder an import lands in.
 */

const SOURCE = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
// Deep enough for any feature folder; a file deeper than this gets only the package rules.
const MAX_DEPTH = 10;

const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));
const NODE_ONLY_PACKAGES = ['keytar', 'conf', 'electron-store', 'undici', 'ws'];
const UI_PACKAGES = ['react', 'react-dom', 'zustand'];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (names) => `(?:${names.map(escape).join('|')})(?:/|$)`;

const ipcMainBan = {
  name: 'electron',
  importNames: ['ipcMain'],
  message: 'Raw ipcMain lives only in electron/main/ipcTransport.ts; register a handler on the core router instead.',
};
const ipcRendererBan = {
  name: 'electron',
  importNames: ['ipcRenderer'],
  message: 'Raw ipcRenderer lives only in electron/preload/preload.ts; features use the typed bridge.',
};

const noElectron = (layer, instead) => ({
  regex: `^${anyOf(['electron', 'electron-store'])}`,
  message: `${layer}/ may not import Electron; ${instead}.`,
});
// core, web and sandbox also run under plain Node: in the browser host, the CLI and the tests.
const nodeOnly = 'it also runs under plain Node, so Electron adapters belong in electron/main';
const noNodeBuiltins = (layer) => ({
  regex: `^(?:node:|${anyOf(NODE_BUILTINS)})`,
  message: `${layer}/ does not run in Node, so it may not import Node built-ins.`,
});
const noNodeOnlyPackages = (layer) => ({
  regex: `^${anyOf(NODE_ONLY_PACKAGES)}`,
  message: `${layer}/ does not run in Node, so it may not import Node-only packages; go through the bridge.`,
});
const noUiPackages = (layer) => ({
  regex: `^${anyOf(UI_PACKAGES)}`,
  message: `${layer}/ runs in Node, so it may not import UI libraries.`,
});
const onlyPackages = (layer, allowed) => ({
  regex: `^(?!\\.{1,2}/)(?!${anyOf(allowed)})`,
  message: `${layer}/ may import only ${allowed.join(', ')} among packages.`,
});

/**
 * `ours`: folders (from the repository root) the layer may import besides itself.
 * `packages`: patterns for packages it may not import. `ipc`: the raw IPC bans that apply.
 */
const LAYERS = [
  {
    dir: 'shared',
    ours: [],
    // Pure TypeScript: zod is the one library the contracts are written in.
    packages: [onlyPackages('shared', ['zod'])],
    ipc: [],
  },
  {
    dir: 'electron/core',
    ours: ['shared'],
    packages: [noElectron('electron/core', nodeOnly), noUiPackages('electron/core')],
    ipc: [],
  },
  {
    dir: 'electron/main',
    ours: ['shared', 'electron/core'],
    packages: [noUiPackages('electron/main')],
    ipc: [ipcMainBan, ipcRendererBan],
  },
  {
    dir: 'electron/web',
    ours: ['shared', 'electron/core'],
    packages: [noElectron('electron/web', nodeOnly), noUiPackages('electron/web')],
    ipc: [],
  },
  {
    dir: 'electron/preload',
    ours: ['shared'],
    packages: [onlyPackages('electron/preload', ['electron'])],
    ipc: [ipcMainBan, ipcRendererBan],
  },
  {
    dir: 'electron/sandbox',
    ours: ['shared'],
    packages: [noElectron('electron/sandbox', nodeOnly), noUiPackages('electron/sandbox')],
    ipc: [],
  },
  {
    dir: 'renderer',
    ours: ['shared'],
    packages: [
      noElectron('renderer', 'it reaches the main process only through the bridge the preload exposes'),
      noNodeBuiltins('renderer'),
      noNodeOnlyPackages('renderer'),
    ],
    ipc: [],
  },
];

/** The one file per side where raw IPC is the point. */
const IPC_HOMES = [
  { file: 'electron/main/ipcTransport.ts', dir: 'electron/main', allow: ipcMainBan },
  { file: 'electron/preload/preload.ts', dir: 'electron/preload', allow: ipcRendererBan },
];

/** Patterns that reject relative imports leaving `layer` for a folder it may not import. */
function relativePatterns(layer, depth) {
  const segments = layer.dir.split('/');
  const allowed = [layer.dir, ...layer.ours];
  const folders = allowed.map((dir) => `${dir}/`).join(', ');
  const message = `${layer.dir}/ may import only these folders of ours: ${folders} (DESIGN.md, import direction).`;
  const patterns = [];
  for (let up = 1; up <= segments.length; up += 1) {
    const landing = segments.slice(0, segments.length - up).join('/');
    const reachable = allowed
      .filter((dir) => landing === '' || dir.startsWith(`${landing}/`))
      .map((dir) => (landing === '' ? dir : dir.slice(landing.length + 1)));
    patterns.push({
      regex: `^(?:\\.\\./){${depth + up}}(?!\\.\\./)(?!${anyOf(reachable)})`,
      message,
    });
  }
  patterns.push({
    regex: `^(?:\\.\\./){${depth + segments.length + 1}}`,
    message: 'This import climbs out of the repository.',
  });
  return patterns;
}

function importRule(layer, depth, exempt) {
  const paths = layer.ipc.filter((ban) => ban !== exempt);
  const patterns = [...layer.packages, ...(depth === undefined ? [] : relativePatterns(layer, depth))];
  return { 'no-restricted-imports': ['error', { paths, patterns }] };
}

const layerConfigs = LAYERS.flatMap((layer) => [
  { files: [`${layer.dir}/**/*.${SOURCE}`], rules: importRule(layer) },
  ...Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
    files: [`${layer.dir}/${'*/'.repeat(depth)}*.${SOURCE}`],
    rules: importRule(layer, depth),
  })),
]);

const ipcHomeConfigs = IPC_HOMES.map((home) => {
  const layer = LAYERS.find((candidate) => candidate.dir === home.dir);
  if (!layer) throw new Error(`No layer for ${home.file}`);
  const depth = home.file.split('/').length - home.dir.split('/').length - 1;
  return { files: [home.file], rules: importRule(layer, depth, home.allow) };
});

export default defineConfig(
  { ignores: ['dist/', 'release/', 'node_modules/', 'test-artifacts/', 'test-results/', 'coverage/', 'out/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: [`**/*.${SOURCE}`],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Outside the layers (tests, scripts, configs) raw IPC is still banned.
      'no-restricted-imports': ['error', { paths: [ipcMainBan, ipcRendererBan] }],
    },
  },
  {
    // Plain JavaScript here is Node tooling; TypeScript files get undefined names from tsc instead.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layerConfigs,
  ...ipcHomeConfigs,
);
