import type { Clock } from './clock/clock.ts';
import type { Router } from './ipc/router.ts';
import type { Logger } from './log/logger.ts';
import type { Preferences } from './preferences/preferences.ts';
import type { ConnectionManager } from './session/connectionManager.ts';
import type { SettingsService } from './settings/settingsService.ts';

/** What every feature's `register<Feature>Handlers` receives. */
export type CoreContext = {
  router: Router;
  connections: ConnectionManager;
  settings: SettingsService;
  prefs: Preferences;
  log: Logger;
  clock: Clock;
  host: 'electron' | 'browser';
  mediaBase: string;
  appVersion: string;
  userDataDir: string;
};
