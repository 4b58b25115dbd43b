import { z } from 'zod';

const NONE = z.strictObject({});
const count = z.number().int().min(0);
/** Whether core goes on by itself (`retrying`) or the job waits for the creator's word (`held`). */
const then = z.enum(['retrying', 'held']);

/**
 * Why a job waits or failed, in core's own words-to-be: each joins the page's `AppErrorCode` with
 * the parameters its sentence needs. A job's error is one of these, or any other AppError (a
 * service's refusal, the client's own), so `Job.error` is an AppError and the page words it.
 */
export const JOB_ERROR_PARAMS = {
  /** The step this job waits for failed: retry that step, or cancel this one. */
  dependency_failed: NONE,
  /** The step this job waited for was cancelled. */
  dependency_cancelled: NONE,
  /** The step this job waited for finished without the output this one needs. */
  dependency_missing: NONE,
  /** The service could not finish the job (its words, if any, ride as `serviceMessage`). */
  generation_failed: NONE,
  /** The item was deleted on the service before it finished. */
  deleted_before_done: NONE,
  /** The creator marked a job in doubt as done. */
  marked_done: NONE,
  /** The creator sent a job in doubt again as a new request; the new job follows it. */
  sent_again: NONE,
  /** The creator chose to keep waiting: history is read after every sync, nothing is resent. */
  awaiting_history: NONE,
  /** Whether the job ran is not confirmed yet: history is being read, nothing is resent meanwhile. */
  checking_history: NONE,
  /** History shows the job never ran: it goes again with the same request key. */
  not_run_resending: NONE,
  /** A resend was refused, but an earlier attempt may have run: asked again with the same key. */
  refused_in_doubt: NONE,
  /** History shows the job never ran, and the service refused it for good: nothing was charged. */
  refused_not_charged: NONE,
  /**
   * Nobody can tell whether the job ran: the creator decides. `why` history could not settle it;
   * `refusedStatus` the HTTP status of a refused resend; `credits` what sending again may cost.
   */
  outcome_unknown: z.strictObject({
    why: z.enum(['several', 'history_unavailable', 'cannot_show', 'undecided']),
    refusedStatus: count.nullable(),
    credits: count.nullable(),
  }),
  /** The service's answer could not be saved (a full or damaged library). */
  answer_not_saved: z.strictObject({ then }),
  /** Recording the job failed for another reason (a defect). */
  job_not_recorded: z.strictObject({ then }),
  /** Sending failed in an unexpected way; it goes again. */
  send_failed: NONE,
  /** The service accepted the job but its answer could not be read; it is asked again. */
  answer_unreadable: NONE,
  /** The API key changed while the job's outcome was unknown: not sent under the new key (it could charge twice). */
  key_changed_in_doubt: NONE,
  /** The service says the request key was used for another request (a defect): it may have run. */
  key_reused: NONE,
  /** The price rose while the job waited; a retry accepts the new one. */
  price_changed: z.strictObject({ from: count, to: count }),
  /** The price needs the account owner's approval, so the job was not sent. */
  needs_approval: z.strictObject({ credits: count }),
  /** Jobs made offline cost more than the balance covers, so they are held. */
  held_for_credits: z.strictObject({ count, need: count, balance: count, pending: count }),
  /** A scene line's render was cancelled (its job, or the step before it). */
  render_cancelled: NONE,
  /** A scene line's render failed without a reason of its own (a render an older version recorded). */
  render_failed: NONE,
  /** An older library's record of a job's error that this version does not know. */
  job_error: z.strictObject({ state: z.enum(['waiting', 'failed', 'other']) }),
} as const;

export type JobErrorCode = keyof typeof JOB_ERROR_PARAMS;
/** Core's own codes of a job's error (a part of `AppErrorCode`). */
export const JobErrorCode = z.enum(Object.keys(JOB_ERROR_PARAMS) as [JobErrorCode, ...JobErrorCode[]]);
