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
    // Decision 9: an approval can move after the quote was stored (approved, rejected, revoked),
    // so a quote under approval is read again when the service is reachable; the stored state is
    // only trusted offline, where the send waits anyway.
    if (local && (local.approval_required === 0 || !session.canSend())) {
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
    const what = state === 'rejected' ? 'rejected this price' : 'revoked the approval of this price';
    throw new AppFailure('quote_not_approved', `The account owner ${what}, so the job was not queued. Choose cheaper options, or get a new price and ask for approval again.`);
  }
  throw new AppFailure('quote_not_approved', 'This price needs the account owner’s approval before it can be spent, so the job was not queued. Ask for approval, then try again.');
}
