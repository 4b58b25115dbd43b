import type { CoreDeps } from '../../electron/core/createCore.ts';
import { silentLogger } from '../../electron/core/log/logger.ts';
import { FilePreferences } from '../../electron/core/preferences/preferences.ts';
import { MemoryKeychain } from './memoryKeychain.ts';

/**
 * The deps a core needs outside a shell, as the browser host would give them: a folder of its own,
 * preferences in it, an in-memory keychain and a silent log. `overrides` replaces any of them and
 * adds the rest (a sandbox launcher, a dispatcher, tuning).
 */
export function headlessCoreDeps(userDataDir: string, overrides: Partial<CoreDeps> = {}): CoreDeps {
  return {
    userDataDir,
    keychain: new MemoryKeychain(),
    preferences: new FilePreferences({ cwd: userDataDir }),
    log: silentLogger,
    host: 'browser',
    mediaBase: 'cast-media://',
    ...overrides,
  };
}
