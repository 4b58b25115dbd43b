import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function ruleHits(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${filePath} did not parse: ${fatal.message}`);
  return result.messages.map((message) => message.ruleId ?? 'unknown');
}

const rejected = async (filePath: string, code: string) =>
  expect(await ruleHits(filePath, code)).toContain('no-restricted-imports');
const accepted = async (filePath: string, code: string) =>
  expect(await ruleHits(filePath, code)).not.toContain('no-restricted-imports');

describe('import direction', () => {
  describe('shared', () => {
    it('rejects a Node built-in in shared', () => rejected('shared/api/x.ts', "import fs from 'node:fs';\n"));
    it('rejects a bare Node built-in in shared', () => rejected('shared/api/x.ts', "import path from 'path';\n"));
    it('rejects electron in shared', () => rejected('shared/ipc/x.ts', "import { app } from 'electron';\n"));
    it('rejects a DOM library in shared', () => rejected('shared/ipc/x.ts', "import { useState } from 'react';\n"));
    it('rejects shared importing electron/core', () =>
      rejected('shared/api/x.ts', "import { a } from '../../electron/core/a.ts';\n"));
    it('rejects shared importing the renderer', () =>
      rejected('shared/x.ts', "import { a } from '../renderer/a.ts';\n"));
    it('accepts shared importing zod and a sibling folder of shared', () =>
      accepted('shared/ipc/x.ts', "import { z } from 'zod';\nimport { Uuid } from '../api/common.ts';\n"));
  });

  describe('electron/core', () => {
    it('accepts core importing shared', () =>
      accepted('electron/core/jobs/jobQueue.ts', "import { LIMITS } from '../../../shared/api/limits.ts';\n"));
    it('accepts core importing another core module and Node built-ins', () =>
      accepted('electron/core/jobs/deep/x.ts', "import { a } from '../../api/client.ts';\nimport fs from 'node:fs';\n"));
    it('rejects core importing the electron package', () =>
      rejected('electron/core/x.ts', "import { app } from 'electron';\n"));
    it('rejects core importing electron/main', () =>
      rejected('electron/core/jobs/x.ts', "import { a } from '../../main/window.ts';\n"));
    it('rejects core importing the sandbox', () => rejected('electron/core/x.ts', "import { a } from '../sandbox/server.ts';\n"));
    it('rejects core importing the renderer', () =>
      rejected('electron/core/x.ts', "import { a } from '../../renderer/app.tsx';\n"));
  });

  describe('electron/main and electron/web', () => {
    it('accepts main importing electron, core and shared', () =>
      accepted(
        'electron/main/window.ts',
        "import { BrowserWindow } from 'electron';\nimport { a } from '../core/x.ts';\nimport { b } from '../../shared/ipc/x.ts';\n",
      ));
    it('rejects main importing the renderer', () =>
      rejected('electron/main/window.ts', "import { a } from '../../renderer/app.tsx';\n"));
    it('rejects main importing the sandbox', () =>
      rejected('electron/main/window.ts', "import { a } from '../sandbox/server.ts';\n"));
    it('accepts web importing core and shared', () =>
      accepted('electron/web/host.ts', "import { a } from '../core/x.ts';\nimport { b } from '../../shared/ipc/x.ts';\n"));
    it('rejects web importing electron', () => rejected('electron/web/host.ts', "import { app } from 'electron';\n"));
    it('rejects web importing main', () => rejected('electron/web/host.ts', "import { a } from '../main/window.ts';\n"));
  });

  describe('electron/preload', () => {
    it('accepts preload importing electron and shared', () =>
      accepted('electron/preload/bridge.ts', "import { contextBridge } from 'electron';\nimport { a } from '../../shared/ipc/x.ts';\n"));
    it('rejects preload importing core', () => rejected('electron/preload/bridge.ts', "import { a } from '../core/x.ts';\n"));
    it('rejects preload importing a Node built-in', () =>
      rejected('electron/preload/bridge.ts', "import fs from 'node:fs';\n"));
  });

  describe('electron/sandbox', () => {
    it('accepts sandbox importing shared and Node built-ins', () =>
      accepted('electron/sandbox/routes/x.ts', "import { LIMITS } from '../../../shared/api/limits.ts';\nimport https from 'node:https';\n"));
    it('rejects sandbox importing core', () => rejected('electron/sandbox/server.ts', "import { a } from '../core/x.ts';\n"));
    it('rejects sandbox importing core through electron/', () =>
      rejected('electron/sandbox/routes/x.ts', "import { a } from '../../../electron/core/x.ts';\n"));
    it('rejects sandbox importing main', () => rejected('electron/sandbox/server.ts', "import { a } from '../main/x.ts';\n"));
    it('rejects sandbox importing the renderer', () =>
      rejected('electron/sandbox/server.ts', "import { a } from '../../renderer/x.ts';\n"));
  });

  describe('renderer', () => {
    it('rejects renderer importing electron/core', () =>
      rejected('renderer/x.ts', "import { a } from '../electron/core/x.ts';\n"));
    it('rejects a deep renderer file importing electron/core', () =>
      rejected('renderer/features/studio/x.tsx', "import { a } from '../../../electron/core/x.ts';\n"));
    it('rejects renderer importing a Node built-in', () => rejected('renderer/x.ts', "import fs from 'node:fs';\n"));
    it('rejects renderer importing electron', () => rejected('renderer/x.ts', "import { ipcRenderer } from 'electron';\n"));
    it('rejects renderer importing a Node-only package', () => rejected('renderer/x.ts', "import keytar from 'keytar';\n"));
    it('accepts renderer importing shared and React', () =>
      accepted('renderer/features/studio/x.tsx', "import { useState } from 'react';\nimport { a } from '../../../shared/ipc/x.ts';\n"));
  });
});

describe('raw IPC', () => {
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

describe('types', () => {
  it('rejects an explicit any', async () => {
    expect(await ruleHits('electron/core/x.ts', 'export const value: any = 1;\n')).toContain(
      '@typescript-eslint/no-explicit-any',
    );
  });
});
