import type { Router } from '../../ipc/router.ts';
import type { SpaceMemberships } from './spaceMemberships.ts';

/** `spaces.*`: joining and leaving the connection's space, and how it syncs. */
export function registerSpaceHandlers(router: Router, { spaces }: { spaces: SpaceMemberships }): void {
  router.register('spaces.status', () => spaces.status());
  router.register('spaces.join', (input) => spaces.join(input));
  router.register('spaces.leave', () => spaces.leave());
}
