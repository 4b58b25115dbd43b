import { DataFolderInUseError } from '../core/app/dataFolderLock.ts';
import { CoreNotReadyError } from '../core/host/remoteCore.ts';

/**
 * What the desktop app's dialog says when it cannot start, worded here from what was thrown: core
 * gives the facts (whose lock, how long it waited), the shell says them. In English, as the rest
 * of main's dialogs and menu: no window, so no catalog, has been loaded yet. Any other error says
 * its message.
 */
export function startFailureWords(error: unknown): string {
  if (error instanceof DataFolderInUseError) {
    const who = error.pid === null ? 'Another Cast Studio' : `Another Cast Studio (process ${error.pid})`;
    return `${who} is already using the data folder ${error.dir}. Close it first, or choose another data folder.`;
  }
  if (error instanceof CoreNotReadyError) {
    return `Cast Studio’s core did not start within ${String(error.limitMs / 1000)} seconds. Open Cast Studio again; if it does not start then either, its log says why.`;
  }
  return error instanceof Error ? error.message : String(error);
}
