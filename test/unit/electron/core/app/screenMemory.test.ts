import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenMemory, startScreenIn } from '../../../../../electron/core/app/screenMemory.ts';
import { FilePreferences, peekPreferences } from '../../../../../electron/core/preferences/preferences.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-screens-'));
  dirs.push(dir);
  return dir;
}

/** A run of the app on `dir`: core's memory over the preferences file as a new start reads it. */
const run = (dir: string) => new ScreenMemory(new FilePreferences({ cwd: dir }));

describe('ScreenMemory', () => {
  it('opens a first run on the cast, and the next run on the screen the last one was on', () => {
    const dir = folder();
    const first = run(dir);
    expect(first.startScreen()).toBeNull();
    first.shown('gallery');
    first.shown('voices');
    // The same for every page of a run: a page opened now does not follow another page around.
    expect(first.startScreen()).toBeNull();
    expect(run(dir).startScreen()).toBe('voices');
  });

  it('does not keep Settings: the next run opens on the screen before it', () => {
    const dir = folder();
    const first = run(dir);
    first.shown('queue');
    first.shown('settings');
    expect(run(dir).startScreen()).toBe('queue');
  });

  it('opens on the cast when the studio was the last screen', () => {
    const dir = folder();
    const first = run(dir);
    first.shown('gallery');
    first.shown('studio');
    expect(run(dir).startScreen()).toBeNull();
  });

  it('writes the file only when the screen changes', () => {
    const dir = folder();
    const prefs = new FilePreferences({ cwd: dir });
    let writes = 0;
    const set = prefs.set.bind(prefs);
    prefs.set = (key, value) => {
      writes += 1;
      set(key, value);
    };
    const memory = new ScreenMemory(prefs);
    for (let i = 0; i < 5; i += 1) memory.shown('gallery');
    memory.shown('settings');
    memory.shown('gallery');
    expect(writes).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'preferences.json'), 'utf8'))).toEqual({ lastScreen: 'gallery' });
  });

  for (const stored of ['settings', 'timeline', 42, null, { screen: 'gallery' }, ['gallery']])
    it(`opens on the cast when the file holds ${JSON.stringify(stored)} (edited by hand, or from another version)`, () => {
      const dir = folder();
      writeFileSync(join(dir, 'preferences.json'), JSON.stringify({ lastScreen: stored }));
      const memory = run(dir);
      expect(memory.startScreen()).toBeNull();
      memory.shown('credits');
      expect(run(dir).startScreen()).toBe('credits');
    });

  it('tells a shell the screen a page will open on before core starts, from the file as it is, without touching it', () => {
    const dir = folder();
    expect(startScreenIn(peekPreferences(dir))).toBeNull();
    run(dir).shown('voices');
    expect(startScreenIn(peekPreferences(dir))).toBe(run(dir).startScreen());
    expect(startScreenIn(peekPreferences(dir))).toBe('voices');
    for (const stored of ['studio', 'settings', 'timeline', 42]) {
      writeFileSync(join(dir, 'preferences.json'), JSON.stringify({ lastScreen: stored }));
      expect(startScreenIn(peekPreferences(dir)), String(stored)).toBe(run(dir).startScreen());
    }
    // A damaged file stays where it is for core, which moves it aside and says so when it starts.
    writeFileSync(join(dir, 'preferences.json'), '{"lastScreen": "gal');
    expect(startScreenIn(peekPreferences(dir))).toBeNull();
    expect(readFileSync(join(dir, 'preferences.json'), 'utf8')).toBe('{"lastScreen": "gal');
    expect(new FilePreferences({ cwd: dir }).damaged).not.toBeNull();
  });
});
