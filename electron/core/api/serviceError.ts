import { ERROR_STATUS, type ErrorCode } from '../../../shared/api/index.ts';

/** Codes the client itself raises when no service answer explains the failure. */
export type ClientErrorCode = 'network_error' | 'timeout' | 'invalid_response' | 'needs_new_key' | 'offline' | 'aborted';

/**
 * The one error type of the API client: the service's code, the HTTP status (0 when no answer
 * arrived) and an English sentence for core's log and the job's record. The page is told its code
 * (ipc/appFailure.ts `serviceAppError`) and words it itself. The API key never appears in it:
 * messages come from this table or from the service's own text after redaction.
 */
export class ServiceError extends Error {
  /** The service's code as it sent it (known or not), or the client's own. */
  readonly code: string;
  readonly field: string | undefined;
  readonly status: number;
  /** The service's own message, when it sent one (already redacted). */
  readonly serviceMessage: string | null;
  readonly retryAfterMs: number | null;
  /** Attempts the HTTP client made in the call that ended with this error, the last included. */
  attempts = 1;
  /**
   * Of those, the earlier ones that ended without a clear refusal (no answer, 5xx, 202, 409 still
   * in progress): after one of them the request may have run, whatever the last answer says.
   */
  attemptsInDoubt = 0;

  /**
   * The known code whose meaning applies: the code itself when Cast Studio knows it, else what the
   * status stands for (an unknown 402 is a payment problem, an unknown 400 an invalid request).
   */
  readonly meaning: string;

  constructor(init: {
    code: string;
    status: number;
    message: string;
    field?: string | undefined;
    serviceMessage?: string | null;
    retryAfterMs?: number | null;
    meaning?: string;
  }) {
    super(init.message);
    this.name = 'ServiceError';
    this.code = init.code;
    this.field = init.field;
    this.meaning = init.meaning ?? init.code;
    this.status = init.status;
    this.serviceMessage = init.serviceMessage ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  /** Records what the HTTP client tried before this error ended the call. */
  afterAttempts(attempts: number, inDoubt: number): this {
    this.attempts = attempts;
    this.attemptsInDoubt = inDoubt;
    return this;
  }

  /** A failure with no answer from the service: the request may or may not have arrived. */
  get isTransport(): boolean {
    return this.status === 0;
  }
}

/**
 * spec 5.6 and 7 (and the decided codes of shared/api/errors.ts): what each code means to a person.
 * `null` means the service's own message is the best sentence (validation details, states).
 */
const SENTENCES: Record<ErrorCode, string | null> = {
  missing_api_key: 'No API key was sent. Add your API key in Settings → Connection.',
  invalid_api_key: 'The service did not accept this API key (it is unknown or was revoked). Paste a new key in Settings → Connection.',
  expired_api_key: 'This API key has expired. Create a new key in the web app and paste it in Settings → Connection.',
  plan_required: 'Your account needs an active Creator or Studio plan for this. Upgrade your plan, then try again.',
  webhook_delivery_unavailable:
    'The service does not deliver webhooks yet; Cast Studio follows your jobs by itself, so no webhook is needed.',
  invalid_filter: 'A library filter was empty or repeated. Clear the filters and try again.',
  invalid_cursor: 'The list position is no longer valid. Reload the list from the start.',
  insufficient_scope: 'This API key is not allowed to do that (it lacks the permission). Use a key with the right scopes.',
  forbidden: 'That item belongs to someone else, so this key cannot use it.',
  not_found: 'The item no longer exists on the service. It may have been deleted elsewhere.',
  missing_idempotency_key: 'Cast Studio sent a paid request without its safety key. This is a bug; please report it.',
  idempotency_key_reused:
    'Cast Studio reused a request key for a different request. Nothing was charged twice, but this is a bug; please report it.',
  idempotency_request_in_progress: 'The service is still working on this same request. Cast Studio will check again shortly.',
  validation_error: null,
  invalid_json: 'Cast Studio sent a malformed request. This is a bug; please report it.',
  unsupported_media_type: 'That file type is not supported. Use PNG, JPEG or WebP images, WAV, MP3 or OGG audio, or MP4 or WebM video.',
  payload_too_large: 'That file is too large for the service. Use a smaller file.',
  insufficient_credits: 'You do not have enough credits for this. Buy credits or lower the cost, then try again.',
  invalid_state: null,
  quote_mismatch: 'The request no longer matches its price quote. Get a new price and try again.',
  quote_expired: 'The price quote expired before the job could be sent. Get a new price and try again.',
  quote_not_approved: 'This price quote still needs approval (or was rejected). Ask for approval, then try again.',
  active_key_limit: 'This account already has 10 active API keys. Revoke one in the web app first.',
  rate_limited: 'The service asked Cast Studio to slow down. It will retry by itself.',
  invalid_session: 'Your web session has ended. Sign in again.',
  invalid_admin_token: 'The sandbox administration token was not accepted.',
  internal_error: 'The service had an internal error. Cast Studio will retry where it is safe to.',
  service_unavailable: 'The service is temporarily unavailable. Cast Studio will retry by itself.',
};

const CLIENT_SENTENCES: Record<ClientErrorCode, string> = {
  network_error: 'Cast Studio could not reach the service. Check your internet connection; waiting jobs will go out when it is back.',
  timeout: 'The service took too long to answer. Cast Studio will retry by itself.',
  invalid_response:
    'The service sent an answer Cast Studio does not understand. Try again later; if it keeps happening, update Cast Studio.',
  needs_new_key: 'This connection needs a new API key. Paste one in Settings → Connection.',
  offline: 'You are offline. Waiting jobs will go out when the connection is back.',
  aborted: 'The request was stopped.',
};

export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/**
 * Builds the error for a service answer: its code, message and field in whatever shape it came
 * (errorAnswer.ts), or a bare status. spec 7 leaves the body shape and the codes beyond its table
 * open, so an unknown code is understood by its status and shown with the service's own words.
 */
export function serviceErrorFrom(
  status: number,
  body: { code?: string | null; message?: string | null; field?: string | null } | null,
  retryAfterMs: number | null,
): ServiceError {
  const own = body?.message ?? null;
  const field = body?.field ?? undefined;
  const given = body?.code ?? null;
  if (given === null || isKnownErrorCode(given)) {
    const code = given ?? codeForStatus(status);
    const sentence = isKnownErrorCode(code) ? SENTENCES[code] : null;
    const message = sentence ?? (own ? readable(own) : `The service answered with an error (${status}). Try again later.`);
    return new ServiceError({ code, status, message, field, serviceMessage: own, retryAfterMs });
  }
  const meaning = codeForStatus(status);
  return new ServiceError({
    code: given,
    status,
    message: unknownCodeSentence(status, own),
    field,
    serviceMessage: own,
    retryAfterMs,
    meaning,
  });
}

/** What a person reads for a code Cast Studio does not know: the kind of refusal its status means, then the service's words. */
function unknownCodeSentence(status: number, own: string | null): string {
  const said = own ? ` ${readable(own)}` : '';
  if (status === 400 || status === 422) return `The service refused the request as invalid.${said} Correct it and try again.`;
  if (status === 401) return `The service did not accept this API key.${said} Paste a new key in Settings → Connection.`;
  if (status === 402)
    return `The service refused this for lack of credits or payment.${said} Buy credits or lower the cost, then try again.`;
  if (status === 403)
    return `The service did not allow this.${said} Check your plan and this key’s permissions in the web app, then try again.`;
  if (status === 404) return `The service could not find it.${said} It may have been deleted elsewhere.`;
  if (status === 409) return `The service refused this in the item’s current state.${said} Refresh and try again.`;
  if (status === 429) return `The service asked Cast Studio to slow down.${said} It will retry by itself.`;
  if (status >= 500) return `The service had a problem.${said} Cast Studio will retry where it is safe to.`;
  return own ? readable(own) : `The service answered with an error (${status}). Try again later.`;
}

export function clientError(code: ClientErrorCode, detail?: string): ServiceError {
  return new ServiceError({ code, status: 0, message: CLIENT_SENTENCES[code], serviceMessage: detail ?? null });
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'invalid_api_key';
  if (status === 402) return 'insufficient_credits';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'invalid_state';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'validation_error';
}

function readable(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export const KEY_REJECTED_CODES: ReadonlySet<string> = new Set(['invalid_api_key', 'expired_api_key', 'missing_api_key']);

/** What a failure says about the connection itself (shared/ipc ConnectionStatus), or null when it is about one request only. */
export type ConnectionFailure =
  'offline' | 'unreachable' | 'untrusted_certificate' | 'key_missing' | 'key_refused' | 'key_expired' | 'plan_required' | 'service_error';

/**
 * Errors that mean this machine has no network at all (no route, no interface, no name service),
 * as opposed to a network that works and a service that does not answer on it.
 */
const NO_NETWORK_CODES: ReadonlySet<string> = new Set(['ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN', 'EHOSTDOWN']);

/**
 * spec 5.6 and 7: the state of the connection a failure reveals. A refused connection or an
 * unknown host is the service's address (unreachable); a machine without a network is offline.
 */
export function connectionFailureOf(error: ServiceError): ConnectionFailure | null {
  switch (error.code) {
    case 'untrusted_certificate':
      return 'untrusted_certificate';
    case 'offline':
      return 'offline';
    case 'network_error':
      return NO_NETWORK_CODES.has(error.serviceMessage ?? '') ? 'offline' : 'unreachable';
    case 'timeout':
      return 'unreachable';
    case 'needs_new_key':
    case 'missing_api_key':
      return 'key_missing';
    case 'invalid_api_key':
      return 'key_refused';
    case 'expired_api_key':
      return 'key_expired';
    case 'plan_required':
      return 'plan_required';
    case 'invalid_response':
      return 'service_error';
    case 'webhook_delivery_unavailable':
      return null;
    default:
      if (error.status === 401) return 'key_refused';
      return error.status >= 500 ? 'service_error' : null;
  }
}
