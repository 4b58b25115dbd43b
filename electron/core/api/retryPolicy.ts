/**
 * When and how long to wait before sending the exact same request again (DESIGN.md, "The life of
 * a paid operation", step 3): exponential backoff with full jitter and a cap, honouring Retry-After.
 */
export type RetryPolicy = {
  /** The first backoff window. */
  baseMs: number;
  /** No backoff window grows past this. */
  capMs: number;
  /** Attempts in one call, the first included; the job queue resumes later with the same key. */
  maxAttempts: number;
  /** A Retry-After longer than this is shortened to it (a misbehaving server cannot park us for hours). */
  maxRetryAfterMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 250, capMs: 8_000, maxAttempts: 6, maxRetryAfterMs: 60_000 };

export type Outcome =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'status'; status: number; code: string | null };

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

/** The wait before the next attempt: the server's Retry-After when it gave one, else the backoff. */
export function retryDelayMs(policy: RetryPolicy, retry: number, random: () => number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null) {
    // Honour the server's wait exactly, plus a little jitter so many clients do not return at once.
    return Math.min(policy.maxRetryAfterMs, retryAfterMs) + Math.floor(random() * Math.min(policy.baseMs, 1_000));
  }
  return backoffMs(policy, retry, random);
}

/** RFC 9110 Retry-After: delay-seconds or an HTTP-date. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
