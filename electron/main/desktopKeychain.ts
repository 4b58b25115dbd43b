import { app, dialog, safeStorage, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Logger } from '../core/log/logger.ts';
import { KeytarKeychain } from '../core/secrets/keychain.ts';
import { KeychainWithFallback } from './keychainFallback.ts';

/**
 * The desktop app's keychain: keytar, else safeStorage into the user data folder, and where that is
 * not real encryption, a plain question to the user before anything is stored.
 */
export function createDesktopKeychain(options: { log: Logger; window: () => BrowserWindow | null }): KeychainWithFallback {
  return new KeychainWithFallback({
    keytar: new KeytarKeychain(),
    safeStorage,
    file: join(app.getPath('userData'), 'secrets.json'),
    log: options.log,
    askConsentToWeakStorage: async (message) => {
      const question = {
        type: 'warning' as const,
        title: 'No keychain',
        message,
        buttons: ['Don’t store the key', 'Store without encryption'],
        defaultId: 0,
        cancelId: 0,
      };
      const win = options.window();
      const answer = win && !win.isDestroyed() ? await dialog.showMessageBox(win, question) : await dialog.showMessageBox(question);
      return answer.response === 1;
    },
  });
}
