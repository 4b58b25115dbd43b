import type { AppError, JobKind } from '../../../shared/ipc/index.ts';
import { backoffMs, type RetryPolicy } from '../api/retryPolicy.ts';

/** Waits between automatic resends of a job in doubt while the service answers (5xx, 429, 202). */
export const RESEND: RetryPolicy = { baseMs: 1_000, capMs: 60_000, maxAttempts: 1, inlineRetryAfterMs: 10_000 };

/**
 * What the sender keeps in memory about one job between its sends, dropped whole when the job
 * settles, is cancelled, or is sent again on the user's word. What must outlive a restart is kept
 * with the job instead (`doubt_since`, `retry_after_until`).
 */
export type SendState = {
  readonly kind: JobKind;
  /** Its earliest resend time once parked (infinite: only on someone's word); a Retry-After is also kept with the job. */
  resendAt: number | null;
  /** Why it stopped resending on its own and waits for the user's Send again (or a restart). */
  held: AppError | null;
  /** Library write failures in a row. */
  libraryFailures: number;
  /** Refusals in a row while it is in doubt. */
  refusals: number;
  /** When it came into doubt, as its history lookups count it. */
  doubtSince: number | null;
  /** Its next turn reads history instead of resending. */
  checkHistoryNext: boolean;
};

export function newSendState(kind: JobKind): SendState {
  return { kind, resendAt: null, held: null, libraryFailures: 0, refusals: 0, doubtSince: null, checkHistoryNext: false };
}

/** Jobs of this kind parked until a later resend time. */
export function parkedCount(states: Iterable<SendState>, kind: JobKind, now: number): number {
  let n = 0;
  for (const state of states) if (state.resendAt !== null && state.resendAt > now && state.kind === kind) n += 1;
  return n;
}

/** When a job goes again after `tries` earlier ones: the policy's backoff with jitter, never sooner than its base wait. */
export function backoffAt(now: number, policy: RetryPolicy, tries: number, random: () => number): number {
  return now + Math.max(policy.baseMs, backoffMs(policy, tries, random));
}

/** When a job goes again after the service asked for `retryAfterMs`: that wait in full, however long, never under the base wait. */
export function retryAfterAt(now: number, policy: RetryPolicy, retryAfterMs: number): number {
  return now + Math.max(retryAfterMs, policy.baseMs);
}
