import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import type { DownloadRow } from '../../../../../electron/core/downloads/downloadStore.ts';
import { openSource } from '../../../../../electron/core/downloads/openSource.ts';
import { HttpStatusError } from '../../../../../electron/core/downloads/fileAnswer.ts';
import { startLocalServer } from '../support/localServer.ts';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A CDN on loopback that serves `/file.png?sig=good…` and refuses every other address with 403. */
async function signingCdn() {
  const cdn = await startLocalServer((req, res) => {
    res.writeHead(req.url.includes('sig=good') ? 200 : 403);
    res.end(req.url.includes('sig=good') ? 'bytes' : '');
  });
  closing.push(cdn.close);
  const dispatcher = new Agent();
  closing.push(() => dispatcher.close());
  return { cdn, dispatcher };
}

function row(url: string, updatedAt = new Date().toISOString()): DownloadRow {
  return {
    id: 'd1',
    url,
    owner_kind: 'generation',
    owner_id: 'g1',
    role: 'output',
    state: 'pending',
    content_id: null,
    content_type: null,
    expected_size: null,
    received: 0,
    attempts: 0,
    error_message: null,
    failure: null,
    updated_at: updatedAt,
  };
}

const request = () => ({ headers: {}, signal: new AbortController().signal });

describe('opening a download’s file at the CDN', () => {
  it('an address the CDN refuses is read again from the service and tried once more', async () => {
    const { cdn, dispatcher } = await signingCdn();
    const asked: string[] = [];
    const refresher = { fresh: async (r: { id: string }) => (asked.push(r.id), `${cdn.url}/file.png?sig=good`) };
    const { answer } = await openSource({ dispatcher, refresher, now: Date.now }, row(`${cdn.url}/file.png?sig=old`), request());
    expect(answer.statusCode).toBe(200);
    expect(await answer.body.text()).toBe('bytes');
    expect(asked).toEqual(['d1']);
    expect(cdn.seen.map((s) => s.url)).toEqual(['/file.png?sig=old', '/file.png?sig=good']);
  });

  it('refused again after the fresh read, the refusal stands: no second read', async () => {
    const { cdn, dispatcher } = await signingCdn();
    let reads = 0;
    const refresher = { fresh: async () => ((reads += 1), `${cdn.url}/file.png?sig=still-bad`) };
    const { answer } = await openSource({ dispatcher, refresher, now: Date.now }, row(`${cdn.url}/file.png?sig=old`), request());
    expect(answer.statusCode).toBe(403);
    await answer.body.dump();
    expect(reads).toBe(1);
    expect(cdn.seen).toHaveLength(2);
  });

  it('an address whose stated expiry passed is read again before any request goes to it', async () => {
    const { cdn, dispatcher } = await signingCdn();
    let reads = 0;
    const refresher = { fresh: async () => ((reads += 1), `${cdn.url}/file.png?sig=good&expires=4102444800`) };
    const expired = `${cdn.url}/file.png?sig=good&expires=${Math.floor(Date.now() / 1000) - 60}`;
    const { answer } = await openSource({ dispatcher, refresher, now: Date.now }, row(expired), request());
    expect(answer.statusCode).toBe(200);
    await answer.body.dump();
    expect(reads).toBe(1);
    expect(cdn.seen.map((s) => s.url)).toEqual(['/file.png?sig=good&expires=4102444800']);
  });

  it('a record the service no longer has is a file gone', async () => {
    const { cdn, dispatcher } = await signingCdn();
    const refresher = { fresh: async () => null };
    await expect(openSource({ dispatcher, refresher, now: Date.now }, row(`${cdn.url}/file.png?sig=old`), request())).rejects.toEqual(
      new HttpStatusError(404),
    );
  });
});
