import { DataFolderInUseError } from '../core/app/dataFolderLock.ts';
import { CoreNotReadyError } from '../core/host/remoteCore.ts';
import type { ShellWords } from './shellWords.ts';

/**
 * What the desktop app's dialog says when it cannot start, worded here from what was thrown: core
 * gives the facts (whose lock, how long it waited), the shell says them in the studio's language.
 * Any other error says its message (core's, in English, as its log lines).
 */
export function startFailureWords(error: unknown, words: ShellWords): string {
  if (error instanceof DataFolderInUseError) {
    return words.say('shell.start.folderInUse', {
      holder: error.pid === null ? 'other' : 'known',
      pid: error.pid ?? 0,
      folder: error.dir,
    });
  }
  if (error instanceof CoreNotReadyError) {
    return words.say('shell.start.coreLate', { seconds: Math.round(error.limitMs / 1000) });
  }
  return error instanceof Error ? error.message : String(error);
}
