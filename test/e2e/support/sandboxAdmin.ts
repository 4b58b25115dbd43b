import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import type { SandboxReady } from '../../../shared/api/index.ts';

export type Plan = 'free' | 'creator' | 'studio';

/**
 * A sandbox's admin API (docs/service-decisions.md, "Sandbox administration") and its key page, for
 * what happens outside the app: an account made and keyed the way the web app does it, credits
 * granted, a quote decided, failing answers switched on.
 */
export class SandboxAdmin {
  readonly ready: SandboxReady;
  /** The sandbox's CA (the ready line's ca_cert is a PEM or the path of one). */
  readonly caPem: string;
  // Only these requests trust the sandbox's CA.
  private readonly dispatcher: Agent;

  constructor(ready: SandboxReady) {
    this.ready = ready;
    this.caPem = ready.ca_cert.startsWith('-----BEGIN') ? ready.ca_cert : readFileSync(ready.ca_cert, 'utf8');
    this.dispatcher = new Agent({ connect: { ca: [this.caPem] } });
  }

  /** An account on `plan` with `credits`, and an API key made the way the web app makes one. */
  async account(plan: Plan, credits = 500, keyExpiresAt?: string): Promise<{ id: string; name: string; apiKey: string }> {
    const name = `Creator ${randomUUID().slice(0, 6)}`;
    const email = `${name.replace(' ', '.').toLowerCase()}@example.com`;
    const made = await this.call<{ id: string; session_token: string }>('POST', '/sandbox/users', this.ready.admin_token, {
      email,
      name,
      plan,
      credits,
    });
    const key = await this.call<{ key: string }>('POST', '/api/keys', made.session_token, {
      name: 'Cast Studio e2e',
      ...(keyExpiresAt ? { expires_at: keyExpiresAt } : {}),
    });
    return { id: made.id, name, apiKey: key.key };
  }

  /** Credits bought in the web app: the new balance. */
  async grantCredits(userId: string, amount: number): Promise<number> {
    return (
      await this.call<{ balance: number }>('POST', `/sandbox/users/${userId}/credits`, this.ready.admin_token, {
        amount,
        description: 'Bought in the web app',
      })
    ).balance;
  }

  /** The account owner's decision on a quote above the approval threshold. */
  async decide(quoteId: string, decision: 'approve' | 'reject' | 'revoke'): Promise<void> {
    await this.call('POST', `/sandbox/quotes/${quoteId}/decision`, this.ready.admin_token, { decision });
  }

  /** Fault injection: failure rates per kind, latency, 5xx answers (`{}` turns them off). */
  async setFaults(faults: Record<string, unknown>): Promise<void> {
    await this.call('PUT', '/sandbox/faults', this.ready.admin_token, faults);
  }

  /** What the service answers this key on GET /v1/account now (its error code, or 'ok'). */
  async answerFor(apiKey: string): Promise<string> {
    const response = await fetch(`${this.ready.base_url}/v1/account`, {
      headers: { authorization: `Bearer ${apiKey}` },
      dispatcher: this.dispatcher,
    });
    if (response.ok) return 'ok';
    return ((await response.json()) as { error: { code: string } }).error.code;
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async call<T>(method: 'POST' | 'PUT', path: string, bearer: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.ready.base_url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(body),
      dispatcher: this.dispatcher,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`The sandbox refused ${method} ${path}: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  }
}
