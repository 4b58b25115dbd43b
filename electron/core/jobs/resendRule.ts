import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';

/**
 * How long after a paid request first went out a resend with its Idempotency-Key is safe without
 * reading the service's history first. The spec states no retention of keys (spec 4, general
 * rules), and a real service may keep them for minutes, seconds or not at all; any service that
 * deduplicates at all still recognises a key this soon after it came. Past it a resend could run
 * (and charge) again, so the service's history decides (OutcomeReconciler): a match links the
 * job, and only a history that shows no trace of it allows another send.
 */
export const RESEND_WINDOW_MS = 5_000;
/** A connection's stated key retention shortens the window to this share of it (a resend sent at its very end could arrive after it). */
const RETENTION_MARGIN = 0.9;

/** Answers that say nothing ran at the door (the key refused, the rate limit): they leave no attempt in doubt. */
const REFUSED_AT_THE_DOOR = new Set(['invalid_api_key', 'expired_api_key', 'missing_api_key', 'needs_new_key', 'rate_limited']);

export type DoubtAnchor = { doubt_since: string | null };

/**
 * When a paid request in doubt (an attempt may have run, its answer was lost) may go out again
 * with the same key: only within RESEND_WINDOW_MS of the first attempt that may have run, counted
 * on the job's persisted `doubt_since`, so a restart or an outage of any length changes nothing.
 */
export class ResendRule {
  private readonly clock: Clock;
  /** The connection's stated key retention (Settings → Connections): it can only shorten the window. */
  private readonly keyRetentionMs: (() => number) | undefined;

  constructor(deps: { clock: Clock; keyRetentionMs?: (() => number) | undefined }) {
    this.clock = deps.clock;
    this.keyRetentionMs = deps.keyRetentionMs;
  }

  windowMs(): number {
    const stated = this.keyRetentionMs?.();
    return stated === undefined ? RESEND_WINDOW_MS : Math.min(RESEND_WINDOW_MS, RETENTION_MARGIN * stated);
  }

  /** Whether the job may be sent with its key `inMs` from now: it is not in doubt, or its window still runs then. */
  mayResend(job: DoubtAnchor, inMs = 0): boolean {
    if (job.doubt_since === null) return true;
    return this.clock.now() + inMs < Date.parse(job.doubt_since) + this.windowMs();
  }

  /**
   * The HTTP client's question before each retry inside one send of `job` (whose `doubt_since`
   * the send's first attempt set): a retry after an attempt in doubt, in this send or before it,
   * goes out only within the window.
   */
  retryGate(job: DoubtAnchor, inDoubtBefore: boolean): (retry: { inMs: number; inDoubt: boolean }) => boolean {
    return ({ inMs, inDoubt }) => !(inDoubt || inDoubtBefore) || this.mayResend(job, inMs);
  }

  /**
   * Whether the send that ended with `error` may have run on the service: an attempt of it went
   * out and was not refused at the door (no answer, a 5xx, a 202, any other refusal).
   */
  static mayHaveRun(error: unknown): boolean {
    if (!(error instanceof ServiceError)) return true;
    if (error.attemptsInDoubt > 0) return true;
    if (error.attempts === 0) return false; // stopped before its first attempt left
    return !REFUSED_AT_THE_DOOR.has(error.code);
  }
}
