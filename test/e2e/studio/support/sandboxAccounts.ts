import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Agent, fetch } from 'undici';
import type { SandboxReady } from '../../../../shared/api/index.ts';

/**
 * Accounts and keys on the embedded sandbox made the way the web app makes them (admin API and
 * /api/keys), to point second connections at: a free account, a key that expires, failing answers.
 */
export class SandboxAccounts {
  readonly ready: SandboxReady;
  readonly caPem: string;
  private readonly dispatcher: Agent;

  constructor(ready: SandboxReady) {
    this.ready = ready;
    this.caPem = ready.ca_cert.startsWith('-----BEGIN') ? ready.ca_cert : readFileSync(ready.ca_cert, 'utf8');
    this.dispatcher = new Agent({ connect: { ca: [this.caPem] } });
  }

  async account(plan: 'free' | 'creator' | 'studio', credits = 500, keyExpiresAt?: string): Promise<{ id: string; name: string; apiKey: string }> {
    const name = `Creator ${randomUUID().slice(0, 6)}`;
    const made = await this.call<{ id: string; session_token: string }>('POST', '/sandbox/users', this.ready.admin_token, { email: `${name.replace(' ', '.').toLowerCase()}@example.com`, name, plan, credits });
    const key = await this.call<{ key: string }>('POST', '/api/keys', made.session_token, { name: 'Cast Studio e2e', ...(keyExpiresAt ? { expires_at: keyExpiresAt } : {}) });
    return { id: made.id, name, apiKey: key.key };
  }

  /** What the service answers this key on GET /v1/account now (its error code, or 'ok'). */
  async answerFor(apiKey: string): Promise<string> {
    const response = await fetch(`${this.ready.base_url}/v1/account`, { headers: { authorization: `Bearer ${apiKey}` }, dispatcher: this.dispatcher });
    if (response.ok) return 'ok';
    return ((await response.json()) as { error: { code: string } }).error.code;
  }

  async setFaults(faults: Record<string, unknown>): Promise<void> {
    await this.call('PUT', '/sandbox/faults', this.ready.admin_token, faults);
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async call<T>(method: 'POST' | 'PUT', path: string, bearer: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.ready.base_url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(body), dispatcher: this.dispatcher });
    const text = await response.text();
    if (!response.ok) throw new Error(`The sandbox refused ${method} ${path}: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  }
}
