import { beforeAll, describe, expect, it } from 'vitest';
import { UploadResponse } from '../../shared/api/index.ts';
import { body, expectError, samplePng, sandboxWithUser } from './helpers.ts';

const ctx = sandboxWithUser();

const send = (bytes: Uint8Array | string, type: string | null, key = ctx.user.key) =>
  ctx.sb.request('POST', '/v1/uploads', { auth: key, body: bytes, headers: type ? { 'content-type': type } : {} });

describe('uploads (decision for spec 4.7 "not shown")', () => {
  it('decision: POST /v1/uploads with raw bytes returns an immutable, content-addressed HTTPS CDN URL owned by the caller', async () => {
    const bytes = samplePng();
    const res = await send(bytes, 'image/png');
    expect(res.status).toBe(201);
    const d = body(res, UploadResponse).data;
    expect(d.url).toBe(`${ctx.sb.ready.cdn_url}/${d.sha256}.png`);
    expect(d.url.startsWith('https://')).toBe(true);
    expect(d).toMatchObject({ content_type: 'image/png', size: bytes.length });
    const again = body(await send(bytes, 'image/png'), UploadResponse).data;
    expect(again.url).toBe(d.url);
    expect(again.id).toBe(d.id);
  });

  it('decision: an unlisted Content-Type is 415; bytes that are not the declared type are 415', async () => {
    expectError(await send(samplePng(), 'image/gif'), 415, 'unsupported_media_type');
    expectError(await send(samplePng(), null), 415, 'unsupported_media_type');
    expectError(await send(samplePng(), 'audio/wav'), 415, 'unsupported_media_type');
    expectError(await send('hello', 'image/png'), 415, 'unsupported_media_type');
  });

  it('decision: the bytes must carry the signature of the declared type, as the app checks it before sending', async () => {
    const head = (...parts: Array<string | number[]>) =>
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
    const taken: Array<[Buffer, string]> = [
      [head([0xff, 0xd8, 0xff, 0xe0], [0, 16]), 'image/jpeg'],
      [head('RIFF', [8, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
      [head('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg'],
      [head([0xff, 0xfb, 0x90, 0x64], [0, 0, 0, 0]), 'audio/mpeg'],
      [head('OggS', [0, 2, 0, 0]), 'audio/ogg'],
      [head([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4'],
      // An M4A is an MP4 container: the app reads it as audio/mp4, yet it passes as video/mp4.
      [head([0, 0, 0, 0x20], 'ftypM4A '), 'video/mp4'],
      [head([0x1a, 0x45, 0xdf, 0xa3], [0x9f, 0x42, 0x86, 0x81]), 'video/webm'],
    ];
    for (const [bytes, type] of taken) expect((await send(bytes, type)).status, type).toBe(201);
    // An AAC stream has a frame sync too, but it is not MP3; nor is an MPEG layer II frame.
    expectError(await send(head([0xff, 0xf1, 0x50, 0x80], [0, 0, 0, 0]), 'audio/mpeg'), 415, 'unsupported_media_type');
    expectError(await send(head([0xff, 0xfd, 0x90, 0x64], [0, 0, 0, 0]), 'audio/mpeg'), 415, 'unsupported_media_type');
    expectError(await send(head([0, 0, 0, 0x20], 'ftypisom'), 'audio/mpeg'), 415, 'unsupported_media_type');
  });

  it('decision: an image is at most 10 MiB (413 past it); an empty body is 400', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(samplePng());
    expectError(await send(big, 'image/png'), 413, 'payload_too_large');
    expectError(await send(new Uint8Array(0), 'image/png'), 400, 'validation_error');
  });

  it('spec 5.1: uploading needs an API key', async () => {
    expectError(
      await ctx.sb.request('POST', '/v1/uploads', { auth: null, body: samplePng(), headers: { 'content-type': 'image/png' } }),
      401,
      'missing_api_key',
    );
  });
});

describe('CDN (cdn_url)', () => {
  let path = '';
  let size = 0;
  let sha = '';
  beforeAll(async () => {
    const bytes = samplePng();
    const d = body(await send(bytes, 'image/png'), UploadResponse).data;
    path = new URL(d.url).pathname;
    size = bytes.length;
    sha = d.sha256;
  });

  it('decision: GET serves Content-Type, Content-Length, a strong ETag and immutable caching, over HTTPS', async () => {
    const res = await ctx.sb.request('GET', path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Number(res.headers['content-length'])).toBe(size);
    expect(res.headers.etag).toBe(`"${sha}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('decision: Range requests answer 206 with Content-Range; an unsatisfiable range is 416', async () => {
    const part = await ctx.sb.request('GET', path, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${size}`);
    expect(part.bytes.length).toBe(8);
    const tail = await ctx.sb.request('GET', path, { headers: { range: 'bytes=-4' } });
    expect(tail.status).toBe(206);
    expect(tail.bytes.length).toBe(4);
    const open = await ctx.sb.request('GET', path, { headers: { range: 'bytes=10-' } });
    expect(open.bytes.length).toBe(size - 10);
    const bad = await ctx.sb.request('GET', path, { headers: { range: `bytes=${size}-` } });
    expect(bad.status).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('RFC 9110 14.2: a syntactically invalid Range is ignored: 200 with the whole body', async () => {
    for (const range of ['bytes=7-3', 'bytes=abc', 'bytes=1-2-3', 'pages=0-7', 'bytes=-', 'bytes=0-1,4-5']) {
      const res = await ctx.sb.request('GET', path, { headers: { range } });
      expect(res.status, range).toBe(200);
      expect(res.bytes.length, range).toBe(size);
      expect(res.headers['content-range'], range).toBeUndefined();
    }
    expect((await ctx.sb.request('GET', path, { headers: { range: 'BYTES=0-3' } })).status).toBe(206);
  });

  it('RFC 9110 13.1.2: If-None-Match uses the weak comparison and honours *', async () => {
    for (const tag of [`W/"${sha}"`, '*', `"other", W/"${sha}"`, ` "${sha}" `]) {
      const res = await ctx.sb.request('GET', path, { headers: { 'if-none-match': tag } });
      expect(res.status, tag).toBe(304);
      expect(res.headers.etag).toBe(`"${sha}"`);
    }
    expect((await ctx.sb.request('GET', path, { headers: { 'if-none-match': '"other", W/"else"' } })).status).toBe(200);
    expect((await ctx.sb.request('HEAD', path, { headers: { 'if-none-match': '*' } })).status).toBe(304);
  });

  it('decision: If-None-Match with the ETag is 304; HEAD has the headers and no body', async () => {
    expect((await ctx.sb.request('GET', path, { headers: { 'if-none-match': `"${sha}"` } })).status).toBe(304);
    const head = await ctx.sb.request('HEAD', path);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(size);
    expect(head.bytes.length).toBe(0);
  });

  it('decision: an unknown object, a wrong extension or a traversal attempt is 404', async () => {
    expect((await ctx.sb.request('GET', `/cdn/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await ctx.sb.request('GET', `/cdn/${sha}.jpg`)).status).toBe(404);
    expect((await ctx.sb.request('GET', '/cdn/..%2Fsandbox.db')).status).toBe(404);
    expect((await ctx.sb.request('GET', '/cdn/%2e%2e%2ftls%2fserver-key.pem')).status).toBe(404);
  });
});
