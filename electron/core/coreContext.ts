import type { ScreenMemory } from './app/screenMemory.ts';
import type { Clock } from './clock/clock.ts';
import type { Router } from './ipc/router.ts';
import type { Logger, Redactor } from './log/logger.ts';
import type { ProfileService } from './profiles/profileService.ts';
import type { ActiveConnection } from './session/activeConnection.ts';
import type { ConnectionTester } from './session/connectionTester.ts';
import type { SettingsService } from './settings/settingsService.ts';

/**
 * What core wires its features from. Only createCore reads it: each `register<Feature>Handlers`
 * receives the few services it uses (the active connection's through an accessor, since the
 * profile in use changes at runtime), never this.
 */
export type CoreContext = {
  router: Router;
  /** The connection in use: its session, opening and switching, its status. */
  connection: ActiveConnection;
  /** The connections set up and their keys. */
  profiles: ProfileService;
  /** `profiles.test` / `profiles.check`. */
  tester: ConnectionTester;
  settings: SettingsService;
  /** Which screen the app opens on, kept from run to run. */
  screens: ScreenMemory;
  /** Where a damaged preferences file was moved at this start, or null. */
  preferencesKeptAs: string | null;
  log: Logger;
  /** The log's redactor: it knows every key and token in use. */
  redactor: Redactor;
  clock: Clock;
  host: 'electron' | 'browser';
  mediaBase: string;
  appVersion: string;
  userDataDir: string;
  /** The licence notices the build wrote, where this copy of the app has them. */
  noticesFile: string | undefined;
};
