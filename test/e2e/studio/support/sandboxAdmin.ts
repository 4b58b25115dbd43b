import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Agent, fetch } from 'undici';
import type { SandboxReady } from '../../../../shared/api/index.ts';

/**
 * The embedded sandbox's admin API (docs/service-decisions.md, "Sandbox administration"), for what
 * an account owner does outside the app: make an account, grant credits, decide on a quote.
 */
export class SandboxAdmin {
  private readonly ready: SandboxReady;
  // The ready line's ca_cert is a PEM or the path of one; only these requests trust it.
  private readonly dispatcher: Agent;

  constructor(ready: SandboxReady) {
    this.ready = ready;
    this.dispatcher = new Agent({ connect: { ca: [ready.ca_cert.startsWith('-----BEGIN') ? ready.ca_cert : readFileSync(ready.ca_cert, 'utf8')] } });
  }

  /** A Creator-plan account with `credits`, and an API key made the way the web app makes one. */
  async createAccount(credits: number): Promise<{ id: string; apiKey: string }> {
    const made = await this.call<{ id: string; session_token: string }>('POST', '/sandbox/users', this.ready.admin_token, {
      email: `guards-${randomUUID().slice(0, 8)}@example.com`,
      name: 'Price Guard Creator',
      plan: 'creator',
      credits,
    });
    const key = await this.call<{ key: string }>('POST', '/api/keys', made.session_token, { name: 'Cast Studio e2e' });
    return { id: made.id, apiKey: key.key };
  }

  async grantCredits(userId: string, amount: number): Promise<number> {
    return (await this.call<{ balance: number }>('POST', `/sandbox/users/${userId}/credits`, this.ready.admin_token, { amount, description: 'Bought in the web app' })).balance;
  }

  async decide(quoteId: string, decision: 'approve' | 'reject' | 'revoke'): Promise<void> {
    await this.call('POST', `/sandbox/quotes/${quoteId}/decision`, this.ready.admin_token, { decision });
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async call<T>(method: 'POST', path: string, bearer: string, body: unknown): Promise<T> {
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
