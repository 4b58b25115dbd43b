import type { DiskSpace as DiskSpaceView } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import { PAID_COMMANDS } from '../library/libraryHealth.ts';
import type { DiskSpace } from './diskSpace.ts';

const NO_LIBRARY: DiskSpaceView = { state: 'ok', freeBytes: null };

/**
 * The library disk's room as the banner shows it, and the rule that no new paid work is taken
 * while it is full: its intent could not be recorded before sending, nor its result saved.
 */
export function registerDiskSpaceHandlers(router: Router, deps: { space: () => DiskSpace | null }): void {
  router.guard((command) => {
    if (PAID_COMMANDS.has(command) && deps.space()?.full) {
      throw new AppFailure('disk_full', { when: 'paid_work' });
    }
  });

  router.register('library.diskSpace', () => deps.space()?.view ?? NO_LIBRARY);
}
