import Conf from 'conf';

/**
 * Small key-value preferences in `preferences.json`, written by core only (`conf`). The desktop's main
 * process keeps its window state in a file of its own (electron/main/windowStateFile.ts).
 */
export interface Preferences {
  get<T>(key: string, fallback: T): T;
  set(key: string, value: unknown): void;
  /** The file the preferences are stored in (tests read it to prove no secret is there). */
  readonly path: string;
}

/** What `conf` and electron-store (`conf` underneath) both offer. */
export type KeyValueStore = {
  has(key: string): boolean;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  readonly path: string;
};

/** Preferences over a `conf`-shaped store; each shell picks the store. */
export class StorePreferences implements Preferences {
  private readonly store: KeyValueStore;

  constructor(store: KeyValueStore) {
    this.store = store;
  }

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

/** `conf` in a folder of our choosing: core's preferences in both shells, and tests. */
export class ConfPreferences extends StorePreferences {
  constructor(options: { cwd: string; configName?: string }) {
    super(
      new Conf<Record<string, unknown>>({
        cwd: options.cwd,
        configName: options.configName ?? 'preferences',
        projectName: 'cast-studio',
        configFileMode: 0o600,
      }),
    );
  }
}
