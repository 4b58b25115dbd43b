import Store from 'electron-store';
import type { Preferences } from '../core/preferences/preferences.ts';

/**
 * Preferences in Electron: electron-store in the user data folder, the same `preferences.json`
 * that core's ConfPreferences writes elsewhere (electron-store is `conf` underneath).
 */
export class ElectronPreferences implements Preferences {
  private readonly store = new Store<Record<string, unknown>>({ name: 'preferences' });

  get<T>(key: string, fallback: T): T {
    return this.store.has(key) ? (this.store.get(key) as T) : fallback;
  }

  set(key: string, value: unknown): void {
    this.store.set(key, value);
  }

  get path(): string {
    return this.store.path;
  }
}
