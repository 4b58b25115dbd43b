import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../../../../shared/api/index.ts';
import { HttpClient, type HttpObserver } from '../../../../../electron/core/api/httpClient.ts';
import { ServiceError } from '../../../../../electron/core/api/serviceError.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { json, startLocalServer } from '../support/localServer.ts';

const KEY = `sk_live_${'ab'.repeat(32)}`;
const fast = { baseMs: 5, capMs: 20, maxAttempts: 5, inlineRetryAfterMs: 5_000 };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function client(url: string, observer?: Partial<HttpObserver>, log = new CaptureLog()) {
  const dispatcher = new Agent({ keepAliveTimeout: 1_000 });
  closers.push(() => dispatcher.close());
  return new HttpClient({
    baseUrl: url,
    dispatcher,
    apiKey: () => KEY,
    clock: systemClock,
    random: () => 0.5,
    log,
    observer: { answered: () => {}, unreachable: () => {}, keyRejected: () => {}, ...observer },
  });
}

async function server(respond: Parameters<typeof startLocalServer>[0]) {
  const s = await startLocalServer(respond);
  closers.push(s.close);
  return s;
}

describe('HttpClient retries', () => {
  it('asks a paid request’s rule before each retry, and ends the call with the failure when it says no after an attempt in doubt', async () => {
    const s = await server((_req, res, i) => {
      if (i === 0) return json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } });
      if (i === 1) return void res.destroy(); // no answer: this attempt may have run
      return json(res, 201, { data: { id: 'x' } });
    });
    const asked: { inDoubt: boolean }[] = [];
    const error = await client(s.url)
      .send({
        method: 'POST',
        path: '/v1/things',
        body: '{}',
        idempotencyKey: 'key-gate',
        retry: true,
        policy: fast,
        mayRetry: ({ inDoubt }) => (asked.push({ inDoubt }), !inDoubt),
      })
      .catch((e: unknown) => e);
    // The retry after the 429 goes (nothing ran); the one after the lost answer does not.
    expect(asked).toEqual([{ inDoubt: false }, { inDoubt: true }]);
    expect(s.seen).toHaveLength(2);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('network_error');
    expect((error as ServiceError).attemptsInDoubt).toBe(1);
  });

  it('retries 5xx, 429 and 202 with the exact same bytes and Idempotency-Key until an answer', async () => {
    const s = await server((_req, res, i) => {
      if (i === 0) return json(res, 500, { error: { code: 'internal_error', message: 'boom' } });
      if (i === 1) return json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } });
      if (i === 2) return json(res, 202, { status: 'reconciling', message: 'not yet' });
      return json(res, 201, { data: { id: 'x' } });
    });
    const body = '{"b":1,"a":"ü"}';
    const answer = await client(s.url).send({
      method: 'POST',
      path: '/v1/things',
      body,
      idempotencyKey: 'key-123',
      quoteId: 'q-1',
      retry: true,
      retryOn202: true,
      policy: fast,
    });
    expect(answer.status).toBe(201);
    expect(answer.attempts).toBe(4);
    expect(s.seen).toHaveLength(4);
    for (const seen of s.seen) {
      expect(seen.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
      expect(seen.headers['idempotency-key']).toBe('key-123');
      expect(seen.headers['quote-id']).toBe('q-1');
      expect(seen.headers.authorization).toBe(`Bearer ${KEY}`);
    }
  });

  it('retries a dropped connection (network error) with the same key', async () => {
    const s = await server((_req, res, i) => {
      if (i === 0) return void res.socket?.destroy();
      return json(res, 201, { data: { ok: true } });
    });
    const unreachable: string[] = [];
    const answer = await client(s.url, { unreachable: (e) => unreachable.push(e.code) }).send({
      method: 'POST',
      path: '/v1/x',
      body: '{}',
      idempotencyKey: 'k-net',
      retry: true,
      policy: fast,
    });
    expect(answer.status).toBe(201);
    expect(unreachable).toEqual(['network_error']);
    expect(s.seen.map((r) => r.headers['idempotency-key'])).toEqual(['k-net', 'k-net']);
  });

  it('honours Retry-After on 429 before the next attempt', async () => {
    const s = await server((_req, res, i) =>
      i === 0 ? json(res, 429, { error: { code: 'rate_limited', message: 'wait' } }, { 'retry-after': '1' }) : json(res, 200, { data: {} }),
    );
    await client(s.url).send({ method: 'GET', path: '/v1/account', retry: true, policy: fast });
    const [first, second] = s.seen;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('hands a Retry-After longer than the policy waits in a call back to the caller, in full, after one attempt', async () => {
    for (const value of ['90', new Date(Date.now() + 90_000).toUTCString()]) {
      const s = await server((_req, res) => json(res, 429, { error: { code: 'rate_limited', message: 'wait' } }, { 'retry-after': value }));
      const error = await client(s.url)
        .send({ method: 'POST', path: '/v1/generations', body: '{}', idempotencyKey: 'k', retry: true, policy: fast })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('rate_limited');
      expect((error as ServiceError).retryAfterMs, value).toBeGreaterThanOrEqual(88_000);
      expect(s.seen).toHaveLength(1);
    }
  });

  it('never retries 409 idempotency_key_reused and logs it as a defect', async () => {
    const s = await server((_req, res) => json(res, 409, { error: { code: 'idempotency_key_reused', message: 'reused' } }));
    const log = new CaptureLog();
    const error = await client(s.url, {}, log)
      .send({ method: 'POST', path: '/v1/x', body: '{}', idempotencyKey: 'k', retry: true, policy: fast })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('idempotency_key_reused');
    expect(s.seen).toHaveLength(1);
    expect(log.lines.some((l) => l.level === 'error' && l.message.startsWith('Defect'))).toBe(true);
  });

  it('does not retry an invalid or expired key and reports it', async () => {
    for (const code of ['invalid_api_key', 'expired_api_key'] as const) {
      const s = await server((_req, res) => json(res, 401, { error: { code, message: 'no' } }));
      const rejected: string[] = [];
      const error = (await client(s.url, { keyRejected: (c) => rejected.push(c) })
        .send({ method: 'GET', path: '/v1/account', retry: true, policy: fast })
        .catch((e: unknown) => e)) as ServiceError;
      expect(error.code).toBe(code);
      expect(error.message).not.toContain(KEY);
      expect(rejected).toEqual([code]);
      expect(s.seen).toHaveLength(1);
    }
  });

  it('gives up after maxAttempts and throws the last error', async () => {
    const s = await server((_req, res) => json(res, 503, { error: { code: 'service_unavailable', message: 'down' } }));
    const error = (await client(s.url)
      .send({ method: 'GET', path: '/v1/account', retry: true, policy: fast })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe('service_unavailable');
    expect(s.seen).toHaveLength(fast.maxAttempts);
  });

  it('sends no key to another origin (the CDN)', async () => {
    const api = await server((_req, res) => json(res, 200, {}));
    const cdn = await server((_req, res) => json(res, 200, {}));
    await client(api.url).send({ method: 'GET', path: `${cdn.url}/file.png`, retry: false });
    expect(cdn.seen[0]!.headers.authorization).toBeUndefined();
  });
});

describe('ServiceError mapping', () => {
  it('maps every error code of the contract to its status and a sentence without the key', async () => {
    const codes = Object.entries(ERROR_STATUS);
    const s = await server((req, res) => {
      const code = req.url.split('/').pop() ?? '';
      json(res, ERROR_STATUS[code as keyof typeof ERROR_STATUS], { error: { code, message: `service says ${code} for ${KEY}` } });
    });
    const http = client(s.url);
    for (const [code, status] of codes) {
      const error = (await http.send({ method: 'GET', path: `/v1/e/${code}`, retry: false }).catch((e: unknown) => e)) as ServiceError;
      expect(error, code).toBeInstanceOf(ServiceError);
      expect(error.code).toBe(code);
      expect(error.status).toBe(status);
      expect(error.message.length).toBeGreaterThan(10);
      expect(error.message).not.toContain(KEY);
      expect(error.serviceMessage ?? '').not.toContain(KEY);
    }
  });
});
