import { ServiceError } from '../api/serviceError.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Session } from '../session/session.ts';
import type { IntentDraft } from './intentKinds.ts';

/**
 * The price of an intent for the spend guard: the renderer's quote when it gave one, else a quote
 * core asks for itself (free, side-effect free). Offline, the intent waits unpriced.
 */
export async function priceIntent(session: Session, draft: IntentDraft, quoteId: string | null): Promise<{ quoteId: string | null; quotedCredits: number | null }> {
  if (quoteId) {
    const local = session.library.get<{ credits: number; approval_required: number; approval_state: string | null }>(
      'SELECT credits, approval_required, approval_state FROM quotes WHERE id = ?',
      quoteId,
    );
    if (local) {
      checkApproval(local.approval_required === 1, local.approval_state);
      return { quoteId, quotedCredits: local.credits };
    }
    if (!session.canSend()) return { quoteId, quotedCredits: null };
    try {
      const quote = await session.api.quote(quoteId);
      session.resources.upsertQuote(quote);
      checkApproval(quote.approval.required, quote.approval.state);
      return { quoteId, quotedCredits: quote.credits };
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) throw new AppFailure('quote_not_found', 'That price quote is unknown to the service. Get a new price and try again.');
      if (error instanceof ServiceError && error.isTransport) return { quoteId, quotedCredits: null };
      throw error;
    }
  }
  if (!session.canSend()) return { quoteId: null, quotedCredits: null };
  try {
    const quote = await session.createQuote(draft.operationId, JSON.parse(draft.body) as Record<string, unknown>, draft.target);
    checkApproval(quote.approval.required, quote.approval.state);
    return { quoteId: quote.id, quotedCredits: quote.credits };
  } catch (error) {
    // Unreachable now: the intent waits unpriced and goes when the connection is back.
    if (error instanceof ServiceError && (error.isTransport || error.status >= 500 || error.status === 429)) return { quoteId: null, quotedCredits: null };
    throw error;
  }
}

function checkApproval(required: boolean, state: string | null): void {
  if (!required || state === 'approved') return;
  if (state === 'rejected' || state === 'revoked') {
    throw new AppFailure('quote_not_approved', `This price quote was ${state}. Get a new price to try again.`);
  }
  throw new AppFailure('quote_not_approved', 'This price needs approval before it can be spent. Ask for approval, then try again.');
}
