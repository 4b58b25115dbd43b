import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePreferences } from '../../../../electron/core/preferences/preferences.ts';
import { legacyWindowState, WindowStateFile } from '../../../../electron/main/windowStateFile.ts';

const SAVED = { x: 40, y: 60, width: 1300, height: 860, maximized: false };

/** window.json as electron-store writes it (`conf` underneath, the same file format). */
function windowStore(dir: string): Conf<Record<string, unknown>> {
  return new Conf<Record<string, unknown>>({ cwd: dir, configName: 'window', projectName: 'cast-studio', configFileMode: 0o600 });
}

describe('the window’s place in a file of its own', () => {
  let dir: string;
  let preferencesPath: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-window-state-'));
    preferencesPath = join(dir, 'preferences.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('carries a window state an older version kept in preferences.json over once, without writing preferences.json', () => {
    // As an older version wrote it: through conf, which nests a dotted key.
    const corePreferences = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'preferences', projectName: 'cast-studio' });
    corePreferences.set('window.state', SAVED);
    corePreferences.set('theme', 'dark');
    const before = readFileSync(preferencesPath, 'utf8');

    const file = new WindowStateFile(windowStore(dir), preferencesPath);
    expect(file.read()).toEqual(SAVED);
    expect(JSON.parse(readFileSync(join(dir, 'window.json'), 'utf8'))).toEqual({ state: SAVED });
    expect(readFileSync(preferencesPath, 'utf8')).toBe(before);

    // Once window.json holds a state, preferences.json is not read for it again.
    file.write({ ...SAVED, maximized: true });
    corePreferences.set('window.state', { ...SAVED, x: 999 });
    expect(new WindowStateFile(windowStore(dir), preferencesPath).read()).toEqual({ ...SAVED, maximized: true });
  });

  it('keeps the window’s writes and core’s writes apart, each in its own file', () => {
    const file = new WindowStateFile(windowStore(dir), preferencesPath);
    const corePreferences = new FilePreferences({ cwd: dir });
    corePreferences.set('theme', 'light');
    file.write(SAVED);
    corePreferences.set('notifications', false);

    expect(JSON.parse(readFileSync(preferencesPath, 'utf8'))).toEqual({ theme: 'light', notifications: false });
    expect(new WindowStateFile(windowStore(dir), preferencesPath).read()).toEqual(SAVED);
  });

  it('opens at the default place when neither file holds a state, or preferences.json is damaged', () => {
    expect(new WindowStateFile(windowStore(dir), preferencesPath).read()).toBeNull();
    writeFileSync(preferencesPath, '{"window": {"sta');
    expect(new WindowStateFile(windowStore(dir), preferencesPath).read()).toBeNull();
  });

  it('reads only window.state out of an older preferences file', () => {
    expect(legacyWindowState(null)).toBeUndefined();
    expect(legacyWindowState('not json')).toBeUndefined();
    expect(legacyWindowState('[1, 2]')).toBeUndefined();
    expect(legacyWindowState('{"theme": "dark"}')).toBeUndefined();
    expect(legacyWindowState('{"window": {"state": null}}')).toBeUndefined();
    expect(legacyWindowState(JSON.stringify({ window: { state: SAVED } }))).toEqual(SAVED);
  });
});
