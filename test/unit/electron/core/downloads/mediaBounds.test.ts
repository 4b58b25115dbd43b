import { existsSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LookupAddress } from 'node:dns';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { MEDIA_BYTE_LIMITS } from '../../../../../shared/api/limits.ts';
import type { AppError } from '../../../../../shared/ipc/index.ts';
import { isAddressRefused, type Lookup } from '../../../../../electron/core/api/addressGuard.ts';
import { createProfileDispatcher, type ServiceDispatcher } from '../../../../../electron/core/api/dispatcher.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { CdnSources } from '../../../../../electron/core/downloads/cdnSources.ts';
import { Downloader } from '../../../../../electron/core/downloads/downloader.ts';
import { hopRefusal, sourceRefusal } from '../../../../../electron/core/downloads/mediaOrigin.ts';
import { readStoredDownloadError } from '../../../../../electron/core/downloads/storedDownloadError.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { startLocalServer, type Respond } from '../support/localServer.ts';
import { GEN, imageLibrary } from './imageLibrary.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(respond: Respond) {
  const s = await startLocalServer(respond);
  let connections = 0;
  s.server.on('connection', () => (connections += 1));
  cleanups.push(() => s.close());
  return { ...s, connections: () => connections };
}

/** A downloader whose connection's CDN is `cdnUrl`, and an image generation to own its files. */
function setup(cdnUrl: string, dispatcher: ServiceDispatcher = new Agent(), canDownload = () => true) {
  const { library, store } = imageLibrary(cleanups);
  cleanups.push(() => dispatcher.close());
  const downloader = new Downloader({
    library,
    store,
    sources: new CdnSources(cdnUrl),
    dispatcher,
    canDownload,
    clock: systemClock,
    random: () => 0,
    log: new CaptureLog(),
    events: { progress: () => {}, settled: () => {} },
    maxAttempts: 4,
  });
  cleanups.push(() => downloader.stop());
  const row = (role: string) =>
    library.get<{ id: string; state: string; attempts: number; error_message: string | null }>(
      'SELECT id, state, attempts, error_message FROM downloads WHERE owner_id = ? AND role = ?',
      GEN,
      role,
    )!;
  return { downloader, store, row };
}

/** The error a download's row keeps, as the page is told it. */
function said(row: { error_message: string | null }): AppError | null {
  return readStoredDownloadError({ failure: 'error', error_message: row.error_message });
}

describe('media downloads have a size bound by kind', () => {
  it('refuses a file announced larger than its kind takes, before writing a byte, for good', async () => {
    const cdn = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(100 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
    });
    const { downloader, store, row } = setup(`${cdn.url}/cdn`);
    downloader.want('generation', GEN, 'output', `${cdn.url}/cdn/a.png`);
    await downloader.idle(30_000);
    const output = row('output');
    expect(output.state).toBe('failed');
    expect(output.attempts).toBe(1);
    expect(said(output)).toEqual({
      code: 'download_too_large',
      params: { why: 'announced', kind: 'image', size: 100 * 1024 * 1024, limit: MEDIA_BYTE_LIMITS.image },
    });
    expect(cdn.seen).toHaveLength(1);
    expect(existsSync(store.partialPath(output.id))).toBe(false);
  });

  it('cuts off a body without a length at the bound of its kind (a thumbnail), for good, keeping nothing', async () => {
    let sent = 0;
    const cdn = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024, 7);
      const more = (): void => {
        for (let written = true; written && !res.destroyed;) {
          sent += chunk.length;
          written = res.write(chunk);
        }
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    const { downloader, store, row } = setup(`${cdn.url}/cdn`);
    downloader.want('generation', GEN, 'thumbnail', `${cdn.url}/cdn/t.webp`);
    await downloader.idle(60_000);
    const thumbnail = row('thumbnail');
    expect(thumbnail.state).toBe('failed');
    expect(thumbnail.attempts).toBe(1);
    expect(said(thumbnail)).toMatchObject({
      code: 'download_too_large',
      params: { why: 'past_limit', kind: 'thumbnail', limit: MEDIA_BYTE_LIMITS.thumbnail },
    });
    expect(said(thumbnail)?.params).toHaveProperty('size', expect.any(Number) as number);
    expect(cdn.seen).toHaveLength(1);
    expect(sent).toBeGreaterThan(MEDIA_BYTE_LIMITS.thumbnail);
    expect(sent).toBeLessThan(MEDIA_BYTE_LIMITS.thumbnail + 16 * 1024 * 1024);
    expect(existsSync(store.partialPath(thumbnail.id))).toBe(false);
  });
});

describe('media downloads resumed past their bound', () => {
  it('does not resume a part saved before the bound existed and already past it', async () => {
    const cdn = await server((req, res) => {
      const start = Number(/^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''))?.[1] ?? 0);
      res.writeHead(206, { 'content-type': 'image/webp', 'content-range': `bytes ${start}-${start + 9}/*` });
      res.end(Buffer.alloc(10));
    });
    let allowed = false;
    const { downloader, store, row } = setup(`${cdn.url}/cdn`, new Agent(), () => allowed);
    downloader.want('generation', GEN, 'thumbnail', `${cdn.url}/cdn/t.webp`);
    const partial = store.partialPath(row('thumbnail').id);
    mkdirSync(dirname(partial), { recursive: true });
    writeFileSync(partial, '');
    truncateSync(partial, MEDIA_BYTE_LIMITS.thumbnail + 1);
    allowed = true;
    downloader.pump();
    await downloader.idle(30_000);
    expect(row('thumbnail')).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(row('thumbnail'))).toEqual({
      code: 'download_too_large',
      params: { why: 'past_limit', kind: 'thumbnail', size: MEDIA_BYTE_LIMITS.thumbnail + 1, limit: MEDIA_BYTE_LIMITS.thumbnail },
    });
    expect(existsSync(partial)).toBe(false);
  });
});

describe('media come from the connection’s CDN only', () => {
  it('refuses a record naming another origin, or plain HTTP on an HTTPS connection, without a request', async () => {
    const canary = await server((_req, res) => void res.end('x'));
    const { downloader, row } = setup(`https://127.0.0.1:1/cdn`);
    const elsewhere = canary.url.replace('http://', 'https://');
    downloader.want('generation', GEN, 'output', `${elsewhere}/cdn/a.png`);
    downloader.want('generation', GEN, 'thumbnail', `http://127.0.0.1:1/cdn/t.webp`);
    await downloader.idle(30_000);
    expect(row('output')).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(row('output'))).toEqual({
      code: 'download_source_refused',
      params: { why: 'not_cdn', host: new URL(elsewhere).host, cdnHost: '127.0.0.1:1' },
    });
    expect(row('thumbnail')).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(row('thumbnail'))).toEqual({ code: 'download_source_refused', params: { why: 'plain_http', host: '127.0.0.1:1' } });
    expect(canary.connections()).toBe(0);
  });

  it('names the rule for each address and each redirect hop', () => {
    const cdn = 'https://cdn.example.com/media';
    const refusal = (url: string) => sourceRefusal(new URL(url), cdn);
    expect(refusal('https://cdn.example.com/media/a.png')).toBeNull();
    expect(refusal('https://cdn.example.com:443/other/a.png')).toBeNull();
    const refused = (params: Record<string, string>) => ({ code: 'download_source_refused', params });
    expect(refusal('https://cdn.example.com:8443/media/a.png')).toEqual(
      refused({ why: 'not_cdn', host: 'cdn.example.com:8443', cdnHost: 'cdn.example.com' }),
    );
    expect(refusal('https://evil.example.com/media/a.png')).toEqual(
      refused({ why: 'not_cdn', host: 'evil.example.com', cdnHost: 'cdn.example.com' }),
    );
    expect(refusal('http://cdn.example.com/media/a.png')).toEqual(refused({ why: 'plain_http', host: 'cdn.example.com' }));
    expect(refusal('https://user:pw@cdn.example.com/media/a.png')).toEqual(refused({ why: 'credentials' }));
    expect(refusal('ftp://cdn.example.com/media/a.png')).toEqual(refused({ why: 'scheme', scheme: 'ftp' }));
    expect(sourceRefusal(new URL('http://10.0.0.5:8080/a.png'), 'http://10.0.0.5:8080/')).toBeNull();

    const from = new URL('https://cdn.example.com/media/a.png');
    expect(hopRefusal(from, new URL('https://storage.example.net/b/a.png?sig=1'), cdn)).toBeNull();
    expect(hopRefusal(from, new URL('http://storage.example.net/b/a.png'), cdn)).toEqual(
      refused({ why: 'plain_http', host: 'storage.example.net' }),
    );
    expect(hopRefusal(from, new URL('https://u:p@storage.example.net/a.png'), cdn)).toEqual(refused({ why: 'credentials' }));
    expect(hopRefusal(new URL('http://10.0.0.5/a.png'), new URL('http://10.0.0.6/a.png'), 'http://10.0.0.5/')).toBeNull();
  });
});

describe('media never come from a private address for a connection whose CDN is on the internet', () => {
  it('refuses the CDN’s own name once it resolves to loopback (DNS rebinding), for good, without connecting', async () => {
    const cdn = await server((_req, res) => void res.end('x'));
    const port = new URL(cdn.url).port;
    // The CDN's name answers a public address when first asked, and loopback after.
    let asked = 0;
    const lookup: Lookup = (hostname, _options, callback) => {
      const address = hostname === 'cdn.example' && asked++ === 0 ? '203.0.113.10' : '127.0.0.1';
      callback(null, [{ address, family: 4 } satisfies LookupAddress]);
    };
    const dispatcher = createProfileDispatcher(
      { kind: 'remote', extraCaPem: null },
      { cdnUrl: `http://cdn.example:${port}/cdn`, apiUrl: 'https://api.example/v1', lookup },
    );
    // Something else asked first: the guard learned then that the CDN is on the internet.
    const first = await dispatcher
      .request({ origin: `http://elsewhere.example:${port}`, path: '/', method: 'GET' })
      .catch((e: unknown) => e);
    expect(isAddressRefused(first)).toBe(true);
    const { downloader, row } = setup(`http://cdn.example:${port}/cdn`, dispatcher);
    downloader.want('generation', GEN, 'output', `http://cdn.example:${port}/cdn/a.png`);
    await downloader.idle(30_000);
    expect(row('output')).toMatchObject({ state: 'failed', attempts: 1 });
    expect(said(row('output'))).toEqual({
      code: 'download_source_refused',
      params: { why: 'private_address', host: 'cdn.example', address: '127.0.0.1' },
    });
    expect(cdn.connections()).toBe(0);
  });
});
