import { basename } from 'node:path';
import { IPC_VERSION } from '../../../shared/ipc/index.ts';
import type { Router } from '../ipc/router.ts';
import type { ScreenMemory } from './screenMemory.ts';

export type AppInfo = {
  appVersion: string;
  mediaBase: string;
  host: 'electron' | 'browser';
  /** Where a damaged preferences file was moved at this start, or null. */
  preferencesKeptAs: string | null;
};

export function registerAppHandlers(
  router: Router,
  deps: AppInfo & { screens: ScreenMemory; setFocused: (focused: boolean) => void },
): void {
  router.register('app.info', () => ({
    version: deps.appVersion,
    ipcVersion: IPC_VERSION,
    platform: process.platform,
    mediaBase: deps.mediaBase,
    host: deps.host,
    startScreen: deps.screens.startScreen(),
    preferencesReset: deps.preferencesKeptAs ? { keptAs: basename(deps.preferencesKeptAs) } : null,
  }));
  router.register('app.screenShown', (input) => {
    deps.screens.shown(input.screen);
    return { ok: true as const };
  });
  router.register('window.focusChanged', (input) => {
    deps.setFocused(input.focused);
    return { ok: true as const };
  });
}
