import { useCallback } from 'react';
import type { AppError, AppErrorCode } from '../../shared/ipc/index.ts';
import type { MessageId } from '../i18n/catalogs.ts';
import { currentFormats } from '../i18n/currentLocale.ts';
import { PSEUDO_LOCALE } from '../i18n/locales.ts';
import type { Formats } from '../i18n/format.ts';
import { useFormats } from '../i18n/LanguageProvider.tsx';

/**
 * The catalog message of every error code core, the shells and the page can raise. The type makes
 * the compiler refuse a code without one, and the catalogs' test a message missing in a language.
 */
export const ERROR_MESSAGES = {
  missing_api_key: 'error.missing_api_key',
  invalid_api_key: 'error.invalid_api_key',
  expired_api_key: 'error.expired_api_key',
  plan_required: 'error.plan_required',
  webhook_delivery_unavailable: 'error.webhook_delivery_unavailable',
  invalid_filter: 'error.invalid_filter',
  invalid_cursor: 'error.invalid_cursor',
  insufficient_scope: 'error.insufficient_scope',
  forbidden: 'error.forbidden',
  not_found: 'error.not_found',
  missing_idempotency_key: 'error.missing_idempotency_key',
  idempotency_key_reused: 'error.idempotency_key_reused',
  idempotency_request_in_progress: 'error.idempotency_request_in_progress',
  validation_error: 'error.validation_error',
  invalid_json: 'error.invalid_json',
  unsupported_media_type: 'error.unsupported_media_type',
  payload_too_large: 'error.payload_too_large',
  insufficient_credits: 'error.insufficient_credits',
  invalid_state: 'error.invalid_state',
  quote_mismatch: 'error.quote_mismatch',
  quote_expired: 'error.quote_expired',
  quote_not_approved: 'error.quote_not_approved',
  active_key_limit: 'error.active_key_limit',
  rate_limited: 'error.rate_limited',
  invalid_session: 'error.invalid_session',
  invalid_admin_token: 'error.invalid_admin_token',
  internal_error: 'error.internal_error',
  service_unavailable: 'error.service_unavailable',
  network_error: 'error.network_error',
  timeout: 'error.timeout',
  invalid_response: 'error.invalid_response',
  next_page_missing: 'error.next_page_missing',
  next_page_repeated: 'error.next_page_repeated',
  next_page_elsewhere: 'error.next_page_elsewhere',
  needs_new_key: 'error.needs_new_key',
  untrusted_certificate: 'error.untrusted_certificate',
  aborted: 'error.aborted',
  offline: 'error.offline',
  invalid_input: 'error.invalid_input',
  unknown_command: 'error.unknown_command',
  not_available: 'error.not_available',
  connection_lost: 'error.connection_lost',
  connection_closed: 'error.connection_closed',
  ipc_version_mismatch: 'error.ipc_version_mismatch',
  session_refused: 'error.session_refused',
  session_ended: 'error.session_ended',
  forbidden_sender: 'error.forbidden_sender',
  busy: 'error.busy',
  starting: 'error.starting',
  invalid_request: 'error.invalid_request',
  core_stopped: 'error.core_stopped',
  core_restarted: 'error.core_restarted',
  disk_full: 'error.disk_full',
  keychain_unavailable: 'error.keychain_unavailable',
  no_connection: 'error.no_connection',
  balance_short: 'error.balance_short',
  cannot_remove: 'error.cannot_remove',
  quote_not_found: 'error.quote_not_found',
  quote_used: 'error.quote_used',
  priced_later: 'error.priced_later',
  cannot_retry: 'error.cannot_retry',
  already_retried: 'error.already_retried',
  cannot_cancel: 'error.cannot_cancel',
  not_in_doubt: 'error.not_in_doubt',
  library_rebuilding: 'error.library_rebuilding',
  library_damaged: 'error.library_damaged',
  library_not_damaged: 'error.library_not_damaged',
  collection_fixed: 'error.collection_fixed',
  character_not_ready: 'error.character_not_ready',
  nothing_to_revert: 'error.nothing_to_revert',
  voice_failed: 'error.voice_failed',
  model_b_settings: 'error.model_b_settings',
  too_many_results: 'error.too_many_results',
  prices_missing: 'error.prices_missing',
  uploads_not_offered: 'error.uploads_not_offered',
  file_unreadable: 'error.file_unreadable',
  file_not_downloaded: 'error.file_not_downloaded',
  file_not_usable: 'error.file_not_usable',
  file_too_large: 'error.file_too_large',
  invalid_upload: 'error.invalid_upload',
  upload_interrupted: 'error.upload_interrupted',
  dependency_failed: 'error.dependency_failed',
  dependency_cancelled: 'error.dependency_cancelled',
  dependency_missing: 'error.dependency_missing',
  generation_failed: 'error.generation_failed',
  deleted_before_done: 'error.deleted_before_done',
  marked_done: 'error.marked_done',
  sent_again: 'error.sent_again',
  awaiting_history: 'error.awaiting_history',
  checking_history: 'error.checking_history',
  not_run_resending: 'error.not_run_resending',
  refused_in_doubt: 'error.refused_in_doubt',
  refused_not_charged: 'error.refused_not_charged',
  outcome_unknown: 'error.outcome_unknown',
  answer_not_saved: 'error.answer_not_saved',
  job_not_recorded: 'error.job_not_recorded',
  send_failed: 'error.send_failed',
  answer_unreadable: 'error.answer_unreadable',
  key_changed_in_doubt: 'error.key_changed_in_doubt',
  key_reused: 'error.key_reused',
  price_changed: 'error.price_changed',
  needs_approval: 'error.needs_approval',
  held_for_credits: 'error.held_for_credits',
  render_cancelled: 'error.render_cancelled',
  render_failed: 'error.render_failed',
  job_error: 'error.job_error',
  export_running: 'error.export_running',
  export_failed: 'error.export_failed',
  invalid_destination: 'error.invalid_destination',
  export_inside_data_folder: 'error.export_inside_data_folder',
  export_too_large: 'error.export_too_large',
  export_incomplete: 'error.export_incomplete',
  export_damaged: 'error.export_damaged',
  export_cancelled: 'error.export_cancelled',
  join_failed: 'error.join_failed',
  clip_damaged: 'error.clip_damaged',
  scene_not_exportable: 'error.scene_not_exportable',
  clip_missing: 'error.clip_missing',
  scene_changed: 'error.scene_changed',
  line_not_ready: 'error.line_not_ready',
  no_window: 'error.no_window',
  open_failed: 'error.open_failed',
  link_refused: 'error.link_refused',
  media_missing: 'error.media_missing',
  download_gone: 'error.download_gone',
  download_failed: 'error.download_failed',
  download_redirect_refused: 'error.download_redirect_refused',
  download_too_large: 'error.download_too_large',
  download_source_refused: 'error.download_source_refused',
  no_sandbox: 'error.no_sandbox',
  not_sandbox: 'error.not_sandbox',
  sandbox_unavailable: 'error.sandbox_unavailable',
  sandbox_error: 'error.sandbox_error',
  shell_failed: 'error.shell_failed',
  space_server_invalid: 'sync.error.space_server_invalid',
  space_server_unreachable: 'sync.error.space_server_unreachable',
  space_server_answer: 'sync.error.space_server_answer',
  space_join_refused: 'sync.error.space_join_refused',
  space_already_joined: 'sync.error.space_already_joined',
} as const satisfies Record<AppErrorCode, MessageId>;

type Values = Record<string, string | number | ((chunks: string[]) => string)>;

/** Text a person or a system named (a voice, a file, a folder) keeps its own direction inside our sentence. */
const isolate = (chunks: string[]) => `\u2068${chunks.join('')}\u2069`;

/**
 * The values a code's message reads: its parameters, with sizes formatted for the locale, lists
 * joined, absent values as `none`, and `known` saying whether an optional one is there.
 */
function valuesOf(error: AppError, formats: Formats): Values {
  const values: Values = { bdi: isolate, field: error.field ? fieldLabel(error.field) : 'none' };
  for (const [key, value] of Object.entries((error.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
    else if (Array.isArray(value)) {
      values[key] = new Intl.ListFormat(formats.locale === PSEUDO_LOCALE ? 'en' : formats.locale, { type: 'unit' }).format(
        value.map(String),
      );
      values.count = value.length;
    } else if (value === null) values[key] = 'none';
  }
  if (error.code === 'file_too_large' || error.code === 'invalid_upload' || error.code === 'download_too_large') {
    const { size, limit } = error.params as { size?: number | null; limit?: number };
    values.size = typeof size === 'number' ? formats.bytes(size) : '';
    values.limit = typeof limit === 'number' ? formats.bytes(limit) : '';
  }
  values.known = knownOf(error);
  return values;
}

/** Whether the optional detail a message can name is there (a file's name, a size, a duration). */
function knownOf(error: AppError): 'yes' | 'no' {
  if (error.code === 'file_unreadable') return error.params.name === null ? 'no' : 'yes';
  if (error.code === 'file_too_large') return error.params.size === null ? 'no' : 'yes';
  if (error.code === 'export_damaged') return error.params.durationMs === null ? 'no' : 'yes';
  return 'yes';
}

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

/**
 * A sentence for a person: what happened and what to do next, in the studio's language. What the
 * service said in its own words follows, quoted as the service's. Outside components this uses the
 * locale in use now; components take `useDescribeError()`, which follows a change of language.
 */
export function describeError(error: AppError | null | undefined, formats: Formats = currentFormats()): string {
  if (!error) return '';
  const ours = formats.text(ERROR_MESSAGES[error.code], valuesOf(error, formats));
  return error.serviceMessage ? withServiceWords(ours, error.serviceMessage, formats) : ours;
}

/**
 * Our sentence, then the service's own words quoted as the service's. Those keep their own
 * direction (first-strong isolate), so an English sentence of the service reads right inside an
 * Arabic one, its full stop and quotation marks where they belong.
 */
export function withServiceWords(ours: string, said: string, formats: Formats): string {
  return formats.text('error.serviceSaid', { message: ours, said: isolate([said]) });
}

/** `describeError` for components: words in the language the studio shows. */
export function useDescribeError(): (error: AppError | null | undefined) => string {
  const formats = useFormats();
  return useCallback((error: AppError | null | undefined) => describeError(error, formats), [formats]);
}

/** Every code with a message, for tests and for the other screens. */
export const KNOWN_ERROR_CODES = Object.keys(ERROR_MESSAGES) as AppErrorCode[];
