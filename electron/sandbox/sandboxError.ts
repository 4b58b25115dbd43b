import type { ErrorCode } from '../../shared/api/index.ts';

/** What a refusal may say besides its code and message. */
export type SandboxErrorDetails = {
  /** The field of the request the refusal is about. */
  field?: string | undefined;
  /** How long the client should wait before trying again (a rate limit, a brief outage). */
  retryAfterSeconds?: number | undefined;
  /** A status other than the code's own (an injected refusal of a service that answers differently). */
  status?: number | undefined;
};

/**
 * A refusal of the service, named by its spec error code (spec 7) with a sentence for people.
 * Domain code throws it and knows nothing of HTTP; the HTTP layer (server/apiError.ts) turns the
 * code into a status and the documented error body.
 */
export class SandboxError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly status: number | undefined;

  constructor(code: ErrorCode, message: string, field?: string, details: Omit<SandboxErrorDetails, 'field'> = {}) {
    super(message);
    this.name = 'SandboxError';
    this.code = code;
    this.field = field;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.status = details.status;
  }
}

export const notFound = (what: string, field?: string): SandboxError =>
  new SandboxError('not_found', `No ${what} with this id exists in your account.`, field);
