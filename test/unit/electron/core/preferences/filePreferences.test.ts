import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, describe, expect, it } from 'vitest';
import { corePreferences, FilePreferences, type DamagedPreferences } from '../../../../../electron/core/preferences/preferences.ts';
import type { Logger } from '../../../../../electron/core/log/logger.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-prefs-'));
  dirs.push(dir);
  return dir;
}

/** preferences.json as an earlier Cast Studio wrote it, through `conf`. */
function writtenByConf(dir: string, values: Record<string, unknown>): void {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dir,
    configName: 'preferences',
    projectName: 'cast-studio',
    configFileMode: 0o600,
  });
  for (const [key, value] of Object.entries(values)) conf.set(key, value);
}

const PROFILES = [{ id: 'sandbox', kind: 'sandbox', name: 'Sandbox on this computer', keyState: 'ok' }];

describe('FilePreferences', () => {
  it('reads what conf wrote, and conf reads what it writes, byte for byte the same file', () => {
    const dir = folder();
    writtenByConf(dir, { profiles: PROFILES, activeProfileId: 'sandbox', onboarded: true });
    const confText = readFileSync(join(dir, 'preferences.json'), 'utf8');
    const prefs = new FilePreferences({ cwd: dir });
    expect(prefs.get('profiles', [])).toEqual(PROFILES);
    expect(prefs.get('activeProfileId', null)).toBe('sandbox');
    expect(prefs.get('onboarded', false)).toBe(true);
    expect(prefs.get('settings', { theme: 'system' })).toEqual({ theme: 'system' });

    prefs.set('onboarded', true);
    expect(readFileSync(join(dir, 'preferences.json'), 'utf8')).toBe(confText);
    prefs.set('settings', { theme: 'dark' });
    const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'preferences', projectName: 'cast-studio' });
    expect(conf.get('settings')).toEqual({ theme: 'dark' });
    expect(conf.get('profiles')).toEqual(PROFILES);
  });

  it('keeps a change for the next start, in a file only its owner can read', () => {
    const dir = folder();
    new FilePreferences({ cwd: dir }).set('activeProfileId', 'remote-1');
    expect(new FilePreferences({ cwd: dir }).get('activeProfileId', null)).toBe('remote-1');
    expect(statSync(join(dir, 'preferences.json')).mode & 0o777).toBe(0o600);
    // Written by rename: no temporary file is left beside it.
    expect(readdirSync(dir)).toEqual(['preferences.json']);
  });

  it('makes its folder when the folder is not there yet', () => {
    const dir = join(folder(), 'not', 'yet');
    const prefs = new FilePreferences({ cwd: dir });
    expect(prefs.get('onboarded', false)).toBe(false);
    prefs.set('onboarded', true);
    expect(JSON.parse(readFileSync(join(dir, 'preferences.json'), 'utf8'))).toEqual({ onboarded: true });
  });

  it('gives copies: changing what it returned or what it was given changes nothing stored', () => {
    const dir = folder();
    const prefs = new FilePreferences({ cwd: dir });
    const value = { theme: 'dark', recent: ['a'] };
    prefs.set('settings', value);
    value.recent.push('b');
    const read = prefs.get<{ theme: string; recent: string[] }>('settings', { theme: '', recent: [] });
    read.recent.push('c');
    expect(prefs.get('settings', null)).toEqual({ theme: 'dark', recent: ['a'] });
  });

  it('removes a key set to undefined, and keeps a null', () => {
    const dir = folder();
    const prefs = new FilePreferences({ cwd: dir });
    prefs.set('activeProfileId', null);
    prefs.set('onboarded', true);
    prefs.set('onboarded', undefined);
    expect(prefs.get('onboarded', 'fallback')).toBe('fallback');
    expect(prefs.get('activeProfileId', 'fallback')).toBeNull();
    expect(JSON.parse(readFileSync(join(dir, 'preferences.json'), 'utf8'))).toEqual({ activeProfileId: null });
  });

  for (const [name, text] of [
    ['cut short', '{\n\t"profiles": [\n\t\t{\n\t\t\t"id": "sand'],
    ['empty', ''],
    ['zeroed by a crash', '\0\0\0\0\0\0\0\0'],
    ['an array', '[1, 2, 3]'],
    ['a bare string', '"preferences"'],
    ['null', 'null'],
  ] as const) {
    it(`moves a damaged file (${name}) aside, starts from defaults and keeps working`, () => {
      const dir = folder();
      writeFileSync(join(dir, 'preferences.json'), text, { mode: 0o600 });
      const heard: DamagedPreferences[] = [];
      const prefs = new FilePreferences({ cwd: dir, onDamaged: (damaged) => heard.push(damaged) });
      expect(prefs.get('profiles', [])).toEqual([]);
      expect(prefs.get('onboarded', false)).toBe(false);
      expect(heard).toHaveLength(1);
      expect(heard[0]?.movedTo).toMatch(/preferences\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
      // The damaged bytes are kept, whole, for a person to look at.
      expect(readFileSync(heard[0]!.movedTo, 'utf8')).toBe(text);
      prefs.set('onboarded', true);
      expect(new FilePreferences({ cwd: dir }).get('onboarded', false)).toBe(true);
    });
  }

  it('keeps every damaged file when it is damaged again within the same second', () => {
    const dir = folder();
    const moved: string[] = [];
    for (const text of ['{', '{{']) {
      writeFileSync(join(dir, 'preferences.json'), text);
      new FilePreferences({ cwd: dir, onDamaged: ({ movedTo }) => moved.push(movedTo) });
    }
    expect(new Set(moved).size).toBe(2);
    expect(moved.map((path) => readFileSync(path, 'utf8')).sort()).toEqual(['{', '{{']);
  });

  it('says which file it could not read when it cannot read it at all, and moves nothing', () => {
    if (process.getuid?.() === 0) {
      // root reads a file of mode 000; a folder in the file's place is unreadable as a file for anyone.
      const dir = folder();
      mkdirSync(join(dir, 'preferences.json'));
      expect(() => new FilePreferences({ cwd: dir })).toThrow(/could not read its preferences \(.*preferences\.json\)/);
      expect(readdirSync(dir)).toEqual(['preferences.json']);
      return;
    }
    const dir = folder();
    writeFileSync(join(dir, 'preferences.json'), '{}');
    chmodSync(join(dir, 'preferences.json'), 0o000);
    expect(() => new FilePreferences({ cwd: dir })).toThrow(/could not read its preferences \(.*preferences\.json\)/);
    expect(readdirSync(dir)).toEqual(['preferences.json']);
  });

  it("core's preferences warn in the log where the damaged file went, without its contents", () => {
    const dir = folder();
    writeFileSync(join(dir, 'preferences.json'), '{"profiles": [{"keyPrefix": "sk_live_12');
    const lines: { message: string; fields: unknown }[] = [];
    const log: Logger = {
      info: () => undefined,
      warn: (message, fields) => lines.push({ message, fields }),
      error: () => undefined,
    };
    const prefs = corePreferences(dir, log);
    expect(prefs.get('profiles', [])).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/could not read its preferences and starts from its defaults/);
    expect(JSON.stringify(lines[0]?.fields)).toContain('preferences.damaged-');
    expect(JSON.stringify(lines[0]?.fields)).not.toContain('sk_live_12');
  });
});
