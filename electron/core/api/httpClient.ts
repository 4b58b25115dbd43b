import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { AmbiguousBody } from '../../../shared/api/index.ts';
import { sleep, type Clock } from '../clock/clock.ts';
import { Redactor, type Logger } from '../log/logger.ts';
import { readErrorAnswer } from './errorAnswer.ts';
import { DEFAULT_RETRY, isRetryable, parseRetryAfter, retryDelayMs, waitsOutsideCall, type Outcome, type RetryPolicy } from './retryPolicy.ts';
import { KEY_REJECTED_CODES, ServiceError, clientError, serviceErrorFrom } from './serviceError.ts';

export type QueryValue = string | number | boolean | undefined | null;

/**
 * A body sent from a file without holding it: `open` gives a fresh stream of exactly `length` bytes
 * for each attempt, so a retry sends the same bytes again.
 */
export type StreamedBody = { length: number; open: () => Readable };

export type HttpRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  /** A path under the base URL (`/v1/...`), or an absolute URL on another origin (the CDN). */
  path: string;
  query?: Record<string, QueryValue>;
  /** The exact bytes to send; the same bytes go out on every retry. */
  body?: string | Uint8Array | StreamedBody;
  contentType?: string;
  idempotencyKey?: string;
  quoteId?: string | null;
  /** Retry on network errors, timeouts, 5xx, 429 (and 202 for creating requests). */
  retry: boolean;
  /** 202 means "ambiguous, send the same request again" (spec 4.1 regenerate and revert). */
  retryOn202?: boolean;
  policy?: RetryPolicy;
  signal?: AbortSignal;
};

export type HttpResponse = {
  status: number;
  headers: Record<string, string>;
  json: unknown;
  /** Attempts made for this answer, the first included. */
  attempts: number;
};

/** What the connection layer learns from each attempt: an answer means online, no answer may mean offline. */
export interface HttpObserver {
  answered(status: number, path?: string): void;
  unreachable(error: ServiceError): void;
  keyRejected(code: string): void;
  /** Every error answer (4xx, 5xx), already turned into its ServiceError. */
  refused?(error: ServiceError): void;
  /** Every attempt, for the benchmark's request counts and for tests. */
  attempt?(request: { method: string; path: string; attempt: number }): void;
}

export type HttpClientOptions = {
  baseUrl: string;
  dispatcher: Dispatcher;
  /** The profile's key from memory (loaded from the keychain); null means "needs a key". */
  apiKey: () => string | null;
  clock: Clock;
  random: () => number;
  log: Logger;
  observer?: HttpObserver;
  userAgent?: string;
};

/** Service text that reaches an error message passes through this: no key-shaped string survives. */
const patternRedactor = new Redactor();

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|DEPTH_ZERO/;

/**
 * The transport under the typed API client: one request, retried by the policy with the exact same
 * bytes and Idempotency-Key, and an answer or a ServiceError. Only the API origin gets the key.
 */
export class HttpClient {
  private readonly options: HttpClientOptions;
  private readonly apiOrigin: string;
  private readonly basePath: string;

  constructor(options: HttpClientOptions) {
    this.options = options;
    const url = new URL(options.baseUrl);
    this.apiOrigin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const tally = { attempts: 0, inDoubt: 0 };
    try {
      return await this.attemptUntilAnswered(request, tally);
    } catch (error) {
      // The caller judges doubt from every attempt of this call, not only the last answer.
      if (error instanceof ServiceError) error.afterAttempts(tally.attempts, tally.inDoubt);
      throw error;
    }
  }

  private async attemptUntilAnswered(request: HttpRequest, tally: { attempts: number; inDoubt: number }): Promise<HttpResponse> {
    const policy = request.policy ?? DEFAULT_RETRY;
    const { clock, random, observer } = this.options;
    const target = this.target(request);
    const headers = this.headers(request, target.origin === this.apiOrigin);
    const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body instanceof Uint8Array ? Buffer.from(request.body) : request.body;
    if (body !== undefined && !(body instanceof Uint8Array)) headers['content-length'] = String(body.length);
    for (let attempt = 1; ; attempt += 1) {
      if (request.signal?.aborted) throw clientError('aborted');
      observer?.attempt?.({ method: request.method, path: target.path, attempt });
      tally.attempts = attempt;
      let outcome: Outcome;
      let failure: ServiceError;
      let retryAfterMs: number | null = null;
      try {
        const answer = await this.options.dispatcher.request({
          origin: target.origin,
          path: target.path,
          method: request.method,
          headers,
          ...(body === undefined ? {} : { body: body instanceof Uint8Array ? body : body.open() }),
          ...(request.signal ? { signal: request.signal } : {}),
        });
        const text = await answer.body.text();
        const responseHeaders = flatten(answer.headers);
        observer?.answered(answer.statusCode, target.path);
        const json = parseJson(text);
        const status = answer.statusCode;
        retryAfterMs = parseRetryAfter(responseHeaders['retry-after'], clock.now());
        if (status < 300 && !(status === 202 && request.retryOn202)) {
          return { status, headers: responseHeaders, json, attempts: attempt };
        }
        const errorInfo = readErrorAnswer(json);
        if (status === 202) {
          const ambiguous = AmbiguousBody.safeParse(json);
          failure = new ServiceError({
            code: 'reconciling',
            status,
            message: 'The service has not settled the outcome of this request yet. Cast Studio will send the same request again.',
            serviceMessage: ambiguous.success ? ambiguous.data.message : null,
            retryAfterMs,
          });
        } else {
          failure = serviceErrorFrom(status, errorInfo ? { ...errorInfo, message: errorInfo.message === null ? null : patternRedactor.text(errorInfo.message) } : null, retryAfterMs);
        }
        outcome = { kind: 'status', status, code: failure.code };
        if (status >= 400) observer?.refused?.(failure);
        // An unknown code on a 401 still means the key was refused (spec 5.6).
        if (status === 401 && KEY_REJECTED_CODES.has(failure.meaning)) {
          observer?.keyRejected(failure.meaning);
          throw failure;
        }
        if (status === 409 && failure.code === 'idempotency_key_reused') {
          // DESIGN.md step 3: a 409 on key reuse is a bug of ours, surfaced loudly, never retried.
          this.options.log.error('Defect: the service reports an Idempotency-Key reused for a different request.', {
            method: request.method,
            path: target.path,
            idempotencyKey: request.idempotencyKey ?? null,
          });
          throw failure;
        }
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        failure = transportError(error, request.signal);
        if (failure.code === 'aborted') throw failure;
        // An untrusted certificate will not change by retrying, but the connection must say so.
        if (failure.code === 'untrusted_certificate') {
          observer?.unreachable(failure);
          throw failure;
        }
        outcome = { kind: failure.code === 'timeout' ? 'timeout' : 'network' };
        observer?.unreachable(failure);
      }
      if (!request.retry || !isRetryable(outcome) || attempt >= policy.maxAttempts) throw failure;
      // A long Retry-After is waited in full, but not here holding the caller: it gets the answer
      // (with `retryAfterMs`) and waits outside the call.
      if (waitsOutsideCall(policy, retryAfterMs)) throw failure;
      // A 429 is a refusal before anything ran; any other retried outcome may hide an execution.
      if (!(outcome.kind === 'status' && outcome.status === 429)) tally.inDoubt += 1;
      const wait = retryDelayMs(policy, attempt - 1, random, retryAfterMs);
      this.options.log.info('Retrying a request with the same bytes and key.', {
        method: request.method,
        path: target.path,
        attempt,
        waitMs: wait,
        reason: outcome.kind === 'status' ? outcome.status : outcome.kind,
      });
      await sleep(clock, wait, request.signal);
    }
  }

  private target(request: HttpRequest): { origin: string; path: string } {
    const url = /^https?:\/\//.test(request.path) ? new URL(request.path) : new URL(`${this.options.baseUrl.replace(/\/+$/, '')}${request.path.startsWith('/') ? '' : '/'}${request.path}`);
    if (request.query) {
      for (const [key, value] of Object.entries(request.query)) {
        if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
      }
    }
    if (url.origin === this.apiOrigin && !url.pathname.startsWith(this.basePath)) throw new Error('Request outside the base path.');
    return { origin: url.origin, path: `${url.pathname}${url.search}` };
  }

  private headers(request: HttpRequest, toApi: boolean): Record<string, string> {
    // spec 7 leaves the error body open: RFC 9457 problem documents are read too.
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json;q=0.9', 'user-agent': this.options.userAgent ?? 'CastStudio/0.1' };
    if (toApi) {
      const key = this.options.apiKey();
      if (!key) throw clientError('needs_new_key');
      headers.authorization = `Bearer ${key}`;
    }
    if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    if (request.quoteId) headers['quote-id'] = request.quoteId;
    return headers;
  }
}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function transportError(error: unknown, signal: AbortSignal | undefined): ServiceError {
  if (signal?.aborted) return clientError('aborted');
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? (error as { cause: unknown }).cause : null;
  const causeCode = typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  if (TLS_CODES.test(code) || TLS_CODES.test(causeCode)) {
    return new ServiceError({
      code: 'untrusted_certificate',
      status: 0,
      message: 'The service presented a certificate Cast Studio does not trust. Check the connection’s address and CA certificate in Settings → Connection.',
      serviceMessage: code || causeCode,
    });
  }
  if (TIMEOUT_CODES.has(code) || TIMEOUT_CODES.has(causeCode)) return clientError('timeout', code);
  return clientError('network_error', code || causeCode || (error instanceof Error ? error.message : 'unknown'));
}
