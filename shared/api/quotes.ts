import { z } from 'zod';
import { QuoteApprovalState, Timestamp, Uuid, dataOf } from './common.ts';

// spec 4.3 POST /v1/quotes
export const CreateQuoteRequest = z.strictObject({
  operation_id: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+)*\.v\d+$/, 'operation_id is a catalog id ending in a version, such as characters.create.v1'),
  input: z.record(z.string(), z.unknown()),
  target: z.strictObject({ character_id: Uuid }).optional(),
});
export type CreateQuoteRequest = z.infer<typeof CreateQuoteRequest>;

/**
 * Decision: the quote response. It reveals no raw input, cost contract or asset URL (spec 2.6, 4.3):
 * only the credits, versions, hashes and the approval and expiry projection.
 */
export const Quote = z.looseObject({
  id: Uuid,
  operation_id: z.string(),
  credits: z.number().int(),
  capability_version: z.string(),
  pricing_version: z.string(),
  input_hash: z.string(),
  asset_hash: z.string(),
  retry_budget: z.number().int(),
  approval: z.looseObject({
    required: z.boolean(),
    state: QuoteApprovalState.nullable(),
  }),
  expires_at: Timestamp,
  expired: z.boolean(),
  created_at: Timestamp,
});
export type Quote = z.infer<typeof Quote>;
export const QuoteResponse = dataOf(Quote);

/** Decision: a paid request names its quote with this header; hashes must then match exactly. */
export const QUOTE_HEADER = 'Quote-Id';
