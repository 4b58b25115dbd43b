import { appError, type AppError } from '../../../shared/ipc/index.ts';
import { isRetryable } from '../api/retryPolicy.ts';
import type { ServiceError } from '../api/serviceError.ts';
import { serviceAppError } from '../ipc/appFailure.ts';
import { ResendRule } from './resendRule.ts';

/** Answers that mean "the key was refused at the door": nothing ran, the job waits for a new key. */
const KEY_CODES = new Set(['invalid_api_key', 'expired_api_key', 'missing_api_key', 'needs_new_key']);

/** What a send that ended with the service's error (or none) means for its job. */
export type SendFailure = {
  /**
   * `nothing`: core is stopping, the job stays as it is; `refused`: refused for good; `history`:
   * the service's history decides whether an earlier attempt ran; `resend`: it waits to go again.
   */
  next: 'nothing' | 'refused' | 'history' | 'resend';
  /** Whether an attempt of the job, in this send or an earlier one, may have run on the service. */
  inDoubt: boolean;
  /** The key was refused at the door: the job keeps the key it may have run under (`keep`), or waits for a new one. */
  keyRefused: 'keep' | 'forget' | null;
};

/** `inDoubtBefore`: an attempt of an earlier send may have run (the job's `doubt_since` before this send). */
export function readSendFailure(error: ServiceError, inDoubtBefore: boolean): SendFailure {
  if (error.code === 'aborted') return { next: 'nothing', inDoubt: inDoubtBefore, keyRefused: null };
  // An earlier send of this job, or an earlier attempt of this one (the HTTP client's own retries),
  // may have run on the service: then no refusal proves that nothing was charged.
  const inDoubt = inDoubtBefore || error.attemptsInDoubt > 0;
  if (KEY_CODES.has(error.code)) {
    // Rejected at the door, so this attempt did not run; the job waits for a new key.
    // Unless an earlier attempt is in doubt: then it stays tied to the key it may have run under,
    // and the service's history says whether that attempt ran (a 401 may come before the replay).
    const keyRefused = inDoubt ? 'keep' : 'forget';
    if (inDoubt && error.status === 401) return { next: 'history', inDoubt, keyRefused };
    return { next: 'resend', inDoubt: inDoubt || ResendRule.mayHaveRun(error), keyRefused };
  }
  // A refusal the retry policy would not retry (4xx, 503 webhook) is final; answers in doubt are not.
  if (error.status >= 300 && !isRetryable({ kind: 'status', status: error.status, code: error.code }))
    return { next: 'refused', inDoubt, keyRefused: null };
  return { next: 'resend', inDoubt: inDoubt || ResendRule.mayHaveRun(error), keyRefused: null };
}

/**
 * The error a job refused for good (and not in doubt) fails with: the service's, except a reused
 * key, which says the job may have run (a defect, not the creator's doing).
 */
export function refusalError(error: ServiceError): AppError {
  return error.code === 'idempotency_key_reused' ? appError('key_reused', {}) : serviceAppError(error);
}
