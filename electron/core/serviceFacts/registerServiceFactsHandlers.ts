import type { Router } from '../ipc/router.ts';
import type { ServiceDiscovery } from './serviceDiscovery.ts';
import type { ServiceFactsStore } from './serviceFactsStore.ts';

/** What `service.describe` uses of the active connection. */
export type ServiceFactsServices = {
  canSend(): boolean;
  discovery: Pick<ServiceDiscovery, 'refresh'>;
  facts: Pick<ServiceFactsStore, 'view'>;
};

/** `service.describe`: what the connection in use supports and what was noticed of it. */
export function registerServiceFactsHandlers(router: Router, deps: { current: () => ServiceFactsServices | null }): void {
  router.register('service.describe', async () => {
    const services = deps.current();
    if (!services) return null;
    if (services.canSend()) await services.discovery.refresh().catch(() => undefined);
    return services.facts.view();
  });
}
