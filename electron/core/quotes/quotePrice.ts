import type { Price } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Session } from '../session/session.ts';

/**
 * A fresh quote (free, side-effect free) as the renderer shows it before the click: the credits,
 * its approval, and whether the balance left after the queued jobs covers it.
 */
export async function quotePrice(session: Session, operationId: string, input: Record<string, unknown>, target: { character_id: string } | null): Promise<Price> {
  if (!session.canSend()) throw new AppFailure('offline', 'Prices come from the service. Connect to get an exact price; you can still queue the job and it will go out when you are online.');
  const quote = await session.createQuote(operationId, input, target);
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
