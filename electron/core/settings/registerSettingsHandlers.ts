import type { Router } from '../ipc/router.ts';
import type { SettingsService } from './settingsService.ts';

export function registerSettingsHandlers(
  router: Router,
  deps: { settings: SettingsService; current: () => { syncSoon(): void } | null },
): void {
  const { settings } = deps;
  router.register('settings.get', () => settings.get());
  router.register('settings.set', (input) => {
    const before = settings.get();
    const after = settings.set(input);
    // Turning downloads on fetches what is already finished.
    if (!before.autoDownload && after.autoDownload) deps.current()?.syncSoon();
    return after;
  });
}
