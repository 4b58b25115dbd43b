import { DEFAULT_CAPABILITIES, type Capabilities } from '../../../shared/api/index.ts';
import { Capabilities as CapabilitiesSchema } from '../../../shared/api/index.ts';
import type { CoreContext } from '../coreContext.ts';
import { quotePrice, rereadQuote } from './quotePrice.ts';

export function registerQuoteHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  // The catalog changes rarely: served from the library, refreshed when online.
  router.register('capabilities.get', async () => {
    const session = connections.requireSession();
    if (session.canSend()) {
      try {
        const fresh = await session.api.capabilities();
        session.library.setMeta('capabilities.json', JSON.stringify(fresh));
        return fresh;
      } catch {
        // fall through to the stored catalog
      }
    }
    const stored = session.library.meta('capabilities.json');
    const parsed = stored ? CapabilitiesSchema.safeParse(JSON.parse(stored)) : null;
    return parsed?.success ? parsed.data : (DEFAULT_CAPABILITIES satisfies Capabilities);
  });

  router.register('quotes.price', (input) => quotePrice(connections.requireSession(), input.operationId, input.input, input.target ?? null));
  router.register('quotes.get', (input) => rereadQuote(connections.requireSession(), input.id));
}
