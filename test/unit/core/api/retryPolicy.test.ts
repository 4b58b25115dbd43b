import { describe, expect, it } from 'vitest';
import { backoffMs, isRetryable, parseRetryAfter, retryDelayMs } from '../../../../electron/core/api/retryPolicy.ts';

const policy = { baseMs: 100, capMs: 1_000, maxAttempts: 6, maxRetryAfterMs: 30_000 };

describe('retry policy', () => {
  it('backs off exponentially with full jitter under a cap', () => {
    expect(backoffMs(policy, 0, () => 0.999)).toBe(99);
    expect(backoffMs(policy, 3, () => 0.999)).toBe(799);
    expect(backoffMs(policy, 10, () => 0.999)).toBe(999);
    expect(backoffMs(policy, 10, () => 0)).toBe(0);
  });

  it('honours Retry-After (seconds and HTTP date), bounded by the maximum', () => {
    expect(parseRetryAfter('3', 0)).toBe(3_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(retryDelayMs(policy, 0, () => 0, 2_000)).toBe(2_000);
    expect(retryDelayMs(policy, 0, () => 0, 120_000)).toBe(30_000);
  });

  it('retries network errors, timeouts, 5xx, 429, 202 and in-progress; never key reuse or other 4xx', () => {
    expect(isRetryable({ kind: 'network' })).toBe(true);
    expect(isRetryable({ kind: 'timeout' })).toBe(true);
    for (const status of [202, 429, 500, 502, 503]) expect(isRetryable({ kind: 'status', status, code: null }), String(status)).toBe(true);
    expect(isRetryable({ kind: 'status', status: 409, code: 'idempotency_request_in_progress' })).toBe(true);
    expect(isRetryable({ kind: 'status', status: 409, code: 'idempotency_key_reused' })).toBe(false);
    expect(isRetryable({ kind: 'status', status: 503, code: 'webhook_delivery_unavailable' })).toBe(false);
    for (const status of [400, 401, 402, 403, 404, 413, 415]) expect(isRetryable({ kind: 'status', status, code: null }), String(status)).toBe(false);
  });
});
