import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileDispatcher } from '../../../../../electron/core/api/dispatcher.ts';
import { HttpClient } from '../../../../../electron/core/api/httpClient.ts';
import { ServiceError } from '../../../../../electron/core/api/serviceError.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { selfSignedCert } from '../support/selfSignedCert.ts';

const { key, cert } = selfSignedCert();
const server = createServer({ key, cert }, (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"data":{}}');
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function clientWith(trust: Parameters<typeof createProfileDispatcher>[0]) {
  return new HttpClient({
    baseUrl: url,
    dispatcher: createProfileDispatcher(trust),
    apiKey: () => 'k',
    clock: systemClock,
    random: Math.random,
    log: new CaptureLog(),
  });
}

describe('profile dispatchers and certificate trust', () => {
  it('trusts the sandbox certificate on the sandbox profile’s dispatcher', async () => {
    const answer = await clientWith({ kind: 'sandbox', caPem: cert }).send({ method: 'GET', path: '/v1/account', retry: false });
    expect(answer.status).toBe(200);
  });

  it('trusts an extra CA on a remote profile’s dispatcher', async () => {
    const answer = await clientWith({ kind: 'remote', extraCaPem: cert }).send({ method: 'GET', path: '/v1/account', retry: false });
    expect(answer.status).toBe(200);
  });

  it('keeps verification on everywhere else: an unknown certificate is refused, not retried', async () => {
    const error = (await clientWith({ kind: 'remote', extraCaPem: null })
      .send({ method: 'GET', path: '/v1/account', retry: true })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.code).toBe('untrusted_certificate');
    // The process-wide default dispatcher did not learn the sandbox CA either.
    await expect(request(`${url}/v1/account`)).rejects.toThrow();
  });
});
