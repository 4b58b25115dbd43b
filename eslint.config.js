import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import boundaries from 'eslint-plugin-boundaries';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/ARCHITECTURE.md, "Import direction"). Each layer is an element type of
 * eslint-plugin-boundaries: the plugin resolves every import to a file (through the TypeScript
 * resolver, so `.ts` extensions and any tsconfig path alias work) and checks which layer that file
 * is in, so the rules hold at any folder depth. Packages are matched by name with
 * `no-restricted-imports`.
 */

const SOURCE = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const TYPESCRIPT = '{ts,tsx,mts,cts}';
const JAVASCRIPT = '{js,jsx,mjs,cjs}';

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
  regex: `^(?![./#])(?!${anyOf(allowed)})`,
  message: `${layer}/ may import only ${allowed.join(', ')} among packages.`,
});

/**
 * `type`: the element type of the layer. `ours`: the other layers it may import.
 * `packages`: patterns for packages it may not import. `ipc`: the raw IPC bans that apply.
 */
const LAYERS = [
  {
    type: 'shared',
    dir: 'shared',
    ours: [],
    // Pure TypeScript: zod is the library the contracts are written in, Yjs the shared documents'.
    packages: [onlyPackages('shared', ['zod', 'yjs'])],
    ipc: [],
  },
  {
    type: 'core',
    dir: 'electron/core',
    ours: ['shared'],
    packages: [noElectron('electron/core', nodeOnly), noUiPackages('electron/core')],
    ipc: [],
  },
  {
    type: 'main',
    dir: 'electron/main',
    ours: ['shared', 'core'],
    packages: [noUiPackages('electron/main')],
    ipc: [ipcMainBan, ipcRendererBan],
  },
  {
    type: 'web',
    dir: 'electron/web',
    ours: ['shared', 'core'],
    packages: [noElectron('electron/web', nodeOnly), noUiPackages('electron/web')],
    ipc: [],
  },
  {
    type: 'preload',
    dir: 'electron/preload',
    ours: ['shared'],
    packages: [onlyPackages('electron/preload', ['electron'])],
    ipc: [ipcMainBan, ipcRendererBan],
  },
  {
    type: 'sandbox',
    dir: 'electron/sandbox',
    ours: ['shared'],
    packages: [noElectron('electron/sandbox', nodeOnly), noUiPackages('electron/sandbox')],
    ipc: [],
  },
  {
    // The sync server: its own program (not packed into the app), sharing only the documents' shapes.
    type: 'syncServer',
    dir: 'sync-server',
    ours: ['shared'],
    packages: [noElectron('sync-server', 'it is a server of its own'), noUiPackages('sync-server')],
    ipc: [],
  },
  {
    type: 'renderer',
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

/**
 * The page's message catalogs are also read by the desktop app's main process and the browser host:
 * main's menu, notifications and start-failure dialogs are worded from their `shell.*` messages, the
 * host's launch page and plain-text answers from their `host.*` ones, so every word of the studio is
 * in one set of catalogs, translated and checked together. JSON only, no code: an element of its
 * own, matched before `renderer`, that main and web may import and nothing else of the page's.
 */
const CATALOGS = { type: 'catalogs', dir: 'renderer/i18n/messages', readBy: ['renderer', 'main', 'web'] };
const readsCatalogs = (layer) => (CATALOGS.readBy.includes(layer.type) ? [CATALOGS.type] : []);

const dirOf = (type) => LAYERS.find((layer) => layer.type === type)?.dir;
const DIRECTION = LAYERS.map((layer) => `${layer.dir}/ → ${layer.ours.map(dirOf).join(', ') || 'none of ours'}`).join('; ');

/** The one file per side where raw IPC is the point. */
const IPC_HOMES = [
  { file: 'electron/main/ipcTransport.ts', dir: 'electron/main', allow: ipcMainBan },
  { file: 'electron/preload/preload.ts', dir: 'electron/preload', allow: ipcRendererBan },
];

function packageRule(layer, exempt) {
  const paths = layer.ipc.filter((ban) => ban !== exempt);
  return { 'no-restricted-imports': ['error', { paths, patterns: layer.packages }] };
}

/**
 * Words shown to people come from the message catalogs (renderer/i18n/messages): a word written
 * into JSX, as text or as a label, title or aria-label, is an error. Allowed: attributes that are
 * not words (class names, ids, roles, SVG drawing, data-*), the product's name, and symbols
 * (dashes, dots, units in capitals). On for every file of the renderer: each reads the catalogs.
 */
const I18N_CHECKED = ['renderer/**'];
const I18N_LITERALS = [
  'error',
  {
    mode: 'jsx-only',
    'jsx-attributes': {
      exclude: [
        '^(className|style|type|key|id|role|name|value|htmlFor|href|src|alt-src|viewBox|d|fill|stroke.*|r|rx|ry|cx|cy|x|y|width|height|slot|lang|dir|autoComplete|inputMode|target|rel|tone|size|variant|method|tabIndex|locale|defaultLocale|testId|labelledBy)$',
        'data-.*',
        '^aria-(hidden|current|live|keyshortcuts|haspopup|controls|describedby|labelledby|expanded|pressed|selected)$',
      ],
    },
    words: { exclude: ['^[0-9!-/:-@[-`{-~\\s—–·…×→←⟦⟧★☆✓✕]+$', '^[A-Z_-]+$', '^(B|KB|MB|GB|TB)$', '^Cast Studio$'] },
  },
];

const packageConfigs = LAYERS.map((layer) => ({ files: [`${layer.dir}/**/*.${SOURCE}`], rules: packageRule(layer) }));

const ipcHomeConfigs = IPC_HOMES.map((home) => {
  const layer = LAYERS.find((candidate) => candidate.dir === home.dir);
  if (!layer) throw new Error(`No layer for ${home.file}`);
  return { files: [home.file], rules: packageRule(layer, home.allow) };
});

const boundariesConfig = {
  files: [`**/*.${SOURCE}`],
  plugins: { boundaries },
  settings: {
    // Each layer is its folder, matched from the repository root (not as a suffix of any path).
    // The first element a file matches is its own, so the catalogs come before the rest of the page.
    'boundaries/elements': [CATALOGS, ...LAYERS].map((layer) => ({ type: layer.type, pattern: layer.dir, partialMatch: false })),
    'boundaries/root-path': import.meta.dirname,
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'import/resolver': { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        // A layer importing a file of ours that is in no layer (tests, scripts, configs) is refused too.
        checkUnknownLocals: true,
        message: `'{{dependency.source}}' is outside the folders {{from.elementPath}}/ may import. Import direction (docs/ARCHITECTURE.md): ${DIRECTION}.`,
        policies: LAYERS.map((layer) => ({
          from: { element: { type: layer.type } },
          allow: { to: { element: { types: [layer.type, ...layer.ours, ...readsCatalogs(layer)] } } },
        })),
      },
    ],
  },
};

/**
 * Function length. `max-lines-per-function` counts every function alike; for components the limit is
 * split by kind with two filtered copies of it: one reports only functions named like a React
 * component, the other only the rest. The counting is the core rule's own.
 */
const LINES_COUNTED = { skipBlankLines: true, skipComments: true };
// The whole renderer: 50 lines for stores, hooks and helpers, 120 for components. An entry may name a
// folder or a single file.
const RENDERER_DONE = ['renderer'];
/** The files of `entry` with extension `ext`: a folder's, or the file itself when it is one of that kind. */
const filesOf = (entry, ext) => (/\.[a-z]+$/.test(entry) ? (entry.endsWith(`.${ext}`) ? [entry] : []) : [`${entry}/**/*.${ext}`]);
const SHORT_FUNCTIONS = [
  `electron/core/**/*.${SOURCE}`,
  'electron/sandbox/**/*.ts',
  ...RENDERER_DONE.flatMap((entry) => filesOf(entry, 'ts')),
];
const COMPONENT_FILES = RENDERER_DONE.flatMap((entry) => filesOf(entry, 'tsx'));

const maxLinesPerFunction = builtinRules.get('max-lines-per-function');

/** The name a function is known by: its own, or the variable or property it is assigned to. */
function functionName(node) {
  if (node.id) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key.type === 'Identifier') return parent.key.name;
  return '';
}

// A component is a function named in PascalCase (`GalleryGrid`), or the function handed to
// `memo`/`forwardRef` for one.
const isComponent = (node) => {
  if (/^[A-Z][A-Za-z0-9]*$/.test(functionName(node))) return true;
  const call = node.parent;
  if (call?.type !== 'CallExpression') return false;
  const callee = call.callee.type === 'MemberExpression' ? call.callee.property : call.callee;
  return callee.type === 'Identifier' && (callee.name === 'memo' || callee.name === 'forwardRef');
};

/** `max-lines-per-function`, reporting only the functions `keep` accepts. */
const filtered = (keep) => ({
  meta: maxLinesPerFunction.meta,
  create(context) {
    const report = (descriptor) => {
      if (keep(descriptor.node)) context.report(descriptor);
    };
    return maxLinesPerFunction.create(Object.create(context, { report: { value: report } }));
  },
});

const lengthPlugin = {
  rules: {
    'max-lines-per-function': filtered((node) => !isComponent(node)),
    'max-lines-per-component': filtered(isComponent),
  },
};

/**
 * A React component's body is its markup, so it gets more room: 120 lines for a function named like
 * a component in a .tsx file. Every other function there (a hook, a helper, an event handler) keeps 50.
 */
const componentLength =
  COMPONENT_FILES.length === 0
    ? []
    : [
        {
          files: COMPONENT_FILES,
          plugins: { length: lengthPlugin },
          rules: {
            'max-lines-per-function': 'off',
            'length/max-lines-per-function': ['error', { max: 50, ...LINES_COUNTED }],
            'length/max-lines-per-component': ['error', { max: 120, ...LINES_COUNTED }],
          },
        },
      ];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'release/',
      'node_modules/',
      'test-artifacts/',
      'test-results/',
      'coverage/',
      'out/',
      '.sandbox-data/',
      '.sync-data/',
      '.tmp/',
      'test/bench/.scratch/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    files: [`**/*.${SOURCE}`],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `import { type X }` still loads the module at run time (verbatimModuleSyntax); all-type imports
      // are written `import type`, so the layering rules that read them as type-only hold.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // An async function without `await` is how an implementation of a Promise-returning interface
      // turns a throw into a rejection; the rule would have those written as `Promise.resolve`/`reject`.
      '@typescript-eslint/require-await': 'off',
      // Outside the layers (tests, scripts, configs) raw IPC is still banned.
      'no-restricted-imports': ['error', { paths: [ipcMainBan, ipcRendererBan] }],
    },
  },
  {
    // Plain JavaScript is not in the TypeScript project: it gets the syntax rules only.
    files: [`**/*.${JAVASCRIPT}`],
    extends: [tseslint.configs.disableTypeChecked],
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
  {
    // Vitest's asymmetric matchers (`expect.any`, `expect.stringMatching`) are typed `any`, and tests
    // read parsed JSON to assert on it: the unsafe-any rules would flag every such assertion.
    files: [`test/**/*.${TYPESCRIPT}`],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: [`renderer/**/*.${TYPESCRIPT}`],
    extends: [reactHooks.configs.flat.recommended],
    plugins: { i18next },
  },
  { files: I18N_CHECKED, rules: { 'i18next/no-literal-string': I18N_LITERALS } },
  {
    // Functions stay short enough to read in one screen; migrations are data, step by step.
    files: SHORT_FUNCTIONS,
    ignores: ['electron/core/library/migrations/**', 'electron/sandbox/db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 50, ...LINES_COUNTED }] },
  },
  ...componentLength,
  boundariesConfig,
  ...packageConfigs,
  ...ipcHomeConfigs,
);
