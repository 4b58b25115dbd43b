import type { Quote } from '../../../shared/api/index.ts';
import type { Price } from '../../../shared/ipc/index.ts';
import { ServiceError } from '../api/serviceError.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Session } from '../session/session.ts';

/**
 * A fresh quote (free, side-effect free) as the renderer shows it before the click: the credits,
 * its approval, and whether the balance left after the queued jobs covers it.
 */
export async function quotePrice(session: Session, operationId: string, input: Record<string, unknown>, target: { character_id: string } | null): Promise<Price> {
  if (!session.canSend()) throw new AppFailure('offline', 'Prices come from the service. Connect to get an exact price; you can still queue the job and it will go out when you are online.');
  return priceOfQuote(session, await session.createQuote(operationId, input, target));
}

/**
 * The same quote read again (spec 4.3 GET /v1/quotes/:id): its approval may have moved since it was
 * made (decision 9: pending → approved, rejected or revoked), and the balance may have grown. When
 * the balance looked too low, the account is read again too, so credits bought elsewhere show.
 */
export async function rereadQuote(session: Session, quoteId: string): Promise<Price> {
  if (!session.canSend()) throw new AppFailure('offline', 'Cast Studio is offline, so it cannot check this price again. It will when the connection is back.');
  let quote: Quote;
  try {
    quote = await session.api.quote(quoteId);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw new AppFailure('quote_not_found', 'That price quote is unknown to the service. Change an option to get a new price.');
    throw error;
  }
  session.resources.upsertQuote(quote);
  const price = priceOfQuote(session, quote);
  if (price.covered) return price;
  await session.credits.refresh();
  return priceOfQuote(session, quote);
}

function priceOfQuote(session: Session, quote: Quote): Price {
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
}
