import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../../electron/core/api/apiClient.ts';
import { HttpClient } from '../../../../../electron/core/api/httpClient.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { uploadPathOf } from '../../../../../electron/core/serviceFacts/serviceFactsStore.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { json, startLocalServer } from '../support/localServer.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('an upload streamed from a file', () => {
  it('sends the whole file with its length, and the same bytes again on a retry', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const path = join(mkdtempSync(join(tmpdir(), 'cast-stream-')), 'take.mp4');
    writeFileSync(path, bytes);
    const server = await startLocalServer((_req, res, i) => {
      if (i === 0) return json(res, 503, { error: { code: 'service_unavailable', message: 'busy' } });
      return json(res, 201, {
        data: {
          id: '0b0e4f5c-7a4e-4b53-9c43-8f2b0f9a6d11',
          url: 'https://cdn.example.com/u/1',
          content_type: 'video/mp4',
          size: bytes.length,
          sha256: 'x',
          created_at: '2026-11-24T10:00:00Z',
        },
      });
    });
    closers.push(server.close);
    const dispatcher = new Agent();
    closers.push(() => dispatcher.close());
    const log = new CaptureLog();
    const http = new HttpClient({
      baseUrl: server.url,
      dispatcher,
      apiKey: () => `sk_live_${'ab'.repeat(32)}`,
      clock: systemClock,
      random: () => 0,
      log,
      observer: { answered: () => {}, unreachable: () => {}, keyRejected: () => {} },
    });
    const opened: number[] = [];
    const uploaded = await new ApiClient(http, log).upload(
      { length: bytes.length, open: () => (opened.push(1), createReadStream(path)) },
      'video/mp4',
      'key-1',
      '/media/uploads',
    );
    expect(uploaded.url).toBe('https://cdn.example.com/u/1');
    expect(opened).toHaveLength(2);
    expect(
      server.seen.map((seen) => [seen.url, seen.headers['content-length'], seen.headers['idempotency-key'], seen.headers['content-type']]),
    ).toEqual([
      ['/media/uploads', String(bytes.length), 'key-1', 'video/mp4'],
      ['/media/uploads', String(bytes.length), 'key-1', 'video/mp4'],
    ]);
    for (const seen of server.seen) expect(seen.body.equals(bytes)).toBe(true);
  });
});

describe('the upload path a catalog names', () => {
  it('is read from uploads.path, upload_path or an uploads.* operation, and only as a plain path', () => {
    expect(uploadPathOf({ uploads: { path: '/v2/media' } })).toBe('/v2/media');
    expect(uploadPathOf({ upload_path: '/v1/files' })).toBe('/v1/files');
    expect(uploadPathOf({ operations: [{ operation_id: 'uploads.create.v1', path: '/v1/assets' }] })).toBe('/v1/assets');
    expect(uploadPathOf({ operations: [{ operation_id: 'characters.create.v1', path: '/v1/characters' }] })).toBeNull();
    expect(uploadPathOf({ uploads: { path: 'https://elsewhere.example/steal' } })).toBeNull();
    expect(uploadPathOf({ upload_path: '/v1/../admin' })).toBeNull();
    expect(uploadPathOf(null)).toBeNull();
  });
});
