import type { z } from 'zod';
import { ErrorBody, SandboxQuoteList, SandboxSpeedResponse, SandboxUser } from '../../../shared/api/index.ts';
import type { SandboxState } from '../../../shared/ipc/index.ts';
import { AppFailure, serviceFailure } from '../ipc/appFailure.ts';
import type { ServiceDispatcher } from '../api/dispatcher.ts';
import { readBoundedText } from '../api/boundedAnswer.ts';

/**
 * The embedded sandbox's admin API (docs/service-decisions.md, "Sandbox administration"): what the
 * web app and a team's approver do, so the sandbox is a complete place to learn the app. The admin
 * token is used here and nowhere else; the renderer never sees it.
 */
export class SandboxAdminClient {
  private readonly origin: string;
  private readonly dispatcher: ServiceDispatcher;
  private readonly adminToken: string;

  constructor(target: { baseUrl: string; dispatcher: ServiceDispatcher; adminToken: string }) {
    this.origin = new URL(target.baseUrl).origin;
    this.dispatcher = target.dispatcher;
    this.adminToken = target.adminToken;
  }

  async state(userId: string): Promise<SandboxState> {
    const [user, speed, quotes] = await Promise.all([
      this.call('GET', `/sandbox/users/${encodeURIComponent(userId)}`, null, SandboxUser),
      this.call('GET', '/sandbox/speed', null, SandboxSpeedResponse),
      this.call('GET', `/sandbox/quotes?approval_state=pending&user_id=${encodeURIComponent(userId)}`, null, SandboxQuoteList),
    ]);
    return {
      account: { id: user.data.id, name: user.data.name, plan: user.data.plan, balance: user.data.balance },
      speed: speed.data.speed,
      pendingQuotes: quotes.data.map((q) => ({
        id: q.id,
        operationId: q.operation_id,
        credits: q.credits,
        createdAt: q.created_at,
        expiresAt: q.expires_at,
      })),
    };
  }

  async decide(quoteId: string, decision: 'approve' | 'reject'): Promise<void> {
    await this.call('POST', `/sandbox/quotes/${encodeURIComponent(quoteId)}/decision`, { decision }, null);
  }

  /** The grant's description is the sandbox's own (the service's words, as a real service's would be). */
  async grantCredits(userId: string, amount: number): Promise<void> {
    await this.call('POST', `/sandbox/users/${encodeURIComponent(userId)}/credits`, { amount }, null);
  }

  async setPlan(userId: string, plan: 'free' | 'creator' | 'studio'): Promise<void> {
    await this.call('POST', `/sandbox/users/${encodeURIComponent(userId)}/plan`, { plan }, null);
  }

  async setSpeed(speed: 'fast' | 'realtime'): Promise<void> {
    await this.call('PUT', '/sandbox/speed', { speed }, null);
  }

  private async call<T extends z.ZodType | null>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    schema: T,
  ): Promise<T extends z.ZodType ? z.infer<T> : unknown> {
    let status: number;
    let json: unknown;
    try {
      const answer = await this.dispatcher.request({
        origin: this.origin,
        path,
        method,
        headers: {
          authorization: `Bearer ${this.adminToken}`,
          accept: 'application/json',
          ...(body === null ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === null ? {} : { body: JSON.stringify(body) }),
      });
      status = answer.statusCode;
      const text = await readBoundedText(answer);
      json = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      throw new AppFailure('sandbox_unavailable', {});
    }
    if (status >= 400) {
      // The sandbox is the service: its own words are quoted as its words, beside what its code means.
      const error = ErrorBody.safeParse(json);
      const code = error.success ? error.data.error.code : 'sandbox_error';
      throw serviceFailure(code, 'sandbox_error', error.success ? error.data.error.message : null, {
        log: `The sandbox answered ${status}.`,
      });
    }
    if (schema === null) return json as T extends z.ZodType ? z.infer<T> : unknown;
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AppFailure('sandbox_error', {}, { log: 'The sandbox sent an answer Cast Studio does not understand.' });
    return parsed.data as T extends z.ZodType ? z.infer<T> : unknown;
  }
}
