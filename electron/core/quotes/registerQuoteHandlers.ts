import type { Router } from '../ipc/router.ts';
import type { ServiceDiscovery } from '../serviceFacts/serviceDiscovery.ts';
import type { ServiceFactsStore } from '../serviceFacts/serviceFactsStore.ts';
import { quotePrice, rereadQuote, type QuoteServices } from './quotePrice.ts';

/** What the catalog and price commands use of the active connection. */
export type CatalogServices = QuoteServices & {
  discovery: Pick<ServiceDiscovery, 'refresh'>;
  facts: Pick<ServiceFactsStore, 'capabilities'>;
};

export function registerQuoteHandlers(router: Router, deps: { active: () => CatalogServices }): void {
  const { active } = deps;

  // The catalog changes rarely: served from the library, refreshed when online; a service without
  // `/v1/capabilities` gets the built-in catalog (serviceFacts/serviceDiscovery.ts).
  router.register('capabilities.get', async () => {
    const services = active();
    if (services.canSend()) await services.discovery.refresh().catch(() => undefined);
    return services.facts.capabilities();
  });

  router.register('quotes.price', (input) => quotePrice(active(), input.operationId, input.input, input.target ?? null));
  router.register('quotes.get', (input) => rereadQuote(active(), input.id));
}
