import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../api/errors.ts';
import { DOWNLOAD_ERROR_PARAMS } from './downloadErrors.ts';
import { JOB_ERROR_PARAMS } from './jobErrors.ts';

/**
 * Every error the page can be told about is a code from this file with typed parameters; the page
 * turns each into words in the person's language (renderer/errors). Core and the shells never send
 * a sentence for a person: the only text an error carries is `serviceMessage`, the service's own
 * words, which the page quotes as the service's.
 */

const NONE = z.strictObject({});
const count = z.number().int().min(0);
// Names and paths a person or the system chose; long enough for any path, bounded all the same.
const text = z.string().max(4096);

/** The service's codes (shared/api/errors.ts): the service's reply says all there is. */
const SERVICE_PARAMS = Object.fromEntries(Object.keys(ERROR_STATUS).map((code) => [code, NONE])) as Record<
  Exclude<ErrorCode, 'not_found' | 'quote_not_approved'>,
  typeof NONE
>;

/** What could not be found: the page names it. `service_item` is whatever the service no longer has. */
export const MissingThing = z.enum([
  'service_item',
  'job',
  'character',
  'voice',
  'scene',
  'scene_line',
  'connection',
  'file',
  'session',
  'library_item',
  'library_file',
  'collection',
]);
export type MissingThing = z.infer<typeof MissingThing>;

/** Why a value was refused before it left this computer (a zod issue, or one of core's own checks). */
export const InputProblem = z.enum([
  'too_long',
  'too_short',
  'too_large',
  'too_small',
  'wrong_type',
  'not_allowed',
  'bad_format',
  'not_valid',
  'api_key_format',
  'certificate',
  'not_https',
  'not_an_object',
  'too_deep',
  'unreadable',
  'dropped_file_only',
  'too_many_values',
]);
export type InputProblem = z.infer<typeof InputProblem>;

/** Why a scene line cannot be rendered yet. */
export const LineProblem = z.enum([
  'no_clip',
  'clip_gone',
  'no_speaker',
  'character_gone',
  'no_character_voice',
  'no_narrator_voice',
  'voice_gone',
  'no_text',
]);
export type LineProblem = z.infer<typeof LineProblem>;

/** Why the service or the sandbox cannot be used offline: the thing that was being done. */
export const OfflineAction = z.enum([
  'send',
  'price',
  'price_again',
  'scene_price',
  'delete_track',
  'delete_character',
  'delete_item',
  'upload',
  'sandbox',
]);

export const APP_ERROR_PARAMS = {
  ...SERVICE_PARAMS,
  not_found: z.strictObject({ what: MissingThing }),
  quote_not_approved: z.strictObject({ state: z.enum(['pending', 'rejected', 'revoked']) }),
  // What the API client says when no service answer explains the failure.
  network_error: NONE,
  timeout: NONE,
  invalid_response: NONE,
  /** A list the service said goes on without naming where its next page is: reading stopped there. */
  next_page_missing: NONE,
  /** A list whose next page is the one just read: reading stopped instead of going round in circles. */
  next_page_repeated: NONE,
  /** A list whose next page is on another address, where the API key is not sent. */
  next_page_elsewhere: NONE,
  needs_new_key: NONE,
  untrusted_certificate: NONE,
  aborted: NONE,
  offline: z.strictObject({ doing: OfflineAction }),
  // The router's and the transports' own.
  invalid_input: z.strictObject({ problem: InputProblem, limit: count.optional() }),
  unknown_command: NONE,
  not_available: z.strictObject({ what: z.enum(['command', 'move_library', 'file_path_upload']) }),
  connection_lost: z.strictObject({ when: z.enum(['core', 'page', 'upload']) }),
  connection_closed: NONE,
  ipc_version_mismatch: NONE,
  session_refused: NONE,
  session_ended: NONE,
  forbidden_sender: NONE,
  busy: z.strictObject({ what: z.enum(['requests', 'uploads']), most: count }),
  starting: NONE,
  invalid_request: NONE,
  core_stopped: NONE,
  core_restarted: NONE,
  // Core's own: the library, the queue, prices.
  disk_full: z.discriminatedUnion('when', [
    z.strictObject({ when: z.enum(['save', 'record_job', 'paid_work', 'download']) }),
    z.strictObject({ when: z.literal('library_export'), exported: count, folder: text }),
    z.strictObject({ when: z.literal('scene_export'), folder: text }),
  ]),
  keychain_unavailable: z.strictObject({ when: z.enum(['read', 'save', 'delete', 'browser_host', 'refused_weak']) }),
  no_connection: NONE,
  /** Core's spend guard: what is asked plus what queued jobs set aside is more than the balance. */
  balance_short: z.strictObject({
    need: count,
    balance: count,
    pending: count,
    doing: z.enum(['request', 'retry', 'send_again', 'scene']),
  }),
  cannot_remove: z.strictObject({ why: z.enum(['sandbox', 'in_use']) }),
  quote_not_found: z.strictObject({ then: z.enum(['retry', 'change_option']) }),
  quote_used: NONE,
  priced_later: NONE,
  cannot_retry: NONE,
  already_retried: NONE,
  cannot_cancel: z.strictObject({ why: z.enum(['sending', 'state']) }),
  not_in_doubt: NONE,
  library_rebuilding: NONE,
  library_damaged: NONE,
  library_not_damaged: NONE,
  collection_fixed: NONE,
  character_not_ready: NONE,
  nothing_to_revert: NONE,
  voice_failed: z.strictObject({ voice: text }),
  model_b_settings: z.strictObject({ settings: z.array(text).min(1).max(10), voice: text, model: text.nullable() }),
  too_many_results: z.strictObject({ most: count, type: z.enum(['image', 'video', 'talk', 'speech', 'other']) }),
  prices_missing: z.strictObject({ count }),
  uploads_not_offered: NONE,
  file_unreadable: z.strictObject({ name: text.nullable() }),
  file_not_downloaded: z.strictObject({ name: text }),
  file_not_usable: z.strictObject({ name: text }),
  file_too_large: z.strictObject({ size: count.nullable(), limit: count }),
  invalid_upload: z.discriminatedUnion('why', [
    z.strictObject({ why: z.enum(['not_a_path', 'gone', 'unreadable', 'not_a_file', 'type']) }),
    z.strictObject({ why: z.literal('too_large'), size: count, limit: count }),
  ]),
  upload_interrupted: NONE,
  // Why a file could not be brought into the library (shared/ipc/downloadErrors.ts).
  ...DOWNLOAD_ERROR_PARAMS,
  // Why a job waits or failed (shared/ipc/jobErrors.ts).
  ...JOB_ERROR_PARAMS,
  // Exports and scenes.
  export_running: NONE,
  export_failed: z.strictObject({ folder: text, step: z.enum(['create', 'write', 'make_folder_in']) }),
  invalid_destination: NONE,
  export_inside_data_folder: z.strictObject({ folder: text }),
  export_too_large: NONE,
  export_incomplete: NONE,
  export_damaged: z.strictObject({ durationMs: count.nullable(), expectedMs: count }),
  export_cancelled: NONE,
  join_failed: z.strictObject({ step: z.enum(['start', 'join', 'save']) }),
  clip_damaged: z.strictObject({ line: count, how: z.enum(['unloadable', 'damaged', 'not_media', 'cut_short', 'codec']) }),
  scene_not_exportable: z.strictObject({
    line: count.nullable(),
    state: z.enum(['empty', 'changed', 'rendering', 'failed', 'not_downloaded']),
  }),
  clip_missing: z.strictObject({ line: count }),
  scene_changed: NONE,
  line_not_ready: z.strictObject({ problem: LineProblem, line: count.optional() }),
  // Joining a space (Settings → Sync).
  /** The sync server's address is not https:// (or http:// to this computer), or not an address. */
  space_server_invalid: NONE,
  /** The sync server could not be reached, or did not answer in time. */
  space_server_unreachable: NONE,
  /** The address answered, but not as a sync server answers a join. */
  space_server_answer: NONE,
  /** The join code is wrong, used or expired. */
  space_join_refused: NONE,
  /** This connection is already in a space: leave it first. */
  space_already_joined: NONE,
  // The shell and the sandbox.
  no_window: NONE,
  open_failed: NONE,
  link_refused: NONE,
  media_missing: NONE,
  no_sandbox: NONE,
  not_sandbox: NONE,
  sandbox_unavailable: NONE,
  sandbox_error: NONE,
  shell_failed: NONE,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_PARAMS;
export const AppErrorCode = z.enum(Object.keys(APP_ERROR_PARAMS) as [AppErrorCode, ...AppErrorCode[]]);
export type AppErrorParams = { [C in AppErrorCode]: z.infer<(typeof APP_ERROR_PARAMS)[C]> };

/** The longest stretch of a service's own words the page is given; more is cut. */
export const SERVICE_MESSAGE_MAX = 300;

type ErrorOf<C extends AppErrorCode> = {
  code: C;
  params: AppErrorParams[C];
  /** The input field the error is about, as the request named it (`body.options.duration`). */
  field?: string;
  /** The service's own words about this error (one line, at most SERVICE_MESSAGE_MAX characters): quoted, never ours. */
  serviceMessage?: string;
};
export type AppError = { [C in AppErrorCode]: ErrorOf<C> }[AppErrorCode];

const variants = Object.entries(APP_ERROR_PARAMS).map(([code, params]) =>
  z.strictObject({
    code: z.literal(code),
    params,
    field: z.string().max(200).optional(),
    serviceMessage: z.string().max(SERVICE_MESSAGE_MAX).optional(),
  }),
);

/** An error as it crosses a process boundary: a known code whose parameters are the ones its words need. */
export const AppError = z.discriminatedUnion(
  'code',
  variants as unknown as [(typeof variants)[number], ...(typeof variants)[number][]],
) as unknown as z.ZodType<AppError>;

/** Builds an error with the parameters its code needs; the compiler checks them. */
export function appError<C extends AppErrorCode>(
  code: C,
  params: AppErrorParams[C],
  extra: { field?: string | undefined; serviceMessage?: string | null | undefined } = {},
): AppError {
  const error: ErrorOf<C> = { code, params };
  if (extra.field !== undefined) error.field = extra.field;
  const said = extra.serviceMessage ? boundedServiceMessage(extra.serviceMessage) : null;
  if (said) error.serviceMessage = said;
  return error as AppError;
}

/**
 * A service's words as the page may quote them: one line, cut at SERVICE_MESSAGE_MAX. Anything that
 * reads as a JSON body or a stack trace is not words for a person, so it is dropped.
 */
export function boundedServiceMessage(message: string): string | null {
  const line = message.replace(/\s+/g, ' ').trim();
  if (!line || /^[[{]/.test(line) || /\bat \S+ \(\S+:\d+:\d+\)/.test(line)) return null;
  return line.length <= SERVICE_MESSAGE_MAX ? line : `${line.slice(0, SERVICE_MESSAGE_MAX - 1).trimEnd()}…`;
}

export function isAppErrorCode(code: string): code is AppErrorCode {
  return Object.hasOwn(APP_ERROR_PARAMS, code);
}
