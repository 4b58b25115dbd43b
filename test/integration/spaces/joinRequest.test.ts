import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../electron/core/ipc/appFailure.ts';
import { requestJoin } from '../../../electron/core/spaces/membership/joinRequest.ts';
import { checkServerUrl } from '../../../electron/core/spaces/membership/serverAddress.ts';

const servers: Server[] = [];
afterEach(() => closeServers());

async function closeServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A server on 127.0.0.1 answering every request with `answer`; its address and the bodies it was sent. */
async function serve(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      answer(request, response);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

const MEMBER = { spaceId: 'k2m9', spaceName: 'Night market', memberId: 'm7q1', memberName: 'Ana', token: `cst_${'x'.repeat(43)}` };

async function failure(promise: Promise<unknown>): Promise<{ code: string; field: string | undefined; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppFailure)) throw new Error(`Expected an AppFailure, got ${String(error)}`);
  return { code: error.code, field: error.field, message: error.message };
}

describe('a sync server address', () => {
  it('is https, or http to this computer only, with nothing but a path', () => {
    expect(checkServerUrl(' https://sync.example.com/ ')).toBe('https://sync.example.com');
    expect(checkServerUrl('https://sync.example.com/cast//')).toBe('https://sync.example.com/cast');
    expect(checkServerUrl('http://127.0.0.1:4455')).toBe('http://127.0.0.1:4455');
    expect(checkServerUrl('http://localhost:4455')).toBe('http://localhost:4455');
    for (const typed of [
      'http://sync.example.com',
      'http://192.168.1.4:4455',
      'ws://127.0.0.1:4455',
      'ftp://sync.example.com',
      'sync.example.com',
      'https://ana:secret@sync.example.com',
      'https://sync.example.com/?next=https://elsewhere',
      'https://sync.example.com/#x',
      '',
    ])
      expect(() => checkServerUrl(typed), typed).toThrow(expect.objectContaining({ code: 'space_server_invalid', field: 'serverUrl' }));
  });
});

describe('a join request trusts nothing of the answer', () => {
  it('turns a code into a membership, sending the code as JSON to /join', async () => {
    const server = await serve((request, response) => {
      expect([request.method, request.url]).toEqual(['POST', '/join']);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...MEMBER, extra: 'ignored' }));
    });
    expect(await requestJoin(server.url, 'R784T-0ZNJ4')).toEqual(MEMBER);
    expect(server.bodies).toEqual(['{"code":"R784T-0ZNJ4"}']);
  });

  it('says a refused code in its own words, not the server’s', async () => {
    const server = await serve((_request, response) =>
      response.writeHead(403).end(JSON.stringify({ error: 'Click https://evil.example' })),
    );
    const refused = await failure(requestJoin(server.url, 'R784T'));
    expect(refused).toMatchObject({ code: 'space_join_refused', field: 'joinCode' });
    expect(refused.message).not.toContain('evil');
  });

  it('follows no redirect: the code never reaches another host', async () => {
    const elsewhere = await serve((_request, response) => response.writeHead(200).end(JSON.stringify(MEMBER)));
    const server = await serve((_request, response) => response.writeHead(307, { location: `${elsewhere.url}/join` }).end());
    expect(await failure(requestJoin(server.url, 'R784T'))).toMatchObject({ code: 'space_server_answer' });
    expect(elsewhere.bodies).toEqual([]);
  });

  it('refuses an answer that is too large, not JSON, or not a membership', async () => {
    const answers = [
      JSON.stringify({ ...MEMBER, spaceName: 'x'.repeat(64 * 1024) }),
      '<html>Welcome</html>',
      JSON.stringify({ ...MEMBER, token: 'short' }),
      JSON.stringify({ ...MEMBER, spaceId: '../other' }),
      JSON.stringify([MEMBER]),
    ];
    for (const body of answers) {
      const server = await serve((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
      expect(await failure(requestJoin(server.url, 'R784T')), body.slice(0, 40)).toMatchObject({ code: 'space_server_answer' });
    }
    const endless = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"spaceName":"${'x'.repeat(32 * 1024)}`);
    });
    expect(await failure(requestJoin(endless.url, 'R784T'))).toMatchObject({ code: 'space_server_answer' });
  });

  it('gives up on a server that does not answer in time, or is not there', async () => {
    const silent = await serve(() => {});
    expect(await failure(requestJoin(silent.url, 'R784T', 300))).toMatchObject({ code: 'space_server_unreachable', field: 'serverUrl' });
    const gone = await serve(() => {});
    const goneUrl = gone.url;
    await closeServers();
    expect(await failure(requestJoin(goneUrl, 'R784T'))).toMatchObject({ code: 'space_server_unreachable' });
  });
});
