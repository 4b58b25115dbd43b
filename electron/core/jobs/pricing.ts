import { ServiceError } from '../api/serviceError.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { createQuote, type QuoteServices } from '../quotes/quotePrice.ts';
import type { IntentDraft } from './intentRequests.ts';

/** What pricing an intent uses of the active connection. */
export type PricingServices = Pick<QuoteServices, 'canSend' | 'api' | 'resources'>;

/**
 * The price of an intent for the spend guard: the renderer's quote when it gave one, else a quote
 * core asks for itself (free, side-effect free). Offline, the intent waits unpriced.
 */
export async function priceIntent(
  services: PricingServices,
  draft: IntentDraft,
  quoteId: string | null,
): Promise<{ quoteId: string | null; quotedCredits: number | null }> {
  if (quoteId) {
    const local = services.resources.quote(quoteId);
    // Decision 9: an approval can move after the quote was stored (approved, rejected, revoked),
    // so a quote under approval is read again when the service is reachable; the stored state is
    // only trusted offline, where the send waits anyway.
    if (local && (!local.approvalRequired || !services.canSend())) {
      checkApproval(local.approvalRequired, local.approvalState);
      return { quoteId, quotedCredits: local.credits };
    }
    if (!services.canSend()) return { quoteId, quotedCredits: null };
    try {
      const quote = await services.api.quote(quoteId);
      services.resources.upsertQuote(quote);
      checkApproval(quote.approval.required, quote.approval.state);
      return { quoteId, quotedCredits: quote.credits };
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) throw new AppFailure('quote_not_found', { then: 'retry' });
      if (error instanceof ServiceError && error.isTransport) return { quoteId, quotedCredits: null };
      throw error;
    }
  }
  if (!services.canSend()) return { quoteId: null, quotedCredits: null };
  try {
    const quote = await createQuote(services, draft.operationId, JSON.parse(draft.body) as Record<string, unknown>, draft.target);
    checkApproval(quote.approval.required, quote.approval.state);
    return { quoteId: quote.id, quotedCredits: quote.credits };
  } catch (error) {
    // Unreachable now: the intent waits unpriced and goes when the connection is back.
    if (error instanceof ServiceError && (error.isTransport || error.status >= 500 || error.status === 429))
      return { quoteId: null, quotedCredits: null };
    throw error;
  }
}

function checkApproval(required: boolean, state: string | null): void {
  if (!required || state === 'approved') return;
  if (state === 'rejected' || state === 'revoked') {
    throw new AppFailure('quote_not_approved', { state });
  }
  throw new AppFailure('quote_not_approved', { state: 'pending' });
}
