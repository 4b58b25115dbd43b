import { Settings } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Preferences } from '../preferences/preferences.ts';

const KEY = 'settings';
/** Built once: zod compiles a schema the first time it parses with it. */
const StoredSettings = Settings.partial();
type StoredSettings = ReturnType<typeof StoredSettings.parse>;

/** The app's settings in preferences; `libraryPath` shows where the active library's files are. */
export class SettingsService {
  private readonly prefs: Preferences;
  private readonly libraryPath: () => string;
  /**
   * What the preferences file holds, read once: settings are read for every record a sync page
   * brings, and only `set` changes them.
   */
  private stored: StoredSettings | null = null;

  constructor(prefs: Preferences, libraryPath: () => string) {
    this.prefs = prefs;
    this.libraryPath = libraryPath;
  }

  get(): Settings {
    const values = (this.stored ??= this.read());
    return {
      autoDownload: values.autoDownload ?? true,
      notifications: values.notifications ?? true,
      theme: values.theme ?? 'system',
      language: values.language ?? 'system',
      libraryPath: this.libraryPath(),
      autoUpdate: values.autoUpdate ?? true,
      updateChannel: values.updateChannel ?? 'stable',
    };
  }

  set(patch: Partial<Settings>): Settings {
    if (patch.libraryPath !== undefined && patch.libraryPath !== this.libraryPath()) {
      throw new AppFailure('not_available', { what: 'move_library' }, { field: 'libraryPath' });
    }
    const { libraryPath: _ignored, ...rest } = patch;
    const current = this.get();
    const { autoDownload, notifications, theme, language, autoUpdate, updateChannel } = current;
    const next = { autoDownload, notifications, theme, language, autoUpdate, updateChannel, ...rest };
    this.prefs.set(KEY, next);
    this.stored = null;
    return this.get();
  }

  private read(): StoredSettings {
    const stored = StoredSettings.safeParse(this.prefs.get<unknown>(KEY, {}));
    return stored.success ? stored.data : {};
  }
}
