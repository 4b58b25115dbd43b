import type { ServiceError } from '../api/serviceError.ts';
import type { HistoryMatch } from './historyMatchStore.ts';
import type { Verdict } from './outcomeReconciler.ts';

/** The job waits for the creator: its outcome is unknown and history could not decide. */
export const OUTCOME_UNKNOWN = 'outcome_unknown';
/** The creator chose to keep waiting: history is read again after every sync, nothing is resent. */
export const AWAITING_HISTORY = 'awaiting_history';
export const AWAITING_HISTORY_SENTENCE =
  'Cast Studio keeps looking for this job in the service’s history after every sync and links it when it shows up. Nothing is sent again.';
const CHECKING_HISTORY_SENTENCE =
  'Cast Studio could not confirm yet whether the service ran this job, so it is looking for it in the service’s history. Nothing is sent again meanwhile.';
const NEVER_RAN_SENTENCE =
  'The service’s history shows no trace of this job, so it never ran: Cast Studio sends it again with the same request key.';
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
  | { kind: 'fail'; code: string; message: string }
  /** Sent again with its key: `clearDoubt` when history showed that nothing ran (the only way past the window). */
  | { kind: 'resend'; code: string; message: string; clearDoubt: boolean; at?: number }
  /** History is read again at `at`; nothing is sent meanwhile. */
  | { kind: 'look_again'; code: string; message: string; at: number }
  /** Waits for the creator (or for history, after every sync); never sent on its own. */
  | { kind: 'hold'; code: string; message: string };

export type InDoubtFacts = {
  verdict: Verdict;
  job: { error_code: string | null; error_message: string | null; quoted_credits: number | null };
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
  if (job.error_code === AWAITING_HISTORY) return { kind: 'hold', code: AWAITING_HISTORY, message: AWAITING_HISTORY_SENTENCE };
  if (verdict.why === 'too_soon' && verdict.retryAt !== null)
    // Listed too soon after the job came into doubt to say it never ran: look again a little later.
    return { kind: 'look_again', code: 'checking_history', message: CHECKING_HISTORY_SENTENCE, at: verdict.retryAt };
  const resendable = facts.mayResend && verdict.why !== 'several' && facts.refusals <= REFUSED_IN_DOUBT_TRIES;
  if (resendable && refusal) {
    const said = refusal.serviceMessage ? ` (“${refusal.serviceMessage}”)` : '';
    return {
      kind: 'resend',
      code: 'refused_in_doubt',
      message: `The service refused this job when it was sent again${said}, but an earlier attempt may already have run. Cast Studio asks again with the same request key, which never charges twice.`,
      clearDoubt: false,
    };
  }
  if (resendable)
    return {
      kind: 'resend',
      code: job.error_code ?? 'unreachable',
      message: job.error_message ?? 'Cast Studio will ask the service again with the same request key.',
      clearDoubt: false,
    };
  return { kind: 'hold', code: OUTCOME_UNKNOWN, message: askSentence(job.quoted_credits, verdict.why, refusal) };
}

/** History listed after the job settled shows no trace of it: nothing ran and nothing was charged. */
function neverRan(refusal: ServiceError | null): InDoubtStep {
  if (refusal && !KEY_CODES.has(refusal.code))
    return {
      kind: 'fail',
      code: refusal.code,
      message: `${refusal.message} The service’s history shows this job never ran, so nothing was charged for it.`,
    };
  return { kind: 'resend', code: 'not_run_resending', message: NEVER_RAN_SENTENCE, clearDoubt: true };
}

/** What the creator is asked, and what the choice may cost. */
function askSentence(
  quotedCredits: number | null,
  why: Extract<Verdict, { kind: 'undecided' }>['why'],
  refusal: ServiceError | null,
): string {
  const because =
    why === 'several'
      ? 'The service’s history shows more than one item that could be this job'
      : why === 'history_unavailable'
        ? 'The service’s history could not be read to check'
        : why === 'cannot_show'
          ? 'The service’s history cannot show whether this kind of job ran'
          : 'Its history did not settle it';
  const refused = refusal ? ` The service refused it when asked again (${refusal.status}).` : '';
  const cost = quotedCredits === null ? '' : ` Sending it again may charge ${quotedCredits} credits a second time.`;
  return `Cast Studio cannot tell whether the service ran this job.${refused} ${because}. Keep waiting, mark it as done if the item is in your gallery, or send it again at your own risk.${cost}`;
}
