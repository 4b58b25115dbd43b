import type { ErrorCode } from '../../shared/api/index.ts';
import type { AppError } from '../../shared/ipc/index.ts';

/** Codes the app's own router answers besides the service's (electron/core/ipc/router.ts). */
export type RouterErrorCode = 'invalid_input' | 'unknown_command' | 'not_available' | 'internal_error';
export type KnownErrorCode = ErrorCode | RouterErrorCode;

type Describe = (error: AppError) => string;

/** The service's or core's own sentence, when it has one worth showing, else a fallback. */
const detail = (error: AppError, fallback: string): string => {
  const message = error.message.trim();
  if (!message || looksTechnical(message)) return fallback;
  return message;
};

/** Raw JSON, stack traces and HTTP dumps never reach a person. */
function looksTechnical(message: string): boolean {
  return /^[[{]/.test(message) || /\n\s+at\s/.test(message) || /\bat .+\(.+:\d+:\d+\)/.test(message) || message.length > 400;
}

/**
 * Every error code that can reach the UI, with a sentence that says what happened and what to do.
 * `Record<KnownErrorCode, …>` makes the compiler insist on a sentence for each code of
 * shared/api/errors.ts (spec 5 and 7 plus the recorded decisions) and of the router.
 */
const SENTENCES: Record<KnownErrorCode, Describe> = {
  missing_api_key: () => 'This connection has no API key. Add a key in Settings → Connections, then try again.',
  invalid_api_key: () =>
    'The service did not accept this API key: it may have been revoked. Create a new key in the web app and enter it in Settings → Connections.',
  expired_api_key: () => 'This API key has expired. Create a new key in the web app and enter it in Settings → Connections.',
  plan_required: () =>
    "The key's owner needs an active Creator or Studio plan to do this. Upgrade the plan in the web app, or use the sandbox.",
  webhook_delivery_unavailable: () =>
    'The service does not deliver webhooks yet, so the request was refused. Cast Studio follows jobs itself; try again without a webhook.',
  invalid_filter: () => 'A filter was empty or given twice, so the list could not be read. Clear the filters and try again.',
  invalid_cursor: () => 'The list position is no longer valid. Reload the list from the start.',
  insufficient_scope: () =>
    'This API key is not allowed to do this (a scope is missing). Create a key with the needed scope in the web app and enter it in Settings → Connections.',
  forbidden: () => 'This belongs to another account, so the service refused it. Use one of your own characters, voices or media.',
  not_found: () => 'It no longer exists on the service; it may have been deleted. Refresh and choose another.',
  missing_idempotency_key: () =>
    'The request was sent without its safety key and was refused before anything was charged. Try again; if it repeats, report it.',
  idempotency_key_reused: () =>
    'The service saw this request key used for a different request and stopped to avoid a double charge. Nothing was charged twice; please report this, then try again.',
  idempotency_request_in_progress: () => 'The same request is still being processed. Wait a moment; the queue retries it by itself.',
  validation_error: (e) =>
    `The service refused a value${e.field ? ` (${fieldLabel(e.field)})` : ''}: ${detail(e, 'one of the values is not valid')}. Correct it and try again.`,
  invalid_json: () => 'The request could not be read by the service. Try again; if it repeats, report it.',
  unsupported_media_type: () =>
    'That file type is not accepted. Use PNG, JPEG or WebP for images, WAV, MP3 or OGG for audio, MP4 or WebM for video.',
  payload_too_large: () => 'That file is too large. Images may be up to 10 MB, audio 25 MB and video 100 MB.',
  insufficient_credits: () => 'Your balance does not cover this. Buy credits or choose cheaper options, then try again.',
  invalid_state: (e) => `${detail(e, 'This cannot be done in its current state')} Wait until it is ready, or refresh.`,
  quote_mismatch: () => 'The options changed after the price was shown, so nothing was charged. Check the new price and submit again.',
  quote_expired: () => 'The price shown has expired, so nothing was charged. Check the new price and submit again.',
  quote_not_approved: () => 'This cost needs approval before it can run. Ask the account owner to approve it, then submit again.',
  active_key_limit: () => 'The account already has 10 active API keys. Revoke one in the web app before creating another.',
  rate_limited: () => 'The service is busy and asked us to slow down. The queue retries by itself shortly.',
  invalid_session: () => 'Your web session has ended. Sign in again in the web app.',
  invalid_admin_token: () => 'The sandbox refused an administrative request. Restart Cast Studio to reset the sandbox connection.',
  internal_error: () => 'Something went wrong inside Cast Studio. Try again; if it keeps happening, restart the app.',
  service_unavailable: () => 'The service is unavailable right now. Your work is kept and the queue retries when it is back.',
  invalid_input: (e) => `${e.field ? `${fieldLabel(e.field)}: ` : ''}${detail(e, 'a value is not valid')}. Correct it and try again.`,
  unknown_command: () => 'This version of Cast Studio does not know how to do that. Update the app.',
  not_available: () => 'That is not available in this version of Cast Studio yet.',
};

/** Turns `body.options.duration` into `duration`, `parameters.eyeColor` into `eye color`. */
export function fieldLabel(field: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  return last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(SENTENCES, code);
}

/** A sentence for a person: what happened and what to do next. */
export function describeError(error: AppError | null | undefined): string {
  if (!error) return '';
  if (isKnownErrorCode(error.code)) return tidy(SENTENCES[error.code](error));
  // Core's own codes (offline, spend guard, …) carry sentences written for people.
  return tidy(detail(error, 'Something went wrong. Try again; if it keeps happening, restart the app.'));
}

function tidy(sentence: string): string {
  const trimmed = sentence
    .replace(/\.\s*\./g, '.')
    .replace(/\s+/g, ' ')
    .trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Every code with a sentence, for tests and for the other screens. */
export const KNOWN_ERROR_CODES = Object.keys(SENTENCES) as KnownErrorCode[];
