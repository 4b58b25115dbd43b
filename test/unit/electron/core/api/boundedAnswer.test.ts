import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { JSON_ANSWER_BYTE_LIMIT } from '../../../../../shared/api/limits.ts';
import { HttpClient } from '../../../../../electron/core/api/httpClient.ts';
import { ServiceError } from '../../../../../electron/core/api/serviceError.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { startLocalServer } from '../support/localServer.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function clientOf(respond: Parameters<typeof startLocalServer>[0]) {
  const s = await startLocalServer(respond);
  const dispatcher = new Agent();
  closers.push(s.close, () => dispatcher.close());
  const http = new HttpClient({
    baseUrl: s.url,
    dispatcher,
    apiKey: () => 'k',
    clock: systemClock,
    random: () => 0.5,
    log: new CaptureLog(),
  });
  return { http, s };
}

const PAGE_START = '{"data":[';
const RECORD = `{"id":"00000000-0000-4000-8000-000000000000","status":"completed","prompt":"${'x'.repeat(900)}"},`;

describe('JSON answers have a size bound, enforced while they are read', () => {
  it('cuts off a list page without end at the bound: a clear error, not retried, the connection closed', async () => {
    let sent = 0;
    let closed = false;
    const { http, s } = await clientOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(PAGE_START);
      const more = (): void => {
        // Writes as fast as the reader takes them, for as long as the connection stays open.
        for (let written = true; written && !res.destroyed;) {
          sent += RECORD.length;
          written = res.write(RECORD);
        }
        if (!res.destroyed) res.once('drain', more);
      };
      res.on('close', () => (closed = true));
      more();
    });
    const before = process.memoryUsage();
    const error = (await http.send({ method: 'GET', path: '/v1/generations', retry: true }).catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.code).toBe('answer_too_large');
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/larger than Cast Studio reads \(8 MB\), so it was cut off/);
    expect(error.attempts).toBe(1);
    expect(s.seen).toHaveLength(1);
    await expect.poll(() => closed).toBe(true);
    // The server got to send about the bound (plus what sat in socket buffers), not more.
    expect(sent).toBeGreaterThan(JSON_ANSWER_BYTE_LIMIT);
    expect(sent).toBeLessThan(JSON_ANSWER_BYTE_LIMIT + 8 * 1024 * 1024);
    const after = process.memoryUsage();
    const grown = after.heapUsed + after.external + after.arrayBuffers - (before.heapUsed + before.external + before.arrayBuffers);
    expect(grown).toBeLessThan(100 * 1024 * 1024);
  });

  it('does not read an answer that announces more than the bound', async () => {
    let closed = false;
    const { http } = await clientOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * JSON_ANSWER_BYTE_LIMIT) });
      res.write(PAGE_START);
      res.on('close', () => (closed = true));
    });
    const error = (await http.send({ method: 'GET', path: '/v1/generations', retry: true }).catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe('answer_too_large');
    await expect.poll(() => closed).toBe(true);
  });

  it('reads an answer just under the bound whole', async () => {
    const records = Math.floor((JSON_ANSWER_BYTE_LIMIT - 100) / RECORD.length);
    const body = `${PAGE_START}${RECORD.repeat(records).slice(0, -1)}]}`;
    const { http } = await clientOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const answer = await http.send({ method: 'GET', path: '/v1/generations', retry: false });
    expect((answer.json as { data: unknown[] }).data).toHaveLength(records);
  });
});
