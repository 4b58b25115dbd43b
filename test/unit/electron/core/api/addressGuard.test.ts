import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRefusal, isAddressRefused, type Lookup } from '../../../../../electron/core/api/addressGuard.ts';
import { createProfileDispatcher, type ServiceDispatcher } from '../../../../../electron/core/api/dispatcher.ts';
import { startLocalServer } from '../support/localServer.ts';

// A real server on 127.0.0.1 and made-up names that resolve (through the test's own lookup) to it
// or to public addresses: what a hostile DNS answer or a record naming an internal host looks like.
const NAMES: Record<string, string[]> = {
  'cdn.example': ['203.0.113.10'],
  'storage.example': ['127.0.0.1'],
  'mixed.example': ['203.0.113.11', '127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1'],
};
const asked: string[] = [];
const lookup: Lookup = (hostname, _options, callback) => {
  asked.push(hostname);
  const found = NAMES[hostname];
  if (!found) return callback(Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' }), []);
  callback(
    null,
    found.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

let server: Awaited<ReturnType<typeof startLocalServer>>;
let port = 0;
let connections = 0;
const dispatchers: ServiceDispatcher[] = [];
beforeAll(async () => {
  server = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  server.server.on('connection', () => (connections += 1));
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  for (const d of dispatchers) await d.close();
  await server.close();
});

/** A remote profile's dispatcher whose CDN is `cdnHost` and whose API is elsewhere. */
function dispatcherFor(cdnHost: string, apiHost = 'api.example'): ServiceDispatcher {
  const d = createProfileDispatcher(
    { kind: 'remote', extraCaPem: null },
    { cdnUrl: `http://${cdnHost}:${port}/cdn`, apiUrl: `http://${apiHost}:${port}/v1`, lookup },
  );
  dispatchers.push(d);
  return d;
}

async function get(dispatcher: ServiceDispatcher, host: string): Promise<number> {
  const answer = await dispatcher.request({ origin: `http://${host}:${port}`, path: '/cdn/a.png', method: 'GET' });
  await answer.body.text();
  return answer.statusCode;
}

describe('the address guard of a connection whose CDN is on the internet', () => {
  it.each(['storage.example', 'mixed.example', 'metadata.example', 'mapped.example', '127.0.0.1', '[::ffff:127.0.0.1]', 'localhost'])(
    'refuses %s (a private or loopback address, after resolving) without connecting',
    async (host) => {
      const before = connections;
      const error = await get(dispatcherFor('cdn.example'), host).catch((e: unknown) => e);
      expect(isAddressRefused(error), String(error)).toBe(true);
      expect(addressRefusal(error)).toMatchObject({ host: expect.any(String) as string, address: expect.any(String) as string });
      expect(connections).toBe(before);
    },
  );

  it('checks the very answer the connection uses: a name is looked up once per connection, by the guard', async () => {
    asked.length = 0;
    await get(dispatcherFor('cdn.example'), 'storage.example').catch(() => undefined);
    expect(asked.filter((name) => name === 'storage.example')).toEqual(['storage.example']);
  });

  it('still reaches the API the creator set, wherever it is', async () => {
    expect(await get(dispatcherFor('cdn.example', '127.0.0.1'), '127.0.0.1')).toBe(200);
  });
});

describe('the address guard of a connection whose CDN is itself on a private or loopback address', () => {
  it.each(['127.0.0.1', 'localhost', 'storage.example'])('lets media come from loopback (CDN at %s)', async (cdnHost) => {
    const before = connections;
    expect(await get(dispatcherFor(cdnHost), cdnHost === 'localhost' ? 'localhost' : '127.0.0.1')).toBe(200);
    expect(connections).toBe(before + 1);
  });

  it('leaves a dispatcher without the guard as it was (the embedded sandbox’s)', async () => {
    const plain = createProfileDispatcher({ kind: 'remote', extraCaPem: null });
    dispatchers.push(plain);
    expect(await get(plain, '127.0.0.1')).toBe(200);
  });
});
