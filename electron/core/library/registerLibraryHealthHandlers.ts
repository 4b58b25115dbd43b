import type { CoreContext } from '../coreContext.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { checkIntegrity } from './libraryIntegrity.ts';
import { PAID_COMMANDS } from './libraryHealth.ts';

/**
 * Settings → Library: the library's health, its full integrity check and its repair; and the
 * rule that no new paid work is taken while the active library is damaged or being rebuilt.
 */
export function registerLibraryHealthHandlers(ctx: CoreContext): void {
  const { router, connections, log } = ctx;

  router.guard((command) => {
    if (PAID_COMMANDS.has(command)) connections.session?.health.refusePaidWork();
  });

  router.register('library.health', () => connections.requireSession().health.view);

  router.register('library.checkIntegrity', async () => {
    const session = connections.requireSession();
    const { health } = session;
    if (health.state === 'rebuilding') return health.view;
    health.checking();
    // On its own connection in a worker: the check reads the whole file and never holds up this thread.
    const finding = await checkIntegrity(session.library.path, 'full');
    if (connections.session !== session) return health.view;
    if (finding.verdict === 'damaged') {
      log.warn('The full integrity check found damage in the library.', { detail: finding.detail });
      return health.damaged();
    }
    if (finding.verdict === 'unreadable') {
      log.warn('The library could not be checked.', { detail: finding.detail });
      return health.inconclusive();
    }
    return health.passed();
  });

  router.register('library.repair', async () => {
    const session = connections.requireSession();
    if (session.health.state !== 'damaged') {
      throw new AppFailure('library_not_damaged', 'The library is not damaged, so there is nothing to repair. Run the integrity check first if you suspect damage.');
    }
    await connections.repairLibrary();
    return connections.requireSession().health.view;
  });
}
