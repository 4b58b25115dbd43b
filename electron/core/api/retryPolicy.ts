/**
 * When and how long to wait before sending the exact same request again (docs/ARCHITECTURE.md,
 * "The life of a paid operation", step 3): exponential backoff with full jitter and a cap, honouring Retry-After.
 */
export type RetryPolicy = {
  /** The first backoff window. */
  baseMs: number;
  /** No backoff window grows past this. */
  capMs: number;
  /** Attempts in one call, the first included; the job queue resumes later with the same key. */
  maxAttempts: number;
  /**
   * The longest Retry-After waited inside one call. A Retry-After is never cut short: a longer one
   * ends the call with the service's answer, and the caller waits that long outside it (a paid job
   * goes back to the queue until then instead of holding a request slot).
   */
  inlineRetryAfterMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 250, capMs: 8_000, maxAttempts: 6, inlineRetryAfterMs: 30_000 };

export type Outcome = { kind: 'network' } | { kind: 'timeout' } | { kind: 'status'; status: number; code: string | null };

/** Which answers call for the same request again. 409 key reuse never does: it is a defect. */
export function isRetryable(outcome: Outcome): boolean {
  if (outcome.kind !== 'status') return true;
  const { status, code } = outcome;
  if (status === 202 || status === 429) return true;
  // spec 4 general rules: webhook_url is refused with 503 for good; retrying cannot change that.
  if (status === 503 && code === 'webhook_delivery_unavailable') return false;
  if (status >= 500) return true;
  // The first request with this key is still running on the service: ask again, same key.
  if (status === 409 && code === 'idempotency_request_in_progress') return true;
  return false;
}

/** Full jitter: a uniform wait in [0, min(cap, base·2^retry)). `retry` counts from 0. */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number): number {
  const window = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(retry, 30));
  return Math.floor(random() * window);
}

/** The wait before the next attempt: the server's Retry-After when it gave one (whatever its length), else the backoff. */
export function retryDelayMs(policy: RetryPolicy, retry: number, random: () => number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null) {
    // Honour the server's wait in full, plus a little jitter so many clients do not return at once.
    return retryAfterMs + Math.floor(random() * Math.min(policy.baseMs, 1_000));
  }
  return backoffMs(policy, retry, random);
}

/** Whether a Retry-After is too long to wait inside one call (see `inlineRetryAfterMs`). */
export function waitsOutsideCall(policy: RetryPolicy, retryAfterMs: number | null): boolean {
  return retryAfterMs !== null && retryAfterMs > policy.inlineRetryAfterMs;
}

// RFC 9110 5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must accept.
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_850 = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/** RFC 9110 10.2.3 Retry-After: delay-seconds or an HTTP-date, as milliseconds from `nowMs`; null when absent or malformed. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  // asctime carries no zone; HTTP dates are always GMT (Date.parse would read it as local time).
  const text = IMF_FIXDATE.test(trimmed) || RFC_850.test(trimmed) ? trimmed : ASCTIME.test(trimmed) ? `${trimmed} GMT` : null;
  if (text === null) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
