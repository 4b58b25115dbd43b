import { appError, type AppError, type JobState } from '../../../shared/ipc/index.ts';
import type { ServiceError } from '../api/serviceError.ts';
import type { HistoryMatch } from './historyMatchStore.ts';
import type { Verdict } from './outcomeReconciler.ts';
import { readStoredJobError } from './storedJobError.ts';

/** The job waits for the creator: its outcome is unknown and history could not decide. */
export const OUTCOME_UNKNOWN = 'outcome_unknown' as const;
/** The creator chose to keep waiting: history is read again after every sync, nothing is resent. */
export const AWAITING_HISTORY = 'awaiting_history' as const;
/** Resends with the same key of a job in doubt that the service keeps refusing, before its outcome is called unknown. */
const REFUSED_IN_DOUBT_TRIES = 6;
/** Refusals that mean the key itself was refused: a job that never ran waits for a new key, as any unsent job does. */
const KEY_CODES = new Set(['invalid_api_key', 'expired_api_key', 'missing_api_key', 'needs_new_key']);

/** Whether the job waits for the creator's word (or for history) and is never resent on its own. */
export function isAsking(job: { state: string; error_code: string | null }): boolean {
  return job.state === 'waiting_connection' && (job.error_code === OUTCOME_UNKNOWN || job.error_code === AWAITING_HISTORY);
}

/** What is done with a job in doubt once its history has been read. */
export type InDoubtStep =
  | { kind: 'link'; match: HistoryMatch }
  /** It never ran, and the service refused it for good: nothing was charged. */
  | { kind: 'fail'; error: AppError }
  /** Sent again with its key: `clearDoubt` when history showed that nothing ran (the only way past the window). */
  | { kind: 'resend'; error: AppError; clearDoubt: boolean; at?: number }
  /** History is read again at `at`; nothing is sent meanwhile. */
  | { kind: 'look_again'; error: AppError; at: number }
  /** Waits for the creator (or for history, after every sync); never sent on its own. */
  | { kind: 'hold'; error: AppError };

export type InDoubtFacts = {
  verdict: Verdict;
  job: { state: JobState; error_code: string | null; error_message: string | null; quoted_credits: number | null };
  /** The refusal of a resend that brought the job here, if any. */
  refusal: ServiceError | null;
  /** Whether the resend rule still allows a resend with the key (within the window). */
  mayResend: boolean;
  /** Refusals in a row of this job in doubt. */
  refusals: number;
};

/**
 * The one place that says what comes of a job in doubt (issue "never a second charge, never a
 * charged job called failed"): whatever refused its resend, history decides first. A match links
 * it; no trace in a settled history lets it go again with its key (or, refused for good, fail
 * uncharged); otherwise it is resent only while the resend rule allows, else the creator decides.
 */
export function nextStep(facts: InDoubtFacts): InDoubtStep {
  const { verdict, job, refusal } = facts;
  if (verdict.kind === 'ran') return { kind: 'link', match: verdict.match };
  if (verdict.kind === 'not_run') return neverRan(refusal);
  if (job.error_code === AWAITING_HISTORY) return { kind: 'hold', error: appError(AWAITING_HISTORY, {}) };
  if (verdict.why === 'too_soon' && verdict.retryAt !== null)
    // Listed too soon after the job came into doubt to say it never ran: look again a little later.
    return { kind: 'look_again', error: appError('checking_history', {}), at: verdict.retryAt };
  const resendable = facts.mayResend && verdict.why !== 'several' && facts.refusals <= REFUSED_IN_DOUBT_TRIES;
  if (resendable && refusal)
    return {
      kind: 'resend',
      error: appError('refused_in_doubt', {}, { serviceMessage: refusal.serviceMessage }),
      clearDoubt: false,
    };
  if (resendable) return { kind: 'resend', error: readStoredJobError(job) ?? appError('network_error', {}), clearDoubt: false };
  const why = verdict.why === 'too_soon' ? 'undecided' : verdict.why;
  // What the creator is asked, and what sending again may cost.
  return {
    kind: 'hold',
    error: appError(OUTCOME_UNKNOWN, { why, refusedStatus: refusal ? refusal.status : null, credits: job.quoted_credits }),
  };
}

/** History listed after the job settled shows no trace of it: nothing ran and nothing was charged. */
function neverRan(refusal: ServiceError | null): InDoubtStep {
  if (refusal && !KEY_CODES.has(refusal.code))
    return { kind: 'fail', error: appError('refused_not_charged', {}, { serviceMessage: refusal.serviceMessage }) };
  return { kind: 'resend', error: appError('not_run_resending', {}), clearDoubt: true };
}
