import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
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

  it('loads undici with its first request, not with core, and closes without loading it when it sent nothing', async () => {
    // In a process of its own, so that nothing else has loaded undici: what core's start pays for.
    const dispatcherModule = new URL('../../../../../electron/core/api/dispatcher.ts', import.meta.url).href;
    const script = `
      import { createRequire } from 'node:module';
      const { createProfileDispatcher } = await import(${JSON.stringify(dispatcherModule)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/node_modules/undici/'));
      const unused = createProfileDispatcher({ kind: 'remote', extraCaPem: null });
      await unused.close();
      const used = createProfileDispatcher({ kind: 'sandbox', caPem: process.env.CA });
      const before = loaded();
      const answer = await used.request({ origin: process.env.URL, path: '/v1/account', method: 'GET' });
      await answer.body.text();
      await used.close();
      console.log(JSON.stringify({ before, after: loaded(), status: answer.statusCode }));
    `;
    // Not spawnSync: the child asks this process's server.
    const child = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, CA: cert, URL: url },
      timeout: 30_000,
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ before: false, after: true, status: 200 });
  });
});
