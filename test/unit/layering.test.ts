import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The import rules need no types; the files linted here are made up, so they are in no TypeScript project.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

/** Which of our folders may import which (docs/ARCHITECTURE.md, "Import direction"). */
const LAYERS = {
  shared: { dir: 'shared', ours: [] },
  core: { dir: 'electron/core', ours: ['shared'] },
  main: { dir: 'electron/main', ours: ['shared', 'core'] },
  web: { dir: 'electron/web', ours: ['shared', 'core'] },
  preload: { dir: 'electron/preload', ours: ['shared'] },
  sandbox: { dir: 'electron/sandbox', ours: ['shared'] },
  syncServer: { dir: 'sync-server', ours: ['shared'] },
  renderer: { dir: 'renderer', ours: ['shared'] },
} as const satisfies Record<string, { dir: string; ours: readonly string[] }>;
type Layer = keyof typeof LAYERS;
const LAYER_NAMES = Object.keys(LAYERS) as Layer[];

const FOLDER_RULE = 'boundaries/dependencies';
const PACKAGE_RULE = 'no-restricted-imports';

/** A real source file in `dir` (the folder rules resolve imports, so the target must exist). */
function realFileIn(dir: string): string {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const file = entries.find((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'));
  if (file) return `${dir}/${file.name}`;
  for (const entry of entries.filter((candidate) => candidate.isDirectory())) {
    const inside = realFileIn(`${dir}/${entry.name}`);
    if (inside) return inside;
  }
  return '';
}

/** The relative import specifier from the file at `from` to the file at `to` (both from the root). */
function specifier(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** A made-up file `levels` folders deep inside `dir`. */
const fileAt = (dir: string, levels: number, extension = 'ts') =>
  [dir, ...Array.from({ length: levels }, (_, level) => `level${level}`), `probe.${extension}`].join('/');

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function ruleHits(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${filePath} did not parse: ${fatal.message}`);
  return result.messages.map((message) => message.ruleId ?? 'unknown');
}

const rejected = async (filePath: string, code: string, rule = PACKAGE_RULE) => expect(await ruleHits(filePath, code)).toContain(rule);
const accepted = async (filePath: string, code: string) => {
  const hits = await ruleHits(filePath, code);
  expect(hits).not.toContain(PACKAGE_RULE);
  expect(hits).not.toContain(FOLDER_RULE);
};
// The first lint loads the plugins and the TypeScript resolver; that is no test's time.
beforeAll(() => ruleHits('shared/x.ts', 'export {};\n'), 120_000);

// Each lint is quick alone, but the machine may be busy with other work: give every case room.
const LINT_CASE = { timeout: 60_000 };

const importOf = (from: string, to: string, name = 'a') => `import { ${name} } from '${specifier(from, to)}';\nexport { ${name} };\n`;

describe('import direction between our folders', LINT_CASE, () => {
  const targets = Object.fromEntries(LAYER_NAMES.map((layer) => [layer, realFileIn(LAYERS[layer].dir)])) as Record<Layer, string>;

  it('finds a real file in every layer to import', () => {
    for (const layer of LAYER_NAMES) expect(targets[layer], LAYERS[layer].dir).not.toBe('');
  });

  // Depth 0 is the layer's own folder; 12 is deeper than any folder the tree has had.
  for (const levels of [0, 2, 12]) {
    describe(`from a file ${levels} folders deep`, () => {
      for (const from of LAYER_NAMES) {
        const file = fileAt(LAYERS[from].dir, levels);
        for (const to of LAYER_NAMES) {
          const allowed = to === from || (LAYERS[from].ours as readonly string[]).includes(to);
          it(`${allowed ? 'accepts' : 'rejects'} ${from} importing ${to}`, () =>
            allowed ? accepted(file, importOf(file, targets[to])) : rejected(file, importOf(file, targets[to]), FOLDER_RULE));
        }
      }
    });
  }

  it('rejects a layer importing a file of ours that is in no layer', () =>
    rejected('electron/core/jobs/x.ts', importOf('electron/core/jobs/x.ts', 'vitest.config.ts'), FOLDER_RULE));
  it('rejects a forbidden type-only import', () =>
    rejected('renderer/x.ts', `import type { A } from '${specifier('renderer/x.ts', targets.core)}';\nexport type { A };\n`, FOLDER_RULE));
  it('rejects a forbidden re-export', () =>
    rejected('electron/sandbox/x.ts', `export * from '${specifier('electron/sandbox/x.ts', targets.main)}';\n`, FOLDER_RULE));
  it('rejects a forbidden dynamic import', () =>
    rejected(
      'electron/core/x.ts',
      `export const load = () => import('${specifier('electron/core/x.ts', targets.renderer)}');\n`,
      FOLDER_RULE,
    ));
  it('rejects a path that climbs out and back into a forbidden folder', () =>
    rejected(
      'electron/sandbox/routes/x.ts',
      `import { a } from '../../../electron/sandbox/../core/${targets.core.slice('electron/core/'.length)}';\nexport { a };\n`,
      FOLDER_RULE,
    ));
  it('accepts tests importing any layer', () =>
    accepted(
      'test/unit/deep/x.test.ts',
      importOf('test/unit/deep/x.test.ts', targets.core) + importOf('test/unit/deep/x.test.ts', targets.renderer, 'b'),
    ));
});

describe('the message catalogs, which main reads too', LINT_CASE, () => {
  const catalog = 'renderer/i18n/messages/ja.json';
  const loadOf = (from: string, to: string) => `export const load = () => import('${specifier(from, to)}', { with: { type: 'json' } });\n`;

  it('accepts main importing a catalog', () => accepted('electron/main/x.ts', loadOf('electron/main/x.ts', catalog)));
  it('accepts main importing a catalog from deep inside', () =>
    accepted(fileAt('electron/main', 2), loadOf(fileAt('electron/main', 2), catalog)));
  it('accepts the page importing its catalogs', () => accepted('renderer/i18n/x.ts', loadOf('renderer/i18n/x.ts', catalog)));
  it('rejects main importing any other file of the page', () =>
    rejected('electron/main/x.ts', importOf('electron/main/x.ts', 'renderer/i18n/catalogs.ts'), FOLDER_RULE));
  it('rejects core importing a catalog', () => rejected('electron/core/x.ts', loadOf('electron/core/x.ts', catalog), FOLDER_RULE));
  it('accepts the browser host importing a catalog', () => accepted('electron/web/x.ts', loadOf('electron/web/x.ts', catalog)));
  it('rejects the browser host importing any other file of the page', () =>
    rejected('electron/web/x.ts', importOf('electron/web/x.ts', 'renderer/i18n/catalogs.ts'), FOLDER_RULE));
  it('rejects the sandbox importing a catalog', () =>
    rejected('electron/sandbox/x.ts', loadOf('electron/sandbox/x.ts', catalog), FOLDER_RULE));
});

describe('packages each layer may import', LINT_CASE, () => {
  describe('shared', () => {
    it('rejects a Node built-in in shared', () => rejected('shared/api/x.ts', "import fs from 'node:fs';\n"));
    it('rejects a bare Node built-in in shared', () => rejected('shared/api/x.ts', "import path from 'path';\n"));
    it('rejects electron in shared', () => rejected('shared/ipc/x.ts', "import { app } from 'electron';\n"));
    it('rejects a DOM library in shared', () => rejected('shared/ipc/x.ts', "import { useState } from 'react';\n"));
    it('rejects a package deep in shared', () => rejected(fileAt('shared', 12), "import { useState } from 'react';\n"));
    it('accepts shared importing zod', () => accepted('shared/ipc/x.ts', "import { z } from 'zod';\n"));
    it('accepts shared importing Yjs', () => accepted('shared/sync/x.ts', "import * as Y from 'yjs';\n"));
    it('rejects another package in shared', () => rejected('shared/sync/x.ts', "import { Hocuspocus } from '@hocuspocus/server';\n"));
  });

  describe('electron/core', () => {
    it('accepts core importing Node built-ins', () => accepted('electron/core/jobs/deep/x.ts', "import fs from 'node:fs';\n"));
    it('rejects core importing the electron package', () => rejected('electron/core/x.ts', "import { app } from 'electron';\n"));
    it('rejects the electron package deep in core', () => rejected(fileAt('electron/core', 12), "import { app } from 'electron';\n"));
    it('rejects core importing a UI library', () => rejected('electron/core/x.ts', "import { create } from 'zustand';\n"));
  });

  describe('electron/main and electron/web', () => {
    it('accepts main importing electron', () => accepted('electron/main/window.ts', "import { BrowserWindow } from 'electron';\n"));
    it('rejects main importing a UI library', () => rejected('electron/main/window.ts', "import React from 'react';\n"));
    it('rejects web importing electron', () => rejected('electron/web/host.ts', "import { app } from 'electron';\n"));
  });

  describe('electron/preload', () => {
    it('accepts preload importing electron', () => accepted('electron/preload/bridge.ts', "import { contextBridge } from 'electron';\n"));
    it('rejects preload importing a Node built-in', () => rejected('electron/preload/bridge.ts', "import fs from 'node:fs';\n"));
  });

  describe('electron/sandbox', () => {
    it('accepts sandbox importing Node built-ins', () => accepted('electron/sandbox/routes/x.ts', "import https from 'node:https';\n"));
    it('rejects sandbox importing electron', () => rejected('electron/sandbox/x.ts', "import { app } from 'electron';\n"));
  });

  describe('sync-server', () => {
    it('accepts the sync server importing Node built-ins and its packages', () =>
      accepted('sync-server/x.ts', "import { DatabaseSync } from 'node:sqlite';\nimport { Hocuspocus } from '@hocuspocus/server';\n"));
    it('rejects the sync server importing electron', () => rejected('sync-server/x.ts', "import { app } from 'electron';\n"));
    it('rejects the sync server importing a UI library', () => rejected('sync-server/x.ts', "import React from 'react';\n"));
  });

  describe('renderer', () => {
    it('rejects renderer importing a Node built-in', () => rejected('renderer/x.ts', "import fs from 'node:fs';\n"));
    it('rejects a Node built-in deep in the renderer', () => rejected(fileAt('renderer', 12, 'tsx'), "import fs from 'node:fs';\n"));
    it('rejects renderer importing electron', () => rejected('renderer/x.ts', "import { ipcRenderer } from 'electron';\n"));
    it('rejects renderer importing a Node-only package', () => rejected('renderer/x.ts', "import keytar from 'keytar';\n"));
    it('accepts renderer importing React', () => accepted('renderer/features/studio/x.tsx', "import { useState } from 'react';\n"));
  });
});

describe('raw IPC', LINT_CASE, () => {
  it('accepts ipcMain in electron/main/ipcTransport.ts', () =>
    accepted('electron/main/ipcTransport.ts', "import { ipcMain } from 'electron';\n"));
  it('rejects ipcMain anywhere else in main', () => rejected('electron/main/window.ts', "import { ipcMain } from 'electron';\n"));
  it('rejects ipcMain reached through a namespace import', () =>
    rejected('electron/main/window.ts', "import * as electron from 'electron';\n"));
  it('rejects ipcMain in tests too', () => rejected('test/unit/x.test.ts', "import { ipcMain } from 'electron';\n"));
  it('accepts ipcRenderer in electron/preload/preload.ts', () =>
    accepted('electron/preload/preload.ts', "import { contextBridge, ipcRenderer } from 'electron';\n"));
  it('rejects ipcRenderer anywhere else in preload', () =>
    rejected('electron/preload/bridge.ts', "import { ipcRenderer } from 'electron';\n"));
  it('rejects ipcMain in the preload', () => rejected('electron/preload/preload.ts', "import { ipcMain } from 'electron';\n"));
});

describe('types', LINT_CASE, () => {
  it('rejects an explicit any', async () => {
    expect(await ruleHits('electron/core/x.ts', 'export const value: any = 1;\n')).toContain('@typescript-eslint/no-explicit-any');
  });

  it('rejects a floating promise and a promise where a void callback is expected, knowing the types', async () => {
    // The whole configuration, type information included: the code stands in for a real file of the project.
    const typed = new ESLint({ cwd: root });
    const code = [
      'export async function later(): Promise<void> {}',
      'later();',
      'export const onClick: () => void = async () => {};',
      '',
    ].join('\n');
    const [result] = await typed.lintText(code, { filePath: 'electron/preload/preload.ts' });
    const hits = result?.messages.map((message) => message.ruleId);
    expect(hits).toContain('@typescript-eslint/no-floating-promises');
    expect(hits).toContain('@typescript-eslint/no-misused-promises');
  }, 300_000);
});

describe('function size and hooks', LINT_CASE, () => {
  const longFunction = `export function long(): number {\n${Array.from({ length: 51 }, (_, i) => `  const v${i} = ${i};`).join('\n')}\n  return v50;\n}\n`;

  it('rejects a function longer than 50 lines in electron/core', async () =>
    expect(await ruleHits('electron/core/jobs/deep/x.ts', longFunction)).toContain('max-lines-per-function'));
  it('accepts a long function in a core migration', async () =>
    expect(await ruleHits('electron/core/library/migrations/0099-x.ts', longFunction)).not.toContain('max-lines-per-function'));
  it('rejects a hook called conditionally in the renderer', async () =>
    expect(
      await ruleHits(
        'renderer/features/gallery/Probe.tsx',
        "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
      ),
    ).toContain('react-hooks/rules-of-hooks'));
});

const ZOD_RULES = ['renderer-no-zod', 'plain-shared-no-zod'];

/** The zod rules of .dependency-cruiser.cjs broken under `dirs` of `rootDir`, each as `rule: from → to`. */
async function zodPaths(rootDir: string, dirs: readonly string[]): Promise<string[]> {
  const options: ICruiseOptions = { ...(await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'))), baseDir: rootDir };
  const tsConfigFile = path.join(rootDir, 'tsconfig.json');
  const hasTsConfig = readdirSync(rootDir).includes('tsconfig.json');
  if (hasTsConfig) options.tsConfig = { fileName: tsConfigFile };
  else delete options.tsConfig;
  const result = await cruise([...dirs], options, undefined, hasTsConfig ? { tsConfig: extractTSConfig(tsConfigFile) } : {});
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text instead of a result');
  return result.output.summary.violations
    .filter((violation) => ZOD_RULES.includes(violation.rule.name))
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
    .sort();
}

describe('zod stays out of the page', () => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'layering-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const plant = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  };

  plant('node_modules/zod/package.json', '{ "name": "zod", "main": "index.js" }\n');
  plant('node_modules/zod/index.js', 'export const z = {};\n');
  // A schema module, a plain one, and a plain one that brings the schemas along.
  plant('shared/api/audio.ts', "import { z } from 'zod';\nexport const Emotion = z;\nexport type Emotion = string;\n");
  plant('shared/api/limits.ts', 'export const LIMITS = { text: 10 };\n');
  plant('shared/api/helper.ts', "import type { Emotion } from './audio.ts';\nexport const pick = (e: Emotion) => e;\n");
  plant('shared/api/sneaky.ts', "import { Emotion } from './audio.ts';\nexport const choices = Emotion;\n");
  plant('shared/api/direct.ts', "import { z } from 'zod';\nexport const thing = z;\n");
  // Pages: fine ones, then each way of reaching zod.
  plant(
    'renderer/plain.ts',
    "import { LIMITS } from '../shared/api/limits.ts';\nimport { pick } from '../shared/api/helper.ts';\nexport const a = [LIMITS, pick];\n",
  );
  plant('renderer/types.ts', "import type { Emotion } from '../shared/api/audio.ts';\nexport type A = Emotion;\n");
  plant('renderer/schema.ts', "import { Emotion } from '../shared/api/audio.ts';\nexport const a = Emotion;\n");
  plant('renderer/index.ts', "export { Emotion } from '../shared/api/index.ts';\n");
  plant('shared/api/index.ts', "export * from './audio.ts';\n");
  plant('renderer/zod.ts', "import { z } from 'zod';\nexport const a = z;\n");
  plant('renderer/through.ts', "import { choices } from '../shared/api/sneaky.ts';\nexport const a = choices;\n");

  it('refuses every run-time path from the page to zod, and accepts constants, pure helpers and types', async () => {
    expect(await zodPaths(fixture, ['renderer', 'shared'])).toEqual([
      'plain-shared-no-zod: shared/api/direct.ts → node_modules/zod/index.js',
      'plain-shared-no-zod: shared/api/sneaky.ts → shared/api/audio.ts',
      'renderer-no-zod: renderer/index.ts → shared/api/index.ts',
      'renderer-no-zod: renderer/schema.ts → shared/api/audio.ts',
      'renderer-no-zod: renderer/zod.ts → node_modules/zod/index.js',
    ]);
  }, 120_000);

  it('holds for the tree', async () => {
    expect(await zodPaths(root, ['renderer', 'shared'])).toEqual([]);
  }, 180_000);
});
