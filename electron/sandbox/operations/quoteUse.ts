import { num, str, strOrNull, type Db, type Row } from '../db/database.ts';
import { ApiError } from '../server/apiError.ts';
import type { Actor } from '../auth.ts';
import type { Binding } from './binding.ts';

/**
 * spec 4.3: a paid submission that names a quote (header Quote-Id) must match it exactly: same
 * actor and key, same operation, same normalized-input and ordered-asset hashes; the quote must be
 * unexpired, approved when approval is required, and not used before. Runs inside the creating
 * transaction, which also marks the quote used. Returns the quoted credits (equal to the price).
 */
export function useQuote(db: Db, actor: Actor, quoteId: string, binding: Binding, resourceId: string, now: Date): number {
  const row = db
    .prepare('SELECT * FROM quotes WHERE id = ? AND user_id = ? AND api_key_id = ?')
    .get(quoteId, actor.user.id, actor.key.id) as Row | undefined;
  if (!row) throw new ApiError('quote_mismatch', 'No quote with this id was issued to this API key; request a new quote.', 'Quote-Id');
  if (strOrNull(row, 'used_by') !== null) {
    throw new ApiError('quote_mismatch', 'This quote was already used for another request; request a new quote.', 'Quote-Id');
  }
  if (str(row, 'operation_id') !== binding.operationId) {
    throw new ApiError('quote_mismatch', `This quote is for ${str(row, 'operation_id')}, not ${binding.operationId}.`, 'Quote-Id');
  }
  if (str(row, 'input_hash') !== binding.inputHash || str(row, 'asset_hash') !== binding.assetHash) {
    throw new ApiError('quote_mismatch', 'The request differs from the quoted one; send exactly the quoted input, or request a new quote.', 'Quote-Id');
  }
  if (Date.parse(str(row, 'expires_at')) <= now.getTime()) {
    throw new ApiError('quote_expired', 'This quote has expired; request a new quote.', 'Quote-Id');
  }
  if (num(row, 'approval_required') === 1 && strOrNull(row, 'approval_state') !== 'approved') {
    throw new ApiError('quote_not_approved', `This quote needs approval and is ${strOrNull(row, 'approval_state') ?? 'pending'}; wait for approval or request a new quote.`, 'Quote-Id');
  }
  db.prepare('UPDATE quotes SET used_by = ? WHERE id = ?').run(resourceId, quoteId);
  return num(row, 'credits');
}
