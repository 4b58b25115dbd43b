import { app } from 'electron';
import electronUpdater, { type ProgressInfo, type UpdateInfo } from 'electron-updater';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UpdateStatus } from '../../shared/ipc/index.ts';
import type { Logger } from '../core/log/logger.ts';
import { feedSourceOf, feedUrl } from '../core/updates/updatePolicy.ts';
import type { Updater, UpdaterEvent } from '../core/updates/updateService.ts';

/**
 * electron-updater behind the `Updater` the update service drives: this file only translates. The
 * feed is the one electron-builder wrote into app-update.yml; files are checked against the feed's
 * SHA-512 by electron-updater, and on Windows against the publisher of the installed build.
 */
export function desktopUpdater(deps: { log: Logger; beforeRestart: () => Promise<void> }): Updater | UpdateStatus {
  if (!app.isPackaged) return { state: 'unavailable', reason: 'development' };
  const configFile = join(process.resourcesPath, 'app-update.yml');
  const source = existsSync(configFile) ? feedSourceOf(readFileSync(configFile, 'utf8')) : { problem: 'no_feed' as const };
  if ('problem' in source) return { state: 'unavailable', reason: source.problem };
  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = null;
  return {
    configure(settings) {
      // Setting the channel lets the updater go back a version; allowDowngrade is set after it.
      autoUpdater.channel = settings.channel;
      autoUpdater.allowPrerelease = settings.allowPrerelease;
      autoUpdater.allowDowngrade = settings.allowDowngrade;
      autoUpdater.autoDownload = settings.autoDownload;
      autoUpdater.autoInstallOnAppQuit = settings.autoInstallOnAppQuit;
      const channel = settings.allowPrerelease ? 'beta' : 'stable';
      deps.log.info('Updates come from the feed.', { url: feedUrl(source, channel, process.platform, process.arch) });
    },
    check: async () => {
      await autoUpdater.checkForUpdates();
    },
    download: async () => {
      await autoUpdater.downloadUpdate();
    },
    restart: async () => {
      await deps.beforeRestart();
      autoUpdater.quitAndInstall(false, true);
    },
    onEvent(listener: (event: UpdaterEvent) => void) {
      autoUpdater.on('checking-for-update', () => listener({ kind: 'checking' }));
      autoUpdater.on('update-not-available', () => listener({ kind: 'none' }));
      autoUpdater.on('update-available', (info: UpdateInfo) => listener({ kind: 'available', version: info.version }));
      autoUpdater.on('download-progress', (progress: ProgressInfo) => listener({ kind: 'progress', percent: progress.percent }));
      autoUpdater.on('update-downloaded', (info: UpdateInfo) =>
        listener({ kind: 'downloaded', version: info.version, notes: info.releaseNotes }),
      );
      autoUpdater.on('error', (error: Error) => listener({ kind: 'error', message: error.message }));
    },
  };
}
