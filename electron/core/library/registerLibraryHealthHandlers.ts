import type { Logger } from '../log/logger.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { LibraryDatabase } from './libraryDatabase.ts';
import { PAID_COMMANDS, type LibraryHealth } from './libraryHealth.ts';
import { checkIntegrity } from './libraryIntegrity.ts';

/** What the health commands use of the active connection. */
export type HealthServices = { health: LibraryHealth; library: Pick<LibraryDatabase, 'path'> };

export type HealthDeps = {
  /** The active connection's services, or null when none is open. */
  current: () => HealthServices | null;
  active: () => HealthServices;
  /** Moves the damaged library aside and opens a new one that rebuilds itself. */
  repair: () => Promise<void>;
  /** Settles once the active library's start check is through and acted on (ActiveConnection.whenChecked). */
  checked: () => Promise<void>;
  log: Logger;
};

/**
 * Settings → Library: the library's health, its full integrity check and its repair; and the
 * rule that no new paid work is taken while the active library is damaged or being rebuilt.
 */
export function registerLibraryHealthHandlers(router: Router, deps: HealthDeps): void {
  const { current, active, log } = deps;

  router.guard(async (command) => {
    if (!PAID_COMMANDS.has(command)) return;
    // Started while the library's start check runs: it waits for the verdict (a damaged file is replaced first).
    await deps.checked();
    current()?.health.refusePaidWork();
  });

  router.register('library.health', () => active().health.view);

  router.register('library.checkIntegrity', async () => {
    const services = active();
    const { health } = services;
    if (health.state === 'rebuilding') return health.view;
    health.checking();
    // On its own connection in a worker: the check reads the whole file and never holds up this thread.
    const finding = await checkIntegrity(services.library.path, 'full');
    if (current() !== services) return health.view;
    if (finding.verdict === 'damaged') {
      log.warn('The full integrity check found damage in the library.', { detail: finding.log });
      return health.damaged();
    }
    if (finding.verdict === 'unreadable') {
      log.warn('The library could not be checked.', { detail: finding.log });
      return health.inconclusive();
    }
    return health.passed();
  });

  router.register('library.repair', async () => {
    if (active().health.state !== 'damaged') {
      throw new AppFailure('library_not_damaged', {});
    }
    await deps.repair();
    return active().health.view;
  });
}
