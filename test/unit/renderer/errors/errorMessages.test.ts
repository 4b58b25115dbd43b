import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_STATUS } from '../../../../shared/api/index.ts';
import { APP_ERROR_PARAMS, AppError, type AppErrorCode, type AppErrorParams } from '../../../../shared/ipc/index.ts';
import { describeError, ERROR_MESSAGES, jobErrorText, KNOWN_ERROR_CODES } from '../../../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../../../renderer/i18n/format.ts';
import { LOCALES, PSEUDO_LOCALE } from '../../../../renderer/i18n/locales.ts';

const DIR = fileURLToPath(new URL('../../../../renderer/i18n/messages/', import.meta.url));
const catalog = (locale: string) => JSON.parse(readFileSync(`${DIR}${locale}.json`, 'utf8')) as Record<string, string>;

/** One set of parameters per code; the type makes a new code without one fail to compile. */
const SAMPLES: { [C in AppErrorCode]: AppErrorParams[C] } = {
  ...(Object.fromEntries(Object.keys(ERROR_STATUS).map((code) => [code, {}])) as Record<keyof typeof ERROR_STATUS, never>),
  not_found: { what: 'job' },
  quote_not_approved: { state: 'pending' },
  network_error: {},
  timeout: {},
  invalid_response: {},
  needs_new_key: {},
  untrusted_certificate: {},
  aborted: {},
  offline: { doing: 'send' },
  invalid_input: { problem: 'too_long', limit: 200 },
  unknown_command: {},
  not_available: { what: 'command' },
  connection_lost: { when: 'core' },
  connection_closed: {},
  ipc_version_mismatch: {},
  session_refused: {},
  session_ended: {},
  forbidden_sender: {},
  busy: { what: 'requests', most: 8 },
  starting: {},
  invalid_request: {},
  core_stopped: {},
  core_restarted: {},
  disk_full: { when: 'save' },
  keychain_unavailable: { when: 'read' },
  no_connection: {},
  balance_short: { need: 6, balance: 10, pending: 6, doing: 'request' },
  cannot_remove: { why: 'sandbox' },
  quote_not_found: { then: 'retry' },
  quote_used: {},
  priced_later: {},
  cannot_retry: {},
  already_retried: {},
  cannot_cancel: { why: 'sending' },
  not_in_doubt: {},
  library_rebuilding: {},
  library_damaged: {},
  library_not_damaged: {},
  collection_fixed: {},
  character_not_ready: {},
  nothing_to_revert: {},
  voice_failed: { voice: 'Nova' },
  model_b_settings: { settings: ['speaker', 'emotion'], voice: 'Nova', model: 'voice-model-a' },
  too_many_results: { most: 4, type: 'image' },
  prices_missing: { count: 3 },
  uploads_not_offered: {},
  file_unreadable: { name: 'take 3.wav' },
  file_not_downloaded: { name: 'Portrait' },
  file_not_usable: { name: 'Portrait' },
  file_too_large: { size: 12_000_000, limit: 10_485_760 },
  invalid_upload: { why: 'gone' },
  upload_interrupted: {},
  export_running: {},
  export_failed: { folder: '/home/ada/Exports', step: 'write' },
  invalid_destination: {},
  export_inside_data_folder: { folder: '/home/ada/.config/Cast Studio' },
  export_too_large: {},
  export_incomplete: {},
  export_damaged: { durationMs: 9000, expectedMs: 12_000 },
  export_cancelled: {},
  join_failed: { step: 'join' },
  clip_damaged: { line: 2, how: 'damaged' },
  scene_not_exportable: { line: 3, state: 'failed' },
  clip_missing: { line: 2 },
  scene_changed: {},
  line_not_ready: { problem: 'no_text' },
  no_window: {},
  open_failed: {},
  link_refused: {},
  media_missing: {},
  no_sandbox: {},
  not_sandbox: {},
  sandbox_unavailable: {},
  sandbox_error: {},
  shell_failed: {},
  space_server_invalid: {},
  space_server_unreachable: {},
  space_server_answer: {},
  space_join_refused: {},
  space_already_joined: {},
};

/** More parameters where a code's words branch: every option of each choice, and the absent values. */
const BRANCHES: AppError[] = [
  { code: 'disk_full', params: { when: 'record_job' } },
  { code: 'disk_full', params: { when: 'paid_work' } },
  { code: 'disk_full', params: { when: 'library_export', exported: 1, folder: '/tmp/out' } },
  { code: 'disk_full', params: { when: 'library_export', exported: 12, folder: '/tmp/out' } },
  { code: 'disk_full', params: { when: 'scene_export', folder: '/tmp/out' } },
  { code: 'invalid_upload', params: { why: 'too_large', size: 30_000_000, limit: 26_214_400 } },
  { code: 'file_unreadable', params: { name: null } },
  { code: 'file_too_large', params: { size: null, limit: 10_485_760 } },
  { code: 'export_damaged', params: { durationMs: null, expectedMs: 12_000 } },
  { code: 'model_b_settings', params: { settings: ['speaker'], voice: 'Nova', model: null } },
  { code: 'invalid_input', params: { problem: 'not_valid' }, field: 'body.options.duration' },
  { code: 'validation_error', params: {}, field: 'body.options.duration', serviceMessage: 'Duration must be 1 to 10 seconds.' },
  { code: 'prices_missing', params: { count: 1 } },
  { code: 'balance_short', params: { need: 1, balance: 0, pending: 0, doing: 'scene' } },
  { code: 'too_many_results', params: { most: 1, type: 'talk' } },
];

/** Every option of each one-of-a-list parameter of a code, in turn, on top of its sample. */
function variantsOf(code: AppErrorCode): AppError[] {
  const schema = APP_ERROR_PARAMS[code];
  const base = SAMPLES[code] as Record<string, unknown>;
  const out: AppError[] = [{ code, params: base } as AppError];
  if (!(schema instanceof z.ZodObject)) return out;
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const options = field instanceof z.ZodEnum ? (field.options as string[]) : [];
    for (const option of options) out.push({ code, params: { ...base, [key]: option } } as AppError);
  }
  return out;
}

const ALL = [...KNOWN_ERROR_CODES.flatMap(variantsOf), ...BRANCHES];

describe('error messages', () => {
  it('has a message for every code the service, the router and core raise', () => {
    const expected = [...Object.keys(ERROR_STATUS), 'invalid_input', 'unknown_command', 'not_available', 'internal_error'];
    for (const code of expected) expect(KNOWN_ERROR_CODES).toContain(code);
    expect(KNOWN_ERROR_CODES.sort()).toEqual(Object.keys(APP_ERROR_PARAMS).sort());
  });

  it('finds each code’s message in the catalog of every language', () => {
    for (const locale of LOCALES) {
      const messages = catalog(locale);
      for (const code of KNOWN_ERROR_CODES) expect(messages[ERROR_MESSAGES[code]], `${locale}: ${code}`).toBeTruthy();
      expect(messages['error.serviceSaid'], locale).toBeTruthy();
    }
  });

  it('words every code with its typed parameters in every language, leaving no placeholder behind', () => {
    for (const error of ALL) expect(AppError.safeParse(error).success, JSON.stringify(error)).toBe(true);
    for (const locale of [...LOCALES, PSEUDO_LOCALE] as const) {
      const formats = formatsFor(locale);
      for (const error of ALL) {
        const words = describeError(error, formats);
        const where = `${locale}: ${JSON.stringify(error)}`;
        expect(words, where).not.toMatch(/[{}]|error\./);
        expect(words.length, where).toBeGreaterThan(5);
      }
    }
  });

  it('says in English what it said before codes (the words tests and people know)', () => {
    const en = formatsFor('en');
    expect(describeError({ code: 'plan_required', params: {} }, en)).toContain('Creator or Studio plan');
    expect(describeError({ code: 'not_found', params: { what: 'job' } }, en)).toBe('That job no longer exists.');
    expect(describeError({ code: 'not_found', params: { what: 'service_item' } }, en)).toMatch(/^It no longer exists on the service/);
    expect(describeError({ code: 'offline', params: { doing: 'delete_track' } }, en)).toBe(
      'Deleting a track needs the service. Try again when you are online.',
    );
    expect(describeError({ code: 'disk_full', params: { when: 'library_export', exported: 3, folder: '/tmp/out' } }, en)).toBe(
      'The disk is full: 3 items were exported to \u2068/tmp/out\u2069. Free some space and export the rest.',
    );
    expect(describeError({ code: 'balance_short', params: { need: 6, balance: 10, pending: 6, doing: 'request' } }, en)).toBe(
      'This needs 6 credits, but your balance is 10 and 6 are already set aside for queued jobs. Buy credits or remove queued jobs, then try again.',
    );
    expect(describeError({ code: 'invalid_input', params: { problem: 'api_key_format' }, field: 'apiKey' }, en)).toBe(
      'api key: That is not an API key: a key is sk_live_ followed by 64 hexadecimal characters.',
    );
  });

  it('quotes the service’s own words as the service’s, beside ours', () => {
    const words = describeError(
      { code: 'validation_error', params: {}, field: 'body.options.duration', serviceMessage: 'The model makes clips of 1 to 10 seconds.' },
      formatsFor('en'),
    );
    expect(words).toBe(
      'The service refused a value (duration). Correct it and try again. The service said: “The model makes clips of 1 to 10 seconds.”',
    );
    expect(describeError({ code: 'validation_error', params: {}, serviceMessage: 'Trop long.' }, formatsFor('fr'))).toContain(
      '«\u202fTrop long.\u202f»',
    );
  });

  it('follows the language asked for', () => {
    const error: AppError = { code: 'not_found', params: { what: 'scene' } };
    expect(describeError(error, formatsFor('de'))).not.toBe(describeError(error, formatsFor('en')));
    expect(describeError(error, formatsFor('ja'))).toMatch(/シーン/);
  });

  it('words a job’s failure when core gives its code, and shows core’s sentence when it does not', () => {
    const refused = {
      code: 'rate_limited',
      message: 'The service asked Cast Studio to slow down.',
      problem: { code: 'rate_limited', params: {} },
    } as const;
    expect(jobErrorText(refused, formatsFor('ja'))).toBe(describeError({ code: 'rate_limited', params: {} }, formatsFor('ja')));
    expect(jobErrorText({ code: 'dependency_failed', message: 'The job it needs failed.' }, formatsFor('ja'))).toBe(
      'The job it needs failed.',
    );
    expect(jobErrorText(null)).toBe('');
  });
});
