import type { CoreContext } from '../coreContext.ts';

/** `service.describe`: what the connection in use supports and what was noticed of it. */
export function registerServiceFactsHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;
  router.register('service.describe', async () => {
    const session = connections.session;
    if (!session) return null;
    if (session.canSend()) await session.discovery.refresh().catch(() => undefined);
    return session.facts.view();
  });
}
