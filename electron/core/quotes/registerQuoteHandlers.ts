import { DEFAULT_CAPABILITIES, type Capabilities } from '../../../shared/api/index.ts';
import { Capabilities as CapabilitiesSchema } from '../../../shared/api/index.ts';
import type { CoreContext } from '../coreContext.ts';
import { AppFailure } from '../ipc/appFailure.ts';

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

  router.register('quotes.price', async (input) => {
    const session = connections.requireSession();
    if (!session.canSend()) throw new AppFailure('offline', 'Prices come from the service. Connect to get an exact price; you can still queue the job and it will go out when you are online.');
    const quote = await session.createQuote(input.operationId, input.input, input.target ?? null);
    const balance = session.credits.balance();
    const available = balance === null ? null : balance - session.queue.pendingCredits();
    return {
      quoteId: quote.id,
      credits: quote.credits,
      approvalRequired: quote.approval.required,
      approvalState: quote.approval.state,
      expiresAt: quote.expires_at,
      balance,
      covered: available === null ? true : available >= quote.credits,
    };
  });
}
