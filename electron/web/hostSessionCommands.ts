import { AppFailure } from '../core/ipc/appFailure.ts';
import { Router } from '../core/ipc/router.ts';
import type { HostAuth } from './hostAuth.ts';

/** The commands the bridge answers itself, for the page of one session; any other goes to core. */
export const HOST_SESSION_COMMANDS: ReadonlySet<string> = new Set(['shell.listSessions', 'shell.endSession']);

/**
 * Settings → Browser sessions, answered by the host (core knows nothing of pages): the sessions of
 * this host, the asking page's marked, and ending one, that page's own included. A router of its
 * own checks their input as core's router checks every other command's.
 */
export function hostSessionRouter(auth: HostAuth, sessionId: string): Router {
  const router = new Router();
  router.register('shell.listSessions', () => auth.listSessions().map((session) => ({ ...session, current: session.id === sessionId })));
  router.register('shell.endSession', ({ id }) => {
    if (!auth.endSession(id)) throw new AppFailure('not_found', { what: 'session' });
    return { ok: true as const };
  });
  return router;
}
