import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, MEDIA_BASE } from '../../../../electron/main/appUrls.ts';
import { mediaIdOf, mediaResponse, type MediaResolver } from '../../../../electron/main/mediaResponse.ts';

describe('the casmedia protocol', () => {
  let dir: string;
  let resolve: MediaResolver;
  // An MP4 head (a box size, then `ftyp`) and then filler: the type comes from these first bytes.
  const bytes = Buffer.concat([Buffer.from('\0\0\0\x18ftypisom', 'latin1'), Buffer.from(Array.from({ length: 988 }, (_, i) => i % 256))]);
  const page = Buffer.from('<!doctype html><script>alert(document.domain)</script>');
  // A file too large to read whole (a video): streamed, whole or by range, from the same bytes.
  const large = Buffer.concat([Buffer.from('\0\0\0\x18ftypisom', 'latin1'), Buffer.alloc(700 * 1024, 7)]);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-media-'));
    writeFileSync(join(dir, 'clip'), bytes);
    writeFileSync(join(dir, 'page'), page);
    writeFileSync(join(dir, 'large'), large);
    resolve = async (id) =>
      id === 'abc123'
        ? { path: join(dir, 'clip'), contentType: 'video/mp4', size: bytes.length }
        : id === 'page01'
          ? // The library says PNG; the bytes say otherwise, and the bytes win.
            { path: join(dir, 'page'), contentType: 'image/png', size: page.length }
          : id === 'large1'
            ? { path: join(dir, 'large'), contentType: 'video/mp4', size: large.length }
            : null;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    mediaResponse({ url, method, headers: new Headers(headers) }, resolve);

  it('serves a known id whole with its type and Accept-Ranges', async () => {
    const response = await get(`${MEDIA_BASE}abc123`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    // The page fetches media across origins (waveforms); only the app's own origin may read them.
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('serves a file whose bytes are no allowed media type as octet-stream, sandboxed', async () => {
    const response = await get(`${MEDIA_BASE}page01`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('serves a byte range with 206 so video can seek', async () => {
    const response = await get(`${MEDIA_BASE}abc123`, { Range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('serves a small file and a large one whole and by range with the same bytes and type, however it reads them', async () => {
    for (const [id, file] of [
      ['abc123', bytes],
      ['large1', large],
    ] as const) {
      const whole = await get(`${MEDIA_BASE}${id}`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(whole.headers.get('content-length')).toBe(String(file.length));
      expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
      const part = await get(`${MEDIA_BASE}${id}`, { Range: 'bytes=10-19' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-19/${file.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(10, 20))).toBe(true);
    }
  });

  it('answers HEAD without a body', async () => {
    const response = await get(`${MEDIA_BASE}abc123`, {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.body).toBeNull();
  });

  it('answers 404 for an id the library does not hold', async () => {
    expect((await get(`${MEDIA_BASE}unknown0`)).status).toBe(404);
  });

  it('refuses anything that is not an id: traversal, encoded traversal, absolute paths, other hosts', async () => {
    for (const url of [
      `${MEDIA_BASE}../etc/passwd`,
      `${MEDIA_BASE}..%2f..%2fetc%2fpasswd`,
      `${MEDIA_BASE}%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      `${MEDIA_BASE}/etc/passwd`,
      `${MEDIA_BASE}C:%5CWindows%5Cwin.ini`,
      'casmedia://other/abc123',
      `${MEDIA_BASE}abc123?path=/etc/passwd`,
      `${MEDIA_BASE}`,
    ]) {
      expect((await get(url)).status, url).toBe(400);
      expect(mediaIdOf(url), url).toBeNull();
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get(`${MEDIA_BASE}abc123`, {}, 'POST')).status).toBe(405);
  });
});
