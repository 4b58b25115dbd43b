import { randomUUID } from 'node:crypto';
import type { Quote } from '../../../shared/api/index.ts';
import type { Price } from '../../../shared/ipc/index.ts';
import type { CreditsBook } from '../account/creditsBook.ts';
import type { ApiClient } from '../api/apiClient.ts';
import { ServiceError } from '../api/serviceError.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import type { ResourceStore } from '../library/resourceStore.ts';

/** What pricing uses of the active connection. */
export type QuoteServices = {
  canSend(): boolean;
  api: Pick<ApiClient, 'createQuote' | 'quote'>;
  resources: Pick<ResourceStore, 'upsertQuote' | 'quote'>;
  credits: Pick<CreditsBook, 'balance' | 'refresh'>;
  queue: Pick<JobQueue, 'pendingCredits'>;
};

/** A new quote from the service (free, side-effect free), kept in the library so it can be spent offline. */
export async function createQuote(
  services: Pick<QuoteServices, 'api' | 'resources'>,
  operationId: string,
  input: Record<string, unknown>,
  target: { character_id: string } | null,
): Promise<Quote> {
  const quote = await services.api.createQuote({ operation_id: operationId, input, ...(target ? { target } : {}) }, randomUUID());
  services.resources.upsertQuote(quote);
  return quote;
}

/**
 * A fresh quote (free, side-effect free) as the renderer shows it before the click: the credits,
 * its approval, and whether the balance left after the queued jobs covers it.
 */
export async function quotePrice(
  services: QuoteServices,
  operationId: string,
  input: Record<string, unknown>,
  target: { character_id: string } | null,
): Promise<Price> {
  if (!services.canSend()) throw new AppFailure('offline', { doing: 'price' });
  return priceOfQuote(services, await createQuote(services, operationId, input, target));
}

/**
 * The same quote read again (spec 4.3 GET /v1/quotes/:id): its approval may have moved since it was
 * made (decision 9: pending → approved, rejected or revoked), and the balance may have grown. When
 * the balance looked too low, the account is read again too, so credits bought elsewhere show.
 */
export async function rereadQuote(services: QuoteServices, quoteId: string): Promise<Price> {
  if (!services.canSend()) throw new AppFailure('offline', { doing: 'price_again' });
  let quote: Quote;
  try {
    quote = await services.api.quote(quoteId);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw new AppFailure('quote_not_found', { then: 'change_option' });
    throw error;
  }
  services.resources.upsertQuote(quote);
  const price = priceOfQuote(services, quote);
  if (price.covered) return price;
  await services.credits.refresh();
  return priceOfQuote(services, quote);
}

function priceOfQuote(services: QuoteServices, quote: Quote): Price {
  const balance = services.credits.balance();
  const available = balance === null ? null : balance - services.queue.pendingCredits();
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
