import { X509Certificate } from 'node:crypto';
import { AccountResponse, ApiKeyText, type Account } from '../../../shared/api/index.ts';
import { boundedServiceMessage, type CheckProblem, type ConnectionCheck, type ConnectionStatus } from '../../../shared/ipc/index.ts';
import { HttpClient } from '../api/httpClient.ts';
import { ServiceError, connectionFailureOf, type ConnectionFailure } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Logger } from '../log/logger.ts';
import type { ServiceDispatcher } from '../api/dispatcher.ts';

export type CheckDeps = { clock: Clock; random: () => number; log: Logger };

/**
 * Asks a service who the key belongs to (GET /v1/account, one attempt, no retries) and says what it
 * found or exactly what stood in the way. It stores nothing: the caller decides what to keep.
 */
export async function checkService(
  target: { baseUrl: string; apiKey: string | null; dispatcher: ServiceDispatcher },
  deps: CheckDeps,
): Promise<ConnectionCheck> {
  const host = hostOf(target.baseUrl);
  if (!target.apiKey) return failed('key_missing', 'key_missing', host);
  const apiKey = target.apiKey;
  const http = new HttpClient({
    baseUrl: target.baseUrl,
    dispatcher: target.dispatcher,
    apiKey: () => apiKey,
    clock: deps.clock,
    random: deps.random,
    log: deps.log,
  });
  let account: Account;
  try {
    const answer = await http.send({ method: 'GET', path: '/v1/account', retry: false });
    const parsed = AccountResponse.safeParse(answer.json);
    if (!parsed.success) return failed('service_error', 'not_the_service', host);
    account = parsed.data.data;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return failedWith(error, host);
  }
  return accountCheck(account, host);
}

/** What an account read says: who it is, and whether its plan lets it generate (spec 2.7, 5.5). */
export function accountCheck(account: Account, host: string): ConnectionCheck {
  const plan = account.subscription?.plan ?? 'free';
  const found = { host, detail: null, serviceMessage: null, accountName: account.name, plan, balance: account.credits.balance };
  if (!planIsActive(account.subscription)) return { ok: false, status: 'plan_required', problem: 'plan_inactive', ...found };
  return { ok: true, status: 'online', problem: null, ...found };
}

const ENDED = new Set(['canceled', 'cancelled', 'expired', 'inactive', 'unpaid']);

/** spec 2.7: a free user's subscription is null; the status values are not shown, so only ended ones count as no plan. */
export function planIsActive(subscription: { status: string } | null): boolean {
  return subscription !== null && !ENDED.has(subscription.status.toLowerCase());
}

/** A failed check: what failed, at which host, and the transport code or status that says more. */
export function failedWith(error: ServiceError, host: string): ConnectionCheck {
  const kind: ConnectionFailure | null = connectionFailureOf(error);
  const detail = error.isTransport && error.serviceMessage ? error.serviceMessage : error.status ? String(error.status) : null;
  switch (kind) {
    case 'untrusted_certificate':
    case 'offline':
    case 'unreachable':
    case 'key_expired':
    case 'plan_required':
    case 'service_error':
      return failed(kind, kind, host, detail);
    case 'key_missing':
    case 'key_refused':
      return failed('key_refused', 'key_refused', host, detail);
    default:
      return { ...failed('service_error', 'refused', host, detail), serviceMessage: boundedServiceMessage(error.serviceMessage ?? '') };
  }
}

function failed(status: ConnectionStatus, problem: CheckProblem, host: string, detail: string | null = null): ConnectionCheck {
  return { ok: false, status, problem, host, detail, serviceMessage: null, accountName: null, plan: null, balance: null };
}

/** The host of a service's address, as the page names it. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 300);
  }
}

export function checkKey(apiKey: string): void {
  if (!ApiKeyText.safeParse(apiKey.trim()).success) {
    throw new AppFailure('invalid_input', { problem: 'api_key_format' }, { field: 'apiKey' });
  }
}

export function checkPem(pem: string): string {
  try {
    new X509Certificate(pem);
    return pem.trim();
  } catch {
    throw new AppFailure('invalid_input', { problem: 'certificate' }, { field: 'caPem' });
  }
}

export function checkHttps(fields: Record<string, string>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (new URL(value).protocol !== 'https:') throw new AppFailure('invalid_input', { problem: 'not_https' }, { field });
  }
}
