import { SandboxFaults, type ErrorCode, type SandboxFaults as Faults } from '../../shared/api/index.ts';
import { getMeta, setMeta, type Db } from './db/database.ts';
import { SandboxError } from './sandboxError.ts';

export type FaultKind = 'character' | 'image' | 'video' | 'talk' | 'voice' | 'audio';

/**
 * Fault injection (sandboxAdmin.ts), kept in the database so a restart keeps it. Everything is off
 * by default, rate limiting included (decision: spec 8 leaves rate limits unshown).
 */
export class FaultState {
  private config: Faults;
  private readonly windows = new Map<string, number[]>();
  private readonly db: Db;
  private readonly random: () => number;

  constructor(db: Db, random: () => number = Math.random) {
    this.db = db;
    this.random = random;
    const stored = getMeta(db, 'faults');
    this.config = stored ? SandboxFaults.parse(JSON.parse(stored)) : {};
  }

  get(): Faults {
    return this.config;
  }

  set(config: Faults): void {
    this.config = config;
    setMeta(this.db, 'faults', JSON.stringify(config));
    this.windows.clear();
  }

  private perKind(table: Partial<Record<string, number>> | undefined, kind: FaultKind): number {
    return table?.[kind] ?? table?.all ?? 0;
  }

  /** Extra time before a creating request of this kind answers. */
  latencyMs(kind: FaultKind): number {
    return this.perKind(this.config.latency_ms, kind);
  }

  /** Whether a job of this kind fails (then it is refunded). */
  shouldFail(kind: FaultKind): boolean {
    const rate = this.perKind(this.config.failure_rate, kind);
    return rate > 0 && this.random() < rate;
  }

  /** Whether a committed creating request answers 202 instead of its result. */
  ambiguous(): boolean {
    const rate = this.config.ambiguous_202_rate ?? 0;
    return rate > 0 && this.random() < rate;
  }

  /**
   * A repeat of a paid request whose key already ran, refused before the stored answer is replayed,
   * or before it runs again when a short retention forgot the key (chaos: "the answer is lost, then
   * the retry is refused"). Nothing runs or is charged again.
   */
  /** Whether repeats are being refused at all (so the caller need not look the key's history up). */
  refusesReplays(): boolean {
    return (this.config.refuse_replay_rate ?? 0) > 0;
  }

  refuseReplay(): void {
    const rate = this.config.refuse_replay_rate ?? 0;
    if (rate <= 0 || this.random() >= rate) return;
    const statuses = this.config.refuse_replay_with ?? [401, 402, 403];
    const status = statuses[Math.floor(this.random() * statuses.length)] ?? 402;
    const refusal: { code: ErrorCode; message: string; status?: number } = REPLAY_REFUSALS[status];
    throw new SandboxError(refusal.code, `${refusal.message} (injected, before the replay)`, undefined, { status: refusal.status });
  }

  /**
   * Refusals before a /v1 request executes: the per-key rate limit and injected 429s and 5xxs.
   * Nothing is done for a refused request, so a retry is always safe.
   */
  gate(keyId: string, nowMs: number): void {
    const retryAfter = this.config.retry_after_seconds ?? 1;
    const limit = this.config.rate_limit_per_minute ?? 0;
    if (limit > 0) {
      const window = (this.windows.get(keyId) ?? []).filter((t) => t > nowMs - 60_000);
      if (window.length >= limit) {
        const wait = Math.max(1, Math.ceil(((window[0] ?? nowMs) + 60_000 - nowMs) / 1000));
        this.windows.set(keyId, window);
        throw new SandboxError('rate_limited', `Too many requests for this key; wait ${wait} s, then retry.`, undefined, {
          retryAfterSeconds: wait,
        });
      }
      window.push(nowMs);
      this.windows.set(keyId, window);
    }
    const r429 = this.config.rate_429 ?? 0;
    if (r429 > 0 && this.random() < r429) {
      throw new SandboxError('rate_limited', `Too many requests (injected); wait ${retryAfter} s, then retry.`, undefined, {
        retryAfterSeconds: retryAfter,
      });
    }
    const r5xx = this.config.rate_5xx ?? 0;
    if (r5xx > 0 && this.random() < r5xx) {
      throw new SandboxError('service_unavailable', 'The service is briefly unavailable (injected); retry the same request.', undefined, {
        retryAfterSeconds: retryAfter,
      });
    }
  }
}

const REPLAY_REFUSALS = {
  401: { code: 'invalid_api_key', message: 'The API key was not accepted.' },
  402: { code: 'insufficient_credits', message: 'Not enough credits for this operation.' },
  403: { code: 'insufficient_scope', message: 'This API key lacks the scope for this operation.' },
  409: { code: 'quote_mismatch', message: 'The request no longer matches its quote.' },
  // A service that answers a refused request with 422 rather than 400, as many do.
  422: { code: 'validation_error', message: 'The request could not be processed.', status: 422 },
} as const;
