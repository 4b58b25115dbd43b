import type { Readable } from 'node:stream';
import { AmbiguousBody } from '../../../shared/api/index.ts';
import { sleep, type Clock } from '../clock/clock.ts';
import { Redactor, type Logger } from '../log/logger.ts';
import { readBoundedText } from './boundedAnswer.ts';
import { readErrorAnswer } from './errorAnswer.ts';
import {
  DEFAULT_RETRY,
  isRetryable,
  parseRetryAfter,
  retryDelayMs,
  waitsOutsideCall,
  type Outcome,
  type RetryPolicy,
} from './retryPolicy.ts';
import { KEY_REJECTED_CODES, ServiceError, clientError, serviceErrorFrom } from './serviceError.ts';
import type { ServiceDispatcher } from './dispatcher.ts';
import { isSharedKey } from './sharedKeys.ts';

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
  /**
   * A paid request's rule for retries inside this call, asked before each one (`inMs`: when it
   * would go; `inDoubt`: an attempt of this call may have run): false ends the call with the last
   * failure, and the caller decides what happens next (the service may have forgotten the key).
   */
  mayRetry?: (retry: { inMs: number; inDoubt: boolean }) => boolean;
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
  dispatcher: ServiceDispatcher;
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

/** A request ready to send: where it goes, its headers, and its body (the bytes, or a file opened per attempt). */
type Prepared = { target: { origin: string; path: string }; headers: Record<string, string>; body: Buffer | StreamedBody | undefined };

/** An attempt that got no usable answer: the error, the outcome the retry policy judges, and the service's Retry-After. */
type Failed = { failure: ServiceError; outcome: Outcome; retryAfterMs: number | null };

type Attempted = { answer: HttpResponse } | Failed;

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
    const prepared = this.prepare(request);
    for (let attempt = 1; ; attempt += 1) {
      if (request.signal?.aborted) throw clientError('aborted');
      this.options.observer?.attempt?.({ method: request.method, path: prepared.target.path, attempt });
      tally.attempts = attempt;
      const result = await this.attempt(request, prepared, attempt);
      if ('answer' in result) return result.answer;
      await this.waitToRetry(request, prepared.target.path, policy, attempt, result, tally);
    }
  }

  /** Where the request goes, its headers, and its body as the bytes (or the file) every attempt sends. */
  private prepare(request: HttpRequest): Prepared {
    const target = this.target(request);
    const headers = this.headers(request, target.origin === this.apiOrigin);
    const body =
      typeof request.body === 'string'
        ? Buffer.from(request.body, 'utf8')
        : request.body instanceof Uint8Array
          ? Buffer.from(request.body)
          : request.body;
    if (body !== undefined && !(body instanceof Uint8Array)) headers['content-length'] = String(body.length);
    return { target, headers, body };
  }

  /** One attempt: the answer, or why it failed (a refusal for good or an unusable transport throws). */
  private async attempt(request: HttpRequest, { target, headers, body }: Prepared, attempt: number): Promise<Attempted> {
    const { clock, observer } = this.options;
    try {
      const answer = await this.options.dispatcher.request({
        origin: target.origin,
        path: target.path,
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body: body instanceof Uint8Array ? body : body.open() }),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      // Bounded while it is read: an answer without end is cut off, not gathered (a refusal for good).
      const text = await readBoundedText(answer);
      const responseHeaders = flatten(answer.headers);
      observer?.answered(answer.statusCode, target.path);
      const json = parseJson(text);
      const status = answer.statusCode;
      const retryAfterMs = parseRetryAfter(responseHeaders['retry-after'], clock.now());
      if (status < 300 && !(status === 202 && request.retryOn202)) {
        return { answer: { status, headers: responseHeaders, json, attempts: attempt } };
      }
      const failure = refusalOf(status, json, retryAfterMs);
      this.refuseForGood(request, target.path, status, failure);
      return { failure, outcome: { kind: 'status', status, code: failure.code }, retryAfterMs };
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      return this.unanswered(error, request.signal);
    }
  }

  /** Tells the observer of an error answer; throws the refusals no retry changes (a refused key, a reused key). */
  private refuseForGood(request: HttpRequest, path: string, status: number, failure: ServiceError): void {
    const { observer } = this.options;
    if (status >= 400) observer?.refused?.(failure);
    // An unknown code on a 401 still means the key was refused (spec 5.6).
    if (status === 401 && KEY_REJECTED_CODES.has(failure.meaning)) {
      observer?.keyRejected(failure.meaning);
      throw failure;
    }
    if (status === 409 && failure.code === 'idempotency_key_reused') {
      // docs/ARCHITECTURE.md, paid operation step 3: a 409 on key reuse is a bug of ours, surfaced loudly, never retried
      // (a key shared by the account's machines was used by another one: not ours, sharedKeys.ts).
      if (isSharedKey(request.idempotencyKey)) throw failure;
      this.options.log.error('Defect: the service reports an Idempotency-Key reused for a different request.', {
        method: request.method,
        path,
        idempotencyKey: request.idempotencyKey ?? null,
      });
      throw failure;
    }
  }

  /** No answer came: why, for a retry; an aborted call or an untrusted certificate throws. */
  private unanswered(error: unknown, signal: AbortSignal | undefined): Attempted {
    const { observer } = this.options;
    const failure = transportError(error, signal);
    if (failure.code === 'aborted') throw failure;
    // An untrusted certificate will not change by retrying, but the connection must say so.
    if (failure.code === 'untrusted_certificate') {
      observer?.unreachable(failure);
      throw failure;
    }
    observer?.unreachable(failure);
    return { failure, outcome: { kind: failure.code === 'timeout' ? 'timeout' : 'network' }, retryAfterMs: null };
  }

  /** Waits before the next attempt, or throws the failure when the policy does not retry it here. */
  private async waitToRetry(
    request: HttpRequest,
    path: string,
    policy: RetryPolicy,
    attempt: number,
    failed: Failed,
    tally: { inDoubt: number },
  ): Promise<void> {
    const { failure, outcome, retryAfterMs } = failed;
    if (!request.retry || !isRetryable(outcome) || attempt >= policy.maxAttempts) throw failure;
    // A long Retry-After is waited in full, but not here holding the caller: it gets the answer
    // (with `retryAfterMs`) and waits outside the call.
    if (waitsOutsideCall(policy, retryAfterMs)) throw failure;
    // A 429 is a refusal before anything ran; any other retried outcome may hide an execution.
    if (!(outcome.kind === 'status' && outcome.status === 429)) tally.inDoubt += 1;
    const wait = retryDelayMs(policy, attempt - 1, this.options.random, retryAfterMs);
    if (request.mayRetry && !request.mayRetry({ inMs: wait, inDoubt: tally.inDoubt > 0 })) throw failure;
    this.options.log.info('Retrying a request with the same bytes and key.', {
      method: request.method,
      path,
      attempt,
      waitMs: wait,
      reason: outcome.kind === 'status' ? outcome.status : outcome.kind,
    });
    await sleep(this.options.clock, wait, request.signal);
  }

  private target(request: HttpRequest): { origin: string; path: string } {
    const url = /^https?:\/\//.test(request.path)
      ? new URL(request.path)
      : new URL(`${this.options.baseUrl.replace(/\/+$/, '')}${request.path.startsWith('/') ? '' : '/'}${request.path}`);
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
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json;q=0.9',
      'user-agent': this.options.userAgent ?? 'CastStudio/0.1',
    };
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

/** The ServiceError of an answer that is not a success: a 202 still being settled, or the service's refusal. */
function refusalOf(status: number, json: unknown, retryAfterMs: number | null): ServiceError {
  if (status === 202) {
    const ambiguous = AmbiguousBody.safeParse(json);
    return new ServiceError({
      code: 'reconciling',
      status,
      message: 'The service has not settled the outcome of this request yet. Cast Studio will send the same request again.',
      serviceMessage: ambiguous.success ? ambiguous.data.message : null,
      retryAfterMs,
    });
  }
  const errorInfo = readErrorAnswer(json);
  return serviceErrorFrom(
    status,
    errorInfo ? { ...errorInfo, message: errorInfo.message === null ? null : patternRedactor.text(errorInfo.message) } : null,
    retryAfterMs,
  );
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
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : null;
  const causeCode = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  if (TLS_CODES.test(code) || TLS_CODES.test(causeCode)) {
    return new ServiceError({
      code: 'untrusted_certificate',
      status: 0,
      message:
        'The service presented a certificate Cast Studio does not trust. Check the connection’s address and CA certificate in Settings → Connection.',
      serviceMessage: code || causeCode,
    });
  }
  if (TIMEOUT_CODES.has(code) || TIMEOUT_CODES.has(causeCode)) return clientError('timeout', code);
  return clientError('network_error', code || causeCode || (error instanceof Error ? error.message : 'unknown'));
}
