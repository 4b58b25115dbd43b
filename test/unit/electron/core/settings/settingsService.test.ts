import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FilePreferences } from '../../../../../electron/core/preferences/preferences.ts';
import { SettingsService } from '../../../../../electron/core/settings/settingsService.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function preferences(): { dir: string; prefs: FilePreferences; reads: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'cast-settings-'));
  dirs.push(dir);
  const prefs = new FilePreferences({ cwd: dir });
  let reads = 0;
  const get = prefs.get.bind(prefs);
  prefs.get = <T>(key: string, fallback: T): T => {
    reads += 1;
    return get(key, fallback);
  };
  return { dir, prefs, reads: () => reads };
}

describe('SettingsService', () => {
  it('reads the preferences file once, however often settings are asked for', () => {
    const { prefs, reads } = preferences();
    const settings = new SettingsService(prefs, () => '/library');
    for (let i = 0; i < 1_000; i += 1) expect(settings.get().autoDownload).toBe(true);
    expect(reads()).toBe(1);
  });

  it('shows a change at once and keeps it in the file for the next start', () => {
    const { dir, prefs } = preferences();
    const settings = new SettingsService(prefs, () => '/library');
    expect(settings.get()).toMatchObject({ autoDownload: true, theme: 'system' });
    expect(settings.set({ autoDownload: false, theme: 'dark' })).toMatchObject({ autoDownload: false, theme: 'dark' });
    expect(settings.get()).toMatchObject({ autoDownload: false, theme: 'dark', notifications: true });
    const next = new SettingsService(new FilePreferences({ cwd: dir }), () => '/library');
    expect(next.get()).toMatchObject({ autoDownload: false, theme: 'dark' });
  });

  it('follows the system language until one is chosen, and keeps the choice for the next start', () => {
    const { dir, prefs } = preferences();
    const settings = new SettingsService(prefs, () => '/library');
    expect(settings.get().language).toBe('system');
    expect(settings.set({ language: 'ar' })).toMatchObject({ language: 'ar', theme: 'system' });
    expect(settings.set({ theme: 'dark' })).toMatchObject({ language: 'ar', theme: 'dark' });
    const next = new SettingsService(new FilePreferences({ cwd: dir }), () => '/library');
    expect(next.get().language).toBe('ar');
  });

  it('names the active library folder as it is now, not as it was when first read', () => {
    const { prefs } = preferences();
    let folder = '/first';
    const settings = new SettingsService(prefs, () => folder);
    expect(settings.get().libraryPath).toBe('/first');
    folder = '/second';
    expect(settings.get().libraryPath).toBe('/second');
  });
});
