import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { MAX_HOPS, RedirectRefused, requestFollowingRedirects } from '../../../../../electron/core/downloads/redirectHops.ts';
import { startLocalServer } from '../support/localServer.ts';
import { selfSignedCert } from '../support/selfSignedCert.ts';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function local(respond: Parameters<typeof startLocalServer>[0]) {
  const server = await startLocalServer(respond);
  closing.push(server.close);
  return server;
}

function agent(ca?: string): Agent {
  const made = new Agent(ca ? { connect: { ca } } : {});
  closing.push(() => made.close());
  return made;
}

const request = () => ({ headers: { range: 'bytes=3-' }, signal: new AbortController().signal });

describe('following a CDN’s redirects', () => {
  it('follows 301, 302, 303, 307 and 308, each Location resolved against the address that named it, with the same headers', async () => {
    const storage = await local((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`range ${req.headers.range}`);
    });
    const statuses = [301, 302, 303, 307];
    const cdn = await local((req, res, i) => {
      if (i < statuses.length) res.writeHead(statuses[i]!, { location: `../hop/${i}?sig=x` });
      else res.writeHead(308, { location: `${storage.url}/stored/file.png` });
      res.end();
    });
    const checked: string[] = [];
    const { answer, url } = await requestFollowingRedirects(agent(), new URL(`${cdn.url}/cdn/a/file.png`), request(), (hop) => {
      checked.push(hop.href);
    });
    expect(answer.statusCode).toBe(200);
    expect(await answer.body.text()).toBe('range bytes=3-');
    expect(url.href).toBe(`${storage.url}/stored/file.png`);
    expect(cdn.seen.map((s) => s.url)).toEqual([
      '/cdn/a/file.png',
      '/cdn/hop/0?sig=x',
      '/cdn/hop/1?sig=x',
      '/cdn/hop/2?sig=x',
      '/cdn/hop/3?sig=x',
    ]);
    expect(cdn.seen.every((s) => s.headers.range === 'bytes=3-')).toBe(true);
    // Every address, the first included, went through the check before its request.
    expect(checked).toHaveLength(6);
  });

  it(`stops after ${MAX_HOPS} hops with a code the page words`, async () => {
    const loop = await local((_req, res, i) => {
      res.writeHead(302, { location: `/again/${i}` });
      res.end();
    });
    const refused = await requestFollowingRedirects(agent(), new URL(`${loop.url}/start`), request()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RedirectRefused);
    expect((refused as RedirectRefused).error).toEqual({ code: 'download_redirect_refused', params: { why: 'too_many', most: MAX_HOPS } });
    expect(loop.seen).toHaveLength(MAX_HOPS + 1);
  });

  it('refuses a hop from HTTPS to plain HTTP without asking it', async () => {
    const plain = await local((_req, res) => void res.end('never'));
    const { key, cert } = selfSignedCert();
    const server = createServer({ key, cert }, (_req, res) => {
      res.writeHead(302, { location: `${plain.url}/file.png` });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => server.close(resolve)));
    const { port } = server.address() as AddressInfo;
    const refused = await requestFollowingRedirects(agent(cert), new URL(`https://127.0.0.1:${port}/cdn/file.png`), request()).catch(
      (e: unknown) => e,
    );
    expect((refused as RedirectRefused).error).toEqual({
      code: 'download_redirect_refused',
      params: { why: 'plain_http', most: MAX_HOPS },
    });
    expect(plain.seen).toHaveLength(0);
  });

  it('a check that refuses a hop stops the request before it is sent', async () => {
    const elsewhere = await local((_req, res) => void res.end('never'));
    const cdn = await local((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/file.png` });
      res.end();
    });
    const refuse = (url: URL) => {
      if (url.origin !== cdn.url) throw new RedirectRefused('no_address');
    };
    await expect(requestFollowingRedirects(agent(), new URL(`${cdn.url}/file.png`), request(), refuse)).rejects.toThrow(RedirectRefused);
    expect(elsewhere.seen).toHaveLength(0);
  });
});
