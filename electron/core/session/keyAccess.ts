import { createHash } from 'node:crypto';
import type { HttpObserver } from '../api/httpClient.ts';
import { connectionFailureOf } from '../api/serviceError.ts';
import type { ProfileRecord } from '../profiles/profileStore.ts';
import { planIsActive } from './connectionCheck.ts';
import type { Connectivity } from './connectivity.ts';

export type KeyAccessDeps = {
  profile: ProfileRecord;
  apiKey: string | null;
  /** The service refused the key: the profile needs a new one. */
  keyRejected: (code: string) => void;
  /** A request was answered with the key: it works (and was just used). */
  keyUsed: () => void;
  /** The plan the answers tell of changed. */
  statusChanged?: (() => void) | undefined;
  /** The key may be used again: held work goes. */
  unblocked: () => void;
};

const ACCOUNT_PATH = /\/v1\/account(\?|$)/;

/**
 * The session's API key and what the service's answers say of it and of the plan: whether it may
 * be used, whether the account has a plan, and how long an idempotency key is kept.
 */
export class KeyAccess {
  private readonly deps: KeyAccessDeps;
  private apiKey: string | null;
  private blocked: boolean;
  /** spec 5.5: the last answer that needs the plan said 403 plan_required; cleared by one that went through. */
  private planMissing = false;
  /** The connection's key retention (Settings → Connections). */
  private retentionSeconds: number;

  constructor(deps: KeyAccessDeps) {
    this.deps = deps;
    this.apiKey = deps.apiKey;
    this.blocked = deps.profile.keyState === 'needs_new_key' || deps.profile.keyState === 'expired';
    this.retentionSeconds = deps.profile.keyRetentionSeconds;
  }

  get key(): string | null {
    return this.apiKey;
  }

  get usable(): boolean {
    return this.apiKey !== null && !this.blocked;
  }

  get planRequired(): boolean {
    return this.planMissing;
  }

  get retentionMs(): number {
    return this.retentionSeconds * 1_000;
  }

  setRetention(seconds: number): void {
    this.retentionSeconds = seconds;
  }

  /** Idempotency keys are scoped per API key; this names the key without revealing it. */
  fingerprint(): string | null {
    return this.apiKey ? keyFingerprint(this.apiKey) : null;
  }

  /** A new key (already in the keychain): in-doubt jobs are checked against it by fingerprint. */
  replace(key: string | null): void {
    this.apiKey = key;
    this.blocked = false;
    this.deps.unblocked();
  }

  /** What an account read says of the plan (spec 2.7: subscription is null for free users). */
  notePlan(subscription: { status: string } | null): void {
    this.setPlanMissing(!planIsActive(subscription));
  }

  /** What the HTTP client tells of every answer, for the key, the plan and the connection. */
  observer(connectivity: Connectivity, attempt?: HttpObserver['attempt']): HttpObserver {
    return {
      answered: (status, path) => this.answered(connectivity, status, path),
      unreachable: (failure) => {
        const kind = connectionFailureOf(failure);
        connectivity.unreachable(kind === 'offline' || kind === 'untrusted_certificate' ? kind : 'unreachable');
      },
      refused: (failure) => {
        if (failure.code === 'plan_required') this.setPlanMissing(true);
      },
      keyRejected: (code) => {
        this.blocked = true;
        this.deps.keyRejected(code);
      },
      ...(attempt ? { attempt } : {}),
    };
  }

  private answered(connectivity: Connectivity, status: number, path: string | undefined): void {
    connectivity.answered(status);
    if (status !== 401) this.deps.keyUsed();
    // spec 5.6: authentication comes first, so any other answer of the API means the key was
    // taken. A 401 seen on another request (a key refused for a moment) then no longer holds
    // the queue, and the connection, which keyUsed just marked as fine, says the same.
    if (status !== 401 && this.blocked && path?.includes('/v1/')) {
      this.blocked = false;
      this.deps.unblocked();
    }
    // GET /v1/account answers without a plan (sandbox decision); anything else that went through had one.
    if (status < 300 && path !== undefined && !ACCOUNT_PATH.test(path)) this.setPlanMissing(false);
  }

  private setPlanMissing(missing: boolean): void {
    if (missing === this.planMissing) return;
    this.planMissing = missing;
    this.deps.statusChanged?.();
  }
}

/** Idempotency keys are scoped per API key; this names the key without revealing it. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(`cast-studio/key-fingerprint/${key}`).digest('hex').slice(0, 16);
}
