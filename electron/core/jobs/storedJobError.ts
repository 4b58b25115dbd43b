import { z } from 'zod';
import { APP_ERROR_PARAMS, AppError, appError, isAppErrorCode, type AppErrorCode, type JobState } from '../../../shared/ipc/index.ts';
import { bareParams } from '../ipc/appFailure.ts';
import { storedJson } from '../library/storedJson.ts';

/**
 * A job's error as its row keeps it: the code in `error_code`, and in `error_message` its
 * parameters, field and the service's own words as JSON. Rows written before codes replaced
 * sentences hold an English sentence there instead; `readStoredJobError` reads both.
 */
export type StoredJobError = { error_code: string | null; error_message: string | null };

const Detail = z.object({
  params: z.unknown(),
  field: z.string().optional(),
  serviceMessage: z.string().optional(),
});

export function storedJobError(error: AppError | null): StoredJobError {
  if (error === null) return { error_code: null, error_message: null };
  const { code, ...detail } = error;
  return { error_code: code, error_message: JSON.stringify(detail) };
}

/**
 * The error a job's row holds, as the page words it. A row from an older version (a sentence, or
 * a code this version does not know) still reads: a known code takes the parameters it stands for
 * alone, and the service's words where the old sentence was theirs; anything else is `job_error`.
 */
export function readStoredJobError(row: StoredJobError & { state: JobState; quoted_credits: number | null }): AppError | null {
  const code = row.error_code === 'unreachable' ? 'network_error' : row.error_code;
  if (code === null) return null;
  const detail = storedJson(row.error_message, Detail);
  if (detail) {
    const error = AppError.safeParse({ code, ...detail });
    if (error.success) return error.data;
  }
  if (isAppErrorCode(code)) {
    const params = APP_ERROR_PARAMS[code].safeParse(paramsOfOlderRow(code, row.quoted_credits));
    const speaks = code === 'validation_error' || code === 'invalid_state';
    if (params.success) return appError(code, params.data as never, { serviceMessage: speaks && !detail ? row.error_message : null });
  }
  return appError('job_error', { state: row.state === 'failed' ? 'failed' : row.state === 'waiting_connection' ? 'waiting' : 'other' });
}

/** The parameters a code stands for in a row that names only the code: an older version's job codes, else a service's. */
function paramsOfOlderRow(code: AppErrorCode, quotedCredits: number | null): unknown {
  if (code === 'answer_not_saved' || code === 'job_not_recorded') return { then: 'retrying' };
  if (code === 'outcome_unknown') return { why: 'undecided', refusedStatus: null, credits: quotedCredits };
  return bareParams(code);
}
