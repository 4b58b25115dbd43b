import { PaidWorkInFlight, type UpdateStatus } from '../../../shared/ipc/index.ts';
import type { ShellRouter } from '../host/remoteCore.ts';
import type { UpdateService } from './updateService.ts';

/** What the browser host answers: it is updated with the files it is run from. */
export const UPDATES_IN_DESKTOP_APP: UpdateStatus = { state: 'unavailable', reason: 'browser_host' };

type UpdateRouter = Pick<ShellRouter, 'register' | 'subscribe' | 'emit'>;

/**
 * The update commands, answered by the shell (never by core): the desktop app's `UpdateService`,
 * or one unchanging status where there is no updater (the browser host, a build without a feed).
 */
export function registerUpdateHandlers(router: UpdateRouter, service: UpdateService | UpdateStatus): () => void {
  if (!('install' in service)) {
    for (const command of ['updates.get', 'updates.check', 'updates.install', 'updates.cancelInstall'] as const)
      router.register(command, () => service);
    return () => undefined;
  }
  router.register('updates.get', () => service.status());
  router.register('updates.check', () => service.check());
  router.register('updates.install', () => service.install());
  router.register('updates.cancelInstall', () => service.cancelInstall());
  // A restart that waits for paid requests looks again each time a job moves.
  return router.subscribe((event) => {
    if (event === 'job.updated') service.jobsChanged();
  });
}

/** Core's answer to "is a paid request being sent?", or null when core cannot say (a restart then waits). */
export function paidWorkFrom(router: Pick<ShellRouter, 'handle'>): () => Promise<PaidWorkInFlight | null> {
  return async () => {
    const reply = await router.handle('jobs.paidInFlight', {});
    if (!reply.ok) return null;
    const work = PaidWorkInFlight.safeParse(reply.value);
    return work.success ? work.data : null;
  };
}
