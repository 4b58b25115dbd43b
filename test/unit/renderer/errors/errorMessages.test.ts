import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_STATUS } from '../../../../shared/api/index.ts';
import {
  APP_ERROR_PARAMS,
  AppError,
  JOB_ERROR_PARAMS,
  JobTitleWhat,
  type AppErrorCode,
  type AppErrorParams,
  type JobErrorCode,
} from '../../../../shared/ipc/index.ts';
import { describeError, ERROR_MESSAGES, KNOWN_ERROR_CODES } from '../../../../renderer/errors/errorMessages.ts';
import { JOB_TITLE_MESSAGES, jobTitleText } from '../../../../renderer/ui/JobTitleLabel.tsx';
import { formatsFor } from '../../../../renderer/i18n/format.ts';
import { checkText } from '../../../../renderer/stores/connectionStatus.ts';
import { LOCALES, PSEUDO_LOCALE } from '../../../../renderer/i18n/locales.ts';

const DIR = fileURLToPath(new URL('../../../../renderer/i18n/messages/', import.meta.url));
const catalog = (locale: string) => JSON.parse(readFileSync(`${DIR}${locale}.json`, 'utf8')) as Record<string, string>;

/** Why a job waits or failed (shared/ipc/jobErrors.ts): one set of parameters per code, checked like the rest. */
const JOB_SAMPLES: { [C in JobErrorCode]: AppErrorParams[C] } = {
  dependency_failed: {},
  dependency_cancelled: {},
  dependency_missing: {},
  generation_failed: {},
  deleted_before_done: {},
  marked_done: {},
  sent_again: {},
  awaiting_history: {},
  checking_history: {},
  not_run_resending: {},
  refused_in_doubt: {},
  refused_not_charged: {},
  outcome_unknown: { why: 'several', refusedStatus: 409, credits: 12 },
  answer_not_saved: { then: 'held' },
  job_not_recorded: { then: 'retrying' },
  send_failed: {},
  answer_unreadable: {},
  key_changed_in_doubt: {},
  key_reused: {},
  price_changed: { from: 6, to: 9 },
  needs_approval: { credits: 40 },
  held_for_credits: { count: 3, need: 18, balance: 10, pending: 4 },
  render_cancelled: {},
  render_failed: {},
  job_error: { state: 'failed' },
};

/** One set of parameters per code; the type makes a new code without one fail to compile. */
const SAMPLES: { [C in AppErrorCode]: AppErrorParams[C] } = {
  ...JOB_SAMPLES,
  ...(Object.fromEntries(Object.keys(ERROR_STATUS).map((code) => [code, {}])) as Record<keyof typeof ERROR_STATUS, never>),
  not_found: { what: 'job' },
  quote_not_approved: { state: 'pending' },
  network_error: {},
  timeout: {},
  invalid_response: {},
  next_page_missing: {},
  next_page_repeated: {},
  next_page_elsewhere: {},
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
  download_gone: {},
  download_failed: { why: 'status', status: 503 },
  download_redirect_refused: { why: 'too_many', most: 5 },
  download_too_large: { why: 'announced', kind: 'image', size: 100 * 1024 * 1024, limit: 64 * 1024 * 1024 },
  download_source_refused: { why: 'not_cdn', host: 'evil.example.com', cdnHost: 'cdn.example.com' },
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
  { code: 'disk_full', params: { when: 'download' } },
  { code: 'download_redirect_refused', params: { why: 'too_many', most: 1 } },
  { code: 'download_source_refused', params: { why: 'scheme', scheme: 'ftp' } },
  { code: 'download_source_refused', params: { why: 'credentials' } },
  { code: 'download_source_refused', params: { why: 'plain_http', host: 'cdn.example.com:8080' } },
  { code: 'download_source_refused', params: { why: 'private_address', host: 'cdn.example.com', address: '10.0.0.5' } },
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
  { code: 'outcome_unknown', params: { why: 'undecided', refusedStatus: null, credits: null } },
  { code: 'outcome_unknown', params: { why: 'cannot_show', refusedStatus: null, credits: 1 } },
  { code: 'price_changed', params: { from: 1, to: 2 } },
  { code: 'needs_approval', params: { credits: 1 } },
  { code: 'held_for_credits', params: { count: 1, need: 1, balance: 0, pending: 0 } },
  { code: 'held_for_credits', params: { count: 2, need: 11, balance: 3, pending: 1 } },
  { code: 'generation_failed', params: {}, serviceMessage: 'The model could not render that prompt.' },
  { code: 'refused_in_doubt', params: {}, serviceMessage: 'Quote expired.' },
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
    expect(describeError({ code: 'offline', params: { doing: 'sandbox' } }, en)).toBe(
      'Cast Studio cannot reach the sandbox now. Try again once it is back.',
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
      'The service refused a value (duration). Correct it and try again. The service said: “\u2068The model makes clips of 1 to 10 seconds.\u2069”',
    );
    expect(describeError({ code: 'validation_error', params: {}, serviceMessage: 'Trop long.' }, formatsFor('fr'))).toContain(
      '«\u202f\u2068Trop long.\u2069\u202f»',
    );
  });

  it('isolates the service’s words, so an English sentence keeps its order inside an Arabic one', () => {
    const said = 'Duration must be 1 to 10 seconds.';
    const error: AppError = { code: 'validation_error', params: {}, serviceMessage: said };
    for (const locale of LOCALES) {
      const words = describeError(error, formatsFor(locale));
      // First-strong isolate … pop directional isolate, around the service's words and nothing else.
      expect(words, locale).toContain(`\u2068${said}\u2069`);
      expect(words.split('\u2068'), locale).toHaveLength(2);
    }
    const arabic = describeError(error, formatsFor('ar'));
    expect(arabic).toContain(`«\u2068${said}\u2069»`);
    // The check of a service quotes it the same way.
    const check = checkText(
      {
        ok: false,
        status: 'service_error',
        problem: 'refused',
        host: 'api.example',
        detail: null,
        serviceMessage: said,
        accountName: null,
        plan: null,
        balance: null,
      },
      formatsFor('ar'),
    );
    expect(check).toContain(`\u2068${said}\u2069`);
  });

  it('follows the language asked for', () => {
    const error: AppError = { code: 'not_found', params: { what: 'scene' } };
    expect(describeError(error, formatsFor('de'))).not.toBe(describeError(error, formatsFor('en')));
    expect(describeError(error, formatsFor('ja'))).toMatch(/シーン/);
  });

  it('has every job error of core among the codes, each worded in every language with its parameters', () => {
    for (const code of Object.keys(JOB_ERROR_PARAMS)) expect(KNOWN_ERROR_CODES, code).toContain(code);
    const en = formatsFor('en');
    expect(describeError({ code: 'dependency_failed', params: {} }, en)).toBe(
      'Waits for the step before it, which failed. Retry that step to run this one, or cancel it.',
    );
    expect(describeError({ code: 'price_changed', params: { from: 6, to: 9 } }, en)).toBe(
      'The price went up from 6 credits to 9 credits while this job waited. Retry it to accept the new price.',
    );
    expect(describeError({ code: 'outcome_unknown', params: { why: 'several', refusedStatus: 409, credits: 12 } }, en)).toBe(
      'Cast Studio cannot tell whether the service ran this job. The service refused it when asked again (409). The service’s history shows more than one item that could be this job. Keep waiting, mark it as done if the item is in your gallery, or send it again at your own risk. Sending it again may charge 12 credits a second time.',
    );
    expect(describeError({ code: 'held_for_credits', params: { count: 1, need: 6, balance: 4, pending: 0 } }, en)).toBe(
      'This job made while offline cost 6 credits, but your balance is 4, so Cast Studio held it instead of sending. Buy credits or cancel some jobs, then resume the queue.',
    );
    expect(describeError({ code: 'generation_failed', params: {}, serviceMessage: 'No faces found.' }, formatsFor('ja'))).toContain(
      'No faces found.',
    );
    expect(describeError({ code: 'answer_not_saved', params: { then: 'held' } }, formatsFor('ar'))).not.toBe(
      describeError({ code: 'answer_not_saved', params: { then: 'held' } }, en),
    );
  });

  it('words why a file did not download, with its hosts, sizes and counts, in every language', () => {
    const en = formatsFor('en');
    const MB = 1024 * 1024;
    expect(
      describeError({ code: 'download_too_large', params: { why: 'announced', kind: 'image', size: 100 * MB, limit: 64 * MB } }, en),
    ).toBe(
      `The service’s CDN announced ${en.bytes(100 * MB)} for this file, more than Cast Studio takes for an image (${en.bytes(64 * MB)}), so it was not downloaded.`,
    );
    expect(
      describeError({ code: 'download_too_large', params: { why: 'past_limit', kind: 'thumbnail', size: 17 * MB, limit: 16 * MB } }, en),
    ).toBe(
      `The service’s CDN sent more than ${en.bytes(16 * MB)} for this file (${en.bytes(17 * MB)} by then), more than Cast Studio takes for a thumbnail, so the download was stopped and the file not kept.`,
    );
    expect(
      describeError(
        { code: 'download_source_refused', params: { why: 'not_cdn', host: 'evil.example.com', cdnHost: 'cdn.example.com' } },
        en,
      ),
    ).toBe(
      'The service named \u2068evil.example.com\u2069 for this file, not its CDN (\u2068cdn.example.com\u2069), so Cast Studio did not fetch it.',
    );
    expect(describeError({ code: 'download_redirect_refused', params: { why: 'too_many', most: 5 } }, en)).toBe(
      'The file’s server redirected it more than 5 times, so Cast Studio stopped following it. Use “Check the library” in Settings to try again.',
    );
    expect(describeError({ code: 'download_failed', params: { why: 'status', status: 503 } }, en)).toBe(
      'The file’s server answered with an error (HTTP 503), so the file was not downloaded. Use “Check the library” in Settings to try again.',
    );
    expect(describeError({ code: 'download_gone', params: {} }, en)).toBe('The file is no longer available on the service.');
    expect(describeError({ code: 'disk_full', params: { when: 'download' } }, en)).toMatch(
      /^Your disk is full, so this file could not be saved\./,
    );
    expect(describeError({ code: 'next_page_missing', params: {} }, en)).toMatch(
      /^The service said this list goes on but did not say where its next page is/,
    );
    const de = formatsFor('de');
    expect(
      describeError({ code: 'download_too_large', params: { why: 'announced', kind: 'video', size: 2048 * MB, limit: 1024 * MB } }, de),
    ).toContain(de.bytes(2048 * MB));
    const ar = formatsFor('ar');
    const privateAddress = describeError(
      { code: 'download_source_refused', params: { why: 'private_address', host: 'cdn.example', address: '127.0.0.1' } },
      ar,
    );
    expect(privateAddress).toContain('\u2068cdn.example\u2069');
    expect(privateAddress).toContain('\u2068127.0.0.1\u2069');
    expect(privateAddress).toMatch(/\p{Script=Arabic}/u);
  });

  it('words every kind of job title in every language, the person’s text isolated inside', () => {
    expect(Object.keys(JOB_TITLE_MESSAGES).sort()).toEqual([...JobTitleWhat.options].sort());
    for (const locale of LOCALES) {
      const messages = catalog(locale);
      for (const what of JobTitleWhat.options)
        expect(messages[JOB_TITLE_MESSAGES[what]], `${locale}: ${what}`).toMatch(/<bdi>\{subject\}<\/bdi>/);
    }
    for (const locale of [...LOCALES, PSEUDO_LOCALE] as const) {
      for (const what of JobTitleWhat.options) {
        const words = jobTitleText({ what, subject: 'Mara' }, formatsFor(locale));
        expect(words, `${locale}: ${what}`).toContain('\u2068Mara\u2069');
        expect(words, `${locale}: ${what}`).not.toMatch(/[{}<>]/);
      }
    }
    expect(jobTitleText({ what: 'talk', subject: 'Hello there' }, formatsFor('en'))).toBe('Talk clip: \u2068Hello there\u2069');
    expect(jobTitleText({ what: 'image', subject: 'a quiet harbour' }, formatsFor('ja'))).toBe('画像：\u2068a quiet harbour\u2069');
  });
});
