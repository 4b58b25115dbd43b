import { z } from 'zod';

/**
 * Every error code the service answers, with its HTTP status.
 * spec 5 and 7 state the first seven; the rest are decisions recorded in docs/service-decisions.md.
 */
export const ERROR_STATUS = {
  missing_api_key: 401,
  invalid_api_key: 401,
  expired_api_key: 401,
  plan_required: 403,
  webhook_delivery_unavailable: 503,
  invalid_filter: 400,
  invalid_cursor: 400,
  // decisions
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  missing_idempotency_key: 400,
  idempotency_key_reused: 409,
  idempotency_request_in_progress: 409,
  validation_error: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  insufficient_credits: 402,
  invalid_state: 409,
  quote_mismatch: 409,
  quote_expired: 409,
  quote_not_approved: 409,
  active_key_limit: 409,
  rate_limited: 429,
  invalid_session: 401,
  invalid_admin_token: 401,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ErrorCode = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Decision: one error body for every error: `{ error: { code, message, field? } }`. */
export const ErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Decision: a 202 on a creating request carries this body; the client retries the same request. */
export const AmbiguousBody = z.looseObject({
  status: z.literal('reconciling'),
  message: z.string(),
});

export function errorBody(code: ErrorCode, message: string, field?: string): ErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}
