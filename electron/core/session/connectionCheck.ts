import { X509Certificate } from 'node:crypto';
import { AccountResponse, ApiKeyText, type Account } from '../../../shared/api/index.ts';
import type { ConnectionCheck, ConnectionStatus } from '../../../shared/ipc/index.ts';
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
  const where = hostOf(target.baseUrl);
  if (!target.apiKey)
    return failed(
      'key_missing',
      `The service address is set, but there is no API key to check with. Paste the key from the web app of ${where}.`,
    );
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
    if (!parsed.success)
      return failed(
        'service_error',
        `Something answered at ${where}, but not as the service does. Check the service address (its API base URL).`,
      );
    account = parsed.data.data;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return failedWith(error, where);
  }
  return accountCheck(account);
}

/** What an account read says: who it is, and whether its plan lets it generate (spec 2.7, 5.5). */
export function accountCheck(account: Account): ConnectionCheck {
  const plan = account.subscription?.plan ?? 'free';
  const found = { accountName: account.name, plan, balance: account.credits.balance };
  if (!planIsActive(account.subscription)) {
    return {
      ok: false,
      status: 'plan_required',
      message: `The key works (account ${account.name}), but the account has no active Creator or Studio plan, so the service will refuse to generate. Upgrade the plan in the web app.`,
      ...found,
    };
  }
  return { ok: true, status: 'online', message: `Connected as ${account.name}.`, ...found };
}

const ENDED = new Set(['canceled', 'cancelled', 'expired', 'inactive', 'unpaid']);

/** spec 2.7: a free user's subscription is null; the status values are not shown, so only ended ones count as no plan. */
export function planIsActive(subscription: { status: string } | null): boolean {
  return subscription !== null && !ENDED.has(subscription.status.toLowerCase());
}

/** The sentence for a failed check: what failed, at which address, and what to do about it. */
export function failedWith(error: ServiceError, where: string): ConnectionCheck {
  const kind: ConnectionFailure | null = connectionFailureOf(error);
  const detail = error.isTransport && error.serviceMessage ? ` (${error.serviceMessage})` : error.status ? ` (${error.status})` : '';
  switch (kind) {
    case 'untrusted_certificate':
      return failed(
        kind,
        `The service at ${where} presented a certificate Cast Studio does not trust${detail}. If the service uses its own certificate authority, add that CA certificate.`,
      );
    case 'offline':
      return failed(kind, `This computer has no network connection${detail}. Connect to a network, then check again.`);
    case 'unreachable':
      return failed(kind, `Nothing answered at ${where}${detail}. Check the address, and that the service is running.`);
    case 'key_missing':
    case 'key_refused':
      return failed(
        'key_refused',
        `The service at ${where} did not accept this API key: it is unknown or was revoked. Copy a current key from the web app.`,
      );
    case 'key_expired':
      return failed(kind, `This API key has expired. Create a new key in the web app of ${where} and paste it here.`);
    case 'plan_required':
      return failed(kind, error.message);
    case 'service_error':
      return failed(kind, `The service at ${where} answered with an error${detail}. Try again later.`);
    default:
      return failed(
        'service_error',
        `The service at ${where} refused the request${detail}: ${error.message} Check the service address (its API base URL).`,
      );
  }
}

function failed(status: ConnectionStatus, message: string): ConnectionCheck {
  return { ok: false, status, message, accountName: null, plan: null, balance: null };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
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
