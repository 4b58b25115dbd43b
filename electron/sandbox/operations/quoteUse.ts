import type { Db } from '../db/database.ts';
import { findIssuedQuote, markQuoteUsed } from '../repos/quoteRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import type { Actor } from '../auth.ts';
import type { Binding } from './binding.ts';

/**
 * spec 4.3: a paid submission that names a quote (header Quote-Id) must match it exactly: same
 * actor and key, same operation, same normalized-input and ordered-asset hashes; the quote must be
 * unexpired, approved when approval is required, and not used before. Runs inside the creating
 * transaction, which also marks the quote used. Returns the quoted credits (equal to the price).
 */
export function useQuote(db: Db, actor: Actor, quoteId: string, binding: Binding, resourceId: string, now: Date): number {
  const quote = findIssuedQuote(db, quoteId, actor.user.id, actor.key.id);
  if (!quote)
    throw new SandboxError('quote_mismatch', 'No quote with this id was issued to this API key; request a new quote.', 'Quote-Id');
  if (quote.usedBy !== null) {
    throw new SandboxError('quote_mismatch', 'This quote was already used for another request; request a new quote.', 'Quote-Id');
  }
  if (quote.operationId !== binding.operationId) {
    throw new SandboxError('quote_mismatch', `This quote is for ${quote.operationId}, not ${binding.operationId}.`, 'Quote-Id');
  }
  if (quote.inputHash !== binding.inputHash || quote.assetHash !== binding.assetHash) {
    throw new SandboxError(
      'quote_mismatch',
      'The request differs from the quoted one; send exactly the quoted input, or request a new quote.',
      'Quote-Id',
    );
  }
  if (Date.parse(quote.expiresAt) <= now.getTime()) {
    throw new SandboxError('quote_expired', 'This quote has expired; request a new quote.', 'Quote-Id');
  }
  if (quote.approvalRequired && quote.approvalState !== 'approved') {
    throw new SandboxError(
      'quote_not_approved',
      `This quote needs approval and is ${quote.approvalState ?? 'pending'}; wait for approval or request a new quote.`,
      'Quote-Id',
    );
  }
  markQuoteUsed(db, quoteId, resourceId);
  return quote.credits;
}
