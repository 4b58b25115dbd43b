import Conf from 'conf';

/** Small key-value preferences. electron-store in Electron, `conf` (same file format) elsewhere. */
export interface Preferences {
  get<T>(key: string, fallback: T): T;
  set(key: string, value: unknown): void;
  /** The file the preferences are stored in (tests read it to prove no secret is there). */
  readonly path: string;
}

/** `conf` under a folder of our choosing: the browser host and tests. */
export class ConfPreferences implements Preferences {
  private readonly store: Conf<Record<string, unknown>>;

  constructor(options: { cwd: string; configName?: string }) {
    this.store = new Conf<Record<string, unknown>>({ cwd: options.cwd, configName: options.configName ?? 'preferences', projectName: 'cast-studio' });
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
