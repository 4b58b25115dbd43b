import type { CoreContext } from '../coreContext.ts';
import { quotePrice, rereadQuote } from './quotePrice.ts';

export function registerQuoteHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  // The catalog changes rarely: served from the library, refreshed when online; a service without
  // `/v1/capabilities` gets the built-in catalog (serviceFacts/serviceDiscovery.ts).
  router.register('capabilities.get', async () => {
    const session = connections.requireSession();
    if (session.canSend()) await session.discovery.refresh().catch(() => undefined);
    return session.facts.capabilities();
  });

  router.register('quotes.price', (input) => quotePrice(connections.requireSession(), input.operationId, input.input, input.target ?? null));
  router.register('quotes.get', (input) => rereadQuote(connections.requireSession(), input.id));
}
