import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileDispatcher } from '../../../../../electron/core/api/dispatcher.ts';
import { ServiceError, clientError, connectionFailureOf, serviceErrorFrom } from '../../../../../electron/core/api/serviceError.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { checkService } from '../../../../../electron/core/session/connectionCheck.ts';
import { connectionStatusOf, statusProblem, type StatusFacts } from '../../../../../electron/core/session/connectionStatus.ts';
import { Connectivity } from '../../../../../electron/core/session/connectivity.ts';
import { ConnectionProblem, ConnectionStatus } from '../../../../../shared/ipc/index.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { selfSignedCert } from '../support/selfSignedCert.ts';

const KEY = `sk_live_${'ab'.repeat(32)}`;

describe('what a failure says about the connection (spec 5.6, 7)', () => {
  it('tells a refused, an expired and a missing key apart, and a missing plan from a server error', () => {
    const of = (status: number, code?: string) => connectionFailureOf(serviceErrorFrom(status, code ? { code, message: 'x' } : null, null));
    expect(of(401, 'invalid_api_key')).toBe('key_refused');
    expect(of(401, 'expired_api_key')).toBe('key_expired');
    expect(of(401, 'missing_api_key')).toBe('key_missing');
    expect(of(401)).toBe('key_refused');
    expect(of(403, 'plan_required')).toBe('plan_required');
    expect(of(500)).toBe('service_error');
    expect(of(503, 'service_unavailable')).toBe('service_error');
    // Request-specific answers say nothing about the connection.
    expect(of(400, 'validation_error')).toBeNull();
    expect(of(403, 'insufficient_scope')).toBeNull();
    expect(of(503, 'webhook_delivery_unavailable')).toBeNull();
  });

  it('tells a machine without a network from a service that does not answer on it, and a certificate not trusted', () => {
    expect(connectionFailureOf(clientError('network_error', 'ECONNREFUSED'))).toBe('unreachable');
    expect(connectionFailureOf(clientError('network_error', 'ENOTFOUND'))).toBe('unreachable');
    expect(connectionFailureOf(clientError('timeout', 'UND_ERR_CONNECT_TIMEOUT'))).toBe('unreachable');
    expect(connectionFailureOf(clientError('network_error', 'ENETUNREACH'))).toBe('offline');
    expect(connectionFailureOf(clientError('network_error', 'EAI_AGAIN'))).toBe('offline');
    expect(
      connectionFailureOf(
        new ServiceError({ code: 'untrusted_certificate', status: 0, message: 'x', serviceMessage: 'SELF_SIGNED_CERT_IN_CHAIN' }),
      ),
    ).toBe('untrusted_certificate');
  });
});

describe('the status of the active connection', () => {
  const facts = (patch: Partial<StatusFacts>): StatusFacts => ({
    opened: true,
    keyState: 'ok',
    sandboxRestarting: false,
    connectivity: null,
    answeredOnce: true,
    planRequired: false,
    ...patch,
  });

  it('has its own status for each state, and a sentence for each one that needs the creator', () => {
    expect(connectionStatusOf(facts({ answeredOnce: false }))).toBe('connecting');
    expect(connectionStatusOf(facts({}))).toBe('online');
    expect(connectionStatusOf(facts({ connectivity: 'offline' }))).toBe('offline');
    expect(connectionStatusOf(facts({ connectivity: 'unreachable' }))).toBe('unreachable');
    expect(connectionStatusOf(facts({ connectivity: 'untrusted_certificate' }))).toBe('untrusted_certificate');
    expect(connectionStatusOf(facts({ keyState: 'needs_new_key' }))).toBe('key_refused');
    expect(connectionStatusOf(facts({ keyState: 'expired' }))).toBe('key_expired');
    expect(connectionStatusOf(facts({ keyState: 'missing' }))).toBe('key_missing');
    expect(connectionStatusOf(facts({ planRequired: true }))).toBe('plan_required');
    expect(connectionStatusOf(facts({ connectivity: 'service_error' }))).toBe('service_error');
    expect(connectionStatusOf(facts({ sandboxRestarting: true, connectivity: 'unreachable' }))).toBe('sandbox_restarting');
    expect(connectionStatusOf(facts({ opened: false }))).toBe('unavailable');
    // Not getting through wins over what was last known of the key and the plan.
    expect(connectionStatusOf(facts({ connectivity: 'offline', keyState: 'needs_new_key', planRequired: true }))).toBe('offline');

    // Every status that needs the creator is a reason the page words; online and connecting need none.
    for (const status of ConnectionStatus.options) {
      const problem = statusProblem(status, 'sandbox');
      if (status === 'online' || status === 'connecting') expect(problem).toBeNull();
      else expect(ConnectionProblem.parse(problem)).toEqual({ reason: status, kind: 'sandbox' });
    }
  });

  it('learns server errors from answers and the kind of failure from transport errors', () => {
    const changes: string[] = [];
    const connectivity = new Connectivity({
      clock: systemClock,
      random: () => 0,
      log: new CaptureLog(),
      probe: async () => {},
      changed: (online) => changes.push(online ? 'online' : 'offline'),
      problemChanged: () => changes.push('problem'),
    });
    expect(connectivity.answeredOnce).toBe(false);
    connectivity.answered(200);
    expect(connectivity.problem).toBeNull();
    connectivity.answered(502);
    expect(connectivity.problem).toBe('service_error');
    connectivity.answered(200);
    expect(connectivity.problem).toBeNull();
    connectivity.unreachable('untrusted_certificate');
    expect([connectivity.online, connectivity.problem]).toEqual([false, 'untrusted_certificate']);
    connectivity.unreachable('offline');
    expect(connectivity.problem).toBe('offline');
    connectivity.stop();
    expect(changes).toEqual(['problem', 'problem', 'problem', 'offline', 'problem']);
  });
});

describe('checking a candidate service before it is saved', () => {
  const { key, cert } = selfSignedCert();
  const answers: Record<string, { status: number; body: unknown }> = {};
  const server: Server = createHttpsServer({ key, cert }, (req, res) => {
    const answer = answers[req.headers.authorization ?? ''] ?? {
      status: 401,
      body: { error: { code: 'invalid_api_key', message: 'Unknown key.' } },
    };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  let base = '';
  let closedPort = 0;
  const account = (subscription: unknown) => ({
    data: {
      id: '3f0e3c1a-1f6e-4c47-9a57-1d2f0a6b7c01',
      email: 'a@example.com',
      name: 'Ada',
      avatar_url: '',
      credits: { balance: 1200 },
      subscription,
      created_at: '2026-01-01T00:00:00Z',
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = (apiKey: string | null, trust: string | null, baseUrl = base) => {
    const dispatcher = createProfileDispatcher({ kind: 'remote', extraCaPem: trust });
    return checkService({ baseUrl, apiKey, dispatcher }, { clock: systemClock, random: Math.random, log: new CaptureLog() }).finally(() =>
      dispatcher.close(),
    );
  };
  const keyed = (text: string, answer: { status: number; body: unknown }) => {
    answers[`Bearer ${text}`] = answer;
    return text;
  };

  it('says whose account it is, its plan and balance', async () => {
    const good = keyed(KEY, {
      status: 200,
      body: account({ plan: 'creator', status: 'active', current_period_end: '2027-01-01T00:00:00Z' }),
    });
    expect(await check(good, cert)).toEqual({
      ok: true,
      status: 'online',
      problem: null,
      host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      detail: null,
      serviceMessage: null,
      accountName: 'Ada',
      plan: 'creator',
      balance: 1200,
    });
  });

  it('says exactly what failed: certificate, address, key refused, key expired, plan, server error', async () => {
    expect(await check(KEY, null)).toMatchObject({
      ok: false,
      status: 'untrusted_certificate',
      problem: 'untrusted_certificate',
      detail: expect.stringMatching(/CERT|SIGNED/),
    });
    expect(await check(KEY, cert, `https://127.0.0.1:${closedPort}`)).toMatchObject({
      ok: false,
      status: 'unreachable',
      problem: 'unreachable',
      host: `127.0.0.1:${closedPort}`,
      detail: 'ECONNREFUSED',
    });
    expect(await check(`sk_live_${'00'.repeat(32)}`, cert)).toMatchObject({ ok: false, status: 'key_refused' });
    const expired = keyed(`sk_live_${'01'.repeat(32)}`, { status: 401, body: { error: { code: 'expired_api_key', message: 'Expired.' } } });
    expect(await check(expired, cert)).toMatchObject({ ok: false, status: 'key_expired', problem: 'key_expired' });
    const free = keyed(`sk_live_${'02'.repeat(32)}`, { status: 200, body: account(null) });
    expect(await check(free, cert)).toMatchObject({
      ok: false,
      status: 'plan_required',
      problem: 'plan_inactive',
      accountName: 'Ada',
      plan: 'free',
      balance: 1200,
    });
    const failing = keyed(`sk_live_${'03'.repeat(32)}`, { status: 500, body: { error: { code: 'internal_error', message: 'Boom.' } } });
    expect(await check(failing, cert)).toMatchObject({
      ok: false,
      status: 'service_error',
      problem: 'service_error',
      detail: '500',
    });
    expect(await check(null, cert)).toMatchObject({ ok: false, status: 'key_missing', problem: 'key_missing' });
  });
});
