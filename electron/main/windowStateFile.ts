import { readFileSync } from 'node:fs';
import type { KeyValueStore } from '../core/preferences/preferences.ts';
import type { WindowState } from './windowState.ts';

const KEY = 'state';

/**
 * Where the main window was, in a file of its own (`window.json`, electron-store `name: 'window'`)
 * that only the main process writes. Core, in its own process, is the only writer of
 * `preferences.json`: two processes that each read, change and write one file lose each other's
 * changes. A window state an older Cast Studio kept in `preferences.json` is carried over once,
 * read only, when this file has none yet.
 */
export class WindowStateFile {
  private readonly store: KeyValueStore;

  /** `store`: electron-store in the app, `conf` (the same file format) in tests. */
  constructor(store: KeyValueStore, preferencesPath: string) {
    this.store = store;
    if (store.has(KEY)) return;
    const carried = legacyWindowState(readText(preferencesPath));
    if (carried !== undefined) store.set(KEY, carried);
  }

  /** The saved state as found (user-editable: restoreWindowState checks it), or null. */
  read(): unknown {
    return this.store.has(KEY) ? this.store.get(KEY) : null;
  }

  write(state: WindowState): void {
    this.store.set(KEY, state);
  }
}

/** `window.state` of an older preferences.json (conf nests dotted keys), or undefined when it holds none. */
export function legacyWindowState(preferencesText: string | null): unknown {
  if (preferencesText === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(preferencesText);
  } catch {
    return undefined; // a damaged file is core's to deal with; the window opens at its default place
  }
  const window = isRecord(parsed) ? parsed.window : undefined;
  return isRecord(window) && window.state !== undefined && window.state !== null ? window.state : undefined;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
