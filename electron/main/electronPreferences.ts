import Store from 'electron-store';
import { StorePreferences } from '../core/preferences/preferences.ts';

/**
 * Preferences in Electron: electron-store in the user data folder, the same `preferences.json`
 * that core's ConfPreferences writes elsewhere (electron-store is `conf` underneath).
 */
export class ElectronPreferences extends StorePreferences {
  constructor() {
    super(new Store<Record<string, unknown>>({ name: 'preferences', configFileMode: 0o600 }));
  }
}
