import type { UpdaterSettings } from '../../electron/core/updates/updatePolicy.ts';
import type { Updater, UpdaterEvent } from '../../electron/core/updates/updateService.ts';

/**
 * An updater driven from the test: what electron-updater would report, fired by hand (Electron and a
 * signed build with a feed cannot run here). It records what the update service asked of it.
 */
export class ScriptedUpdater implements Updater {
  readonly configured: UpdaterSettings[] = [];
  checks = 0;
  downloads = 0;
  restarts = 0;
  private listener: ((event: UpdaterEvent) => void) | null = null;

  configure(settings: UpdaterSettings): void {
    this.configured.push(settings);
  }

  check(): Promise<void> {
    this.checks += 1;
    return Promise.resolve();
  }

  download(): Promise<void> {
    this.downloads += 1;
    return Promise.resolve();
  }

  restart(): Promise<void> {
    this.restarts += 1;
    return Promise.resolve();
  }

  onEvent(listener: (event: UpdaterEvent) => void): void {
    this.listener = listener;
  }

  fire(event: UpdaterEvent): void {
    this.listener?.(event);
  }
}
