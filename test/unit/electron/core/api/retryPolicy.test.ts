import { describe, expect, it } from 'vitest';
import { backoffMs, isRetryable, parseRetryAfter, retryDelayMs, waitsOutsideCall } from '../../../../../electron/core/api/retryPolicy.ts';

const policy = { baseMs: 100, capMs: 1_000, maxAttempts: 6, inlineRetryAfterMs: 30_000 };

describe('retry policy', () => {
  it('backs off exponentially with full jitter under a cap', () => {
    expect(backoffMs(policy, 0, () => 0.999)).toBe(99);
    expect(backoffMs(policy, 3, () => 0.999)).toBe(799);
    expect(backoffMs(policy, 10, () => 0.999)).toBe(999);
    expect(backoffMs(policy, 10, () => 0)).toBe(0);
  });

  it('honours Retry-After in seconds and as an HTTP date, however long, never cut short', () => {
    expect(parseRetryAfter('3', 0)).toBe(3_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(retryDelayMs(policy, 0, () => 0, 2_000)).toBe(2_000);
    expect(retryDelayMs(policy, 0, () => 0, 120_000)).toBe(120_000);
    expect(retryDelayMs(policy, 0, () => 0.5, 7_200_000)).toBeGreaterThanOrEqual(7_200_000);
  });

  it('reads long waits: 90 seconds, an hour, and dates in all three forms of RFC 9110', () => {
    const now = Date.UTC(2026, 10, 24, 14, 30, 30);
    expect(parseRetryAfter('90', now)).toBe(90_000);
    expect(parseRetryAfter(' 3600 ', now)).toBe(3_600_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 14:32:00 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Tuesday, 24-Nov-26 14:32:00 GMT', now)).toBe(90_000);
    // asctime has no zone; it is GMT whatever the machine's time zone.
    expect(parseRetryAfter('Tue Nov 24 14:32:00 2026', now)).toBe(90_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 16:30:30 GMT', now)).toBe(7_200_000);
    // A date already past means "now"; anything else is not a Retry-After.
    expect(parseRetryAfter('Tue, 24 Nov 2026 14:00:00 GMT', now)).toBe(0);
    for (const bad of ['-5', '1.5', '90s', '2026-11-24T14:32:00Z', 'Tue, 24 Nov 2026 14:32:00', ''])
      expect(parseRetryAfter(bad, now), bad).toBeNull();
  });

  it('waits a long Retry-After outside the call, a short one inside', () => {
    expect(waitsOutsideCall(policy, 90_000)).toBe(true);
    expect(waitsOutsideCall(policy, 30_000)).toBe(false);
    expect(waitsOutsideCall(policy, null)).toBe(false);
  });

  it('retries network errors, timeouts, 5xx, 429, 202 and in-progress; never key reuse or other 4xx', () => {
    expect(isRetryable({ kind: 'network' })).toBe(true);
    expect(isRetryable({ kind: 'timeout' })).toBe(true);
    for (const status of [202, 429, 500, 502, 503]) expect(isRetryable({ kind: 'status', status, code: null }), String(status)).toBe(true);
    expect(isRetryable({ kind: 'status', status: 409, code: 'idempotency_request_in_progress' })).toBe(true);
    expect(isRetryable({ kind: 'status', status: 409, code: 'idempotency_key_reused' })).toBe(false);
    expect(isRetryable({ kind: 'status', status: 503, code: 'webhook_delivery_unavailable' })).toBe(false);
    for (const status of [400, 401, 402, 403, 404, 413, 415])
      expect(isRetryable({ kind: 'status', status, code: null }), String(status)).toBe(false);
  });
});
