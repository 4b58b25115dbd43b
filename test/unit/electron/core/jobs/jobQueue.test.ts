import { DatabaseSync } from 'node:sqlite';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredJobError } from '../../../../../electron/core/jobs/storedJobError.ts';
import { audioIntent, generationIntent } from '../../../../../electron/core/jobs/jobKinds.ts';
import { startFakeService, startKeyReusedService, GENERATION_BODY } from '../support/fakeService.ts';
import { json } from '../support/localServer.ts';
import { dbIn, generationJob, queueOn, startedQueue } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void>)[] = [];

type Started = ReturnType<typeof startedQueue>;

/** A speech step (2 credits) and a talk clip (5) that takes its audio_url and is quoted afresh. */
function enqueueSpeechThenTalk(q: Started) {
  const speech = {
    ...audioIntent({ voice_id: '22222222-2222-4222-8222-222222222222', text: 'Hello there' }),
    quoteId: null,
    quotedCredits: 2,
  };
  const talk = { ...generationIntent({ ...GENERATION_BODY, type: 'talk', prompt: 'say it' }), quoteId: null, quotedCredits: 5 };
  return q.queue.enqueue([
    speech,
    { ...talk, dependsOn: { index: 0 }, dependency: { into: 'options.audio_url', from: 'audio_url', requote: true } },
  ]);
}

/** What the poller does when the track is ready: the mirror updated, then the job settled. */
function speechReady(q: Started, trackId: string, audioUrl = 'https://cdn.example/voice.wav'): void {
  q.resources.upsertAudio({ id: trackId, name: 'Track', status: 'ready', audio_url: audioUrl });
  q.queue.resourceSettled('audio', trackId, true, null);
}
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('job queue (outbox)', () => {
  it('commits the intent before the first byte is sent and records the accepted id with the state change', async () => {
    const dir = tempDir();
    const seenInDb: unknown[] = [];
    const service = await startFakeService((req) => {
      if (req.method !== 'POST' || req.url !== '/v1/generations') return false;
      // A second connection to the same file sees the committed intent while its request is in flight.
      const other = new DatabaseSync(dbIn(dir), { readOnly: true });
      seenInDb.push(
        other.prepare('SELECT state, attempts, body FROM jobs WHERE idempotency_key = ?').get(String(req.headers['idempotency-key'])),
      );
      other.close();
      return false;
    });
    const q = startedQueue(service, cleanups, { dbPath: dbIn(dir) });
    const [job] = q.queue.enqueue([generationJob()]);
    const done = await q.until(job!.id, (j) => j.state === 'processing');
    expect(seenInDb).toEqual([{ state: 'sending', attempts: 1, body: done.body }]);
    expect(done.resource_id).toBeTruthy();
    expect(done.credits_used).toBe(3);
    expect(q.library.get('SELECT status FROM generations WHERE id = ?', done.resource_id)).toEqual({ status: 'processing' });
    expect(q.events.map((e) => e.state)).toEqual(['queued', 'sending', 'processing']);
  });

  it('after a crash mid-request, resends the in-doubt job with the same key and bytes, charged once', async () => {
    const dir = tempDir();
    let hang = true;
    const service = await startFakeService((req) => (hang && req.url === '/v1/generations' ? true : false));
    cleanups.push(() => service.close());
    const first = queueOn({ dbPath: dbIn(dir), baseUrl: service.url });
    first.queue.start();
    const [job] = first.queue.enqueue([generationJob()]);
    await first.until(job!.id, (j) => j.state === 'sending' && j.attempts === 1);
    await new Promise((r) => setTimeout(r, 100));
    await first.close(); // the process "dies" with the request unanswered
    hang = false;
    const second = queueOn({ dbPath: dbIn(dir), baseUrl: service.url });
    cleanups.push(() => second.close());
    second.queue.start();
    const done = await second.until(job!.id, (j) => j.state === 'processing');
    const posts = service.seen.filter((r) => r.url === '/v1/generations');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers['idempotency-key']).toBe(posts[1]!.headers['idempotency-key']);
    expect(posts[0]!.body.equals(posts[1]!.body)).toBe(true);
    expect(service.charges).toHaveLength(1);
    expect(done.attempts).toBe(2);
  });

  it('fails a refused intent with the service’s sentence; a retry is a new intent with a new key', async () => {
    const dir = tempDir();
    let refuse = true;
    const service = await startFakeService((req, res) => {
      if (refuse && req.url === '/v1/generations') {
        json(res, 400, { error: { code: 'validation_error', message: 'The prompt is too long', field: 'prompt' } });
        return true;
      }
      return false;
    });
    const q = startedQueue(service, cleanups, { dbPath: dbIn(dir) });
    const [job] = q.queue.enqueue([generationJob()]);
    const failed = await q.until(job!.id, (j) => j.state === 'failed');
    expect(readStoredJobError(failed)).toEqual({
      code: 'validation_error',
      params: {},
      field: 'prompt',
      serviceMessage: 'The prompt is too long',
    });
    expect(service.seen.filter((r) => r.url === '/v1/generations')).toHaveLength(1);
    refuse = false;
    const retried = q.queue.retry(job!.id, null, 3);
    const done = await q.until(retried.id, (j) => j.state === 'processing');
    expect(done.idempotency_key).not.toBe(failed.idempotency_key);
    expect(done.retry_of).toBe(failed.id);
    expect(done.body).toBe(failed.body);
  });

  it('treats 409 idempotency_key_reused as a defect: failed, logged, never resent', async () => {
    const service = await startKeyReusedService();
    const q = startedQueue(service, cleanups);
    const [job] = q.queue.enqueue([generationJob()]);
    const failed = await q.until(job!.id, (j) => j.state === 'failed');
    await new Promise((r) => setTimeout(r, 200));
    expect(failed.error_code).toBe('key_reused');
    expect(service.seen.filter((r) => r.url === '/v1/generations')).toHaveLength(1);
    expect(q.log.lines.some((l) => l.level === 'error' && /Defect/.test(l.message))).toBe(true);
  });

  it('parks intents while the service is unreachable and sends them, same key, when it is back', async () => {
    const service = await startFakeService();
    const { port } = service.server.address() as AddressInfo;
    const url = service.url;
    await service.close(); // nothing listens: connection refused
    const q = queueOn({ dbPath: dbIn(tempDir()), baseUrl: url });
    cleanups.push(() => q.close());
    q.queue.start();
    const [job] = q.queue.enqueue([generationJob()]);
    const parked = await q.until(job!.id, (j) => j.state === 'waiting_connection');
    expect(parked.error_code).toBe('network_error');
    service.server.listen(port, '127.0.0.1');
    cleanups.push(() => service.close());
    const done = await q.until(job!.id, (j) => j.state === 'processing');
    expect(new Set(service.seen.map((r) => r.headers['idempotency-key']))).toEqual(new Set([done.idempotency_key]));
  });

  it('waits while offline, then goes by itself when connectivity returns', async () => {
    const service = await startFakeService();
    cleanups.push(() => service.close());
    const q = queueOn({ dbPath: dbIn(tempDir()), baseUrl: service.url });
    cleanups.push(() => q.close());
    q.setOnline(false);
    q.queue.start();
    const [job] = q.queue.enqueue([generationJob()]);
    await q.until(job!.id, (j) => j.state === 'waiting_connection');
    await new Promise((r) => setTimeout(r, 150));
    expect(service.seen).toHaveLength(0);
    q.setOnline(true);
    await q.until(job!.id, (j) => j.state === 'processing');
  });

  it('pauses and resumes; cancels only what was never sent', async () => {
    const service = await startFakeService();
    const q = startedQueue(service, cleanups);
    q.queue.pause();
    const [a, b] = q.queue.enqueue([generationJob('one'), generationJob('two')]);
    expect([a!.state, b!.state]).toEqual(['paused', 'paused']);
    expect(q.queue.list().pendingCredits).toBe(6);
    q.queue.cancel(b!.id);
    expect(q.store.require(b!.id).state).toBe('cancelled');
    q.queue.resume();
    const done = await q.until(a!.id, (j) => j.state === 'processing');
    expect(() => q.queue.cancel(done.id)).toThrow(expect.objectContaining({ code: 'cannot_cancel', params: { why: 'state' } }));
    expect(service.seen.filter((r) => r.url === '/v1/generations')).toHaveLength(1);
  });

  it('refuses a batch that pending work plus the batch would overdraw', async () => {
    const service = await startFakeService();
    cleanups.push(() => service.close());
    const q = queueOn({ dbPath: dbIn(tempDir()), baseUrl: service.url, overrides: { balance: () => 10 } });
    cleanups.push(() => q.close());
    q.queue.pause();
    q.queue.enqueue([generationJob('a'), generationJob('b')]);
    expect(() => q.queue.enqueue([generationJob('c'), generationJob('d')])).toThrow(
      expect.objectContaining({ code: 'balance_short', params: { need: 6, balance: 10, pending: 6, doing: 'request' } }),
    );
    expect(q.store.inStates(['paused'])).toHaveLength(2);
  });

  it('refuses a second intent on a quote already spent (a double click never pays twice)', async () => {
    const service = await startFakeService();
    cleanups.push(() => service.close());
    const q = queueOn({ dbPath: dbIn(tempDir()), baseUrl: service.url });
    cleanups.push(() => q.close());
    q.queue.pause();
    q.queue.enqueue([{ ...generationJob('once'), quoteId: 'quote-1' }]);
    expect(() => q.queue.enqueue([{ ...generationJob('once'), quoteId: 'quote-1' }])).toThrow(
      expect.objectContaining({ code: 'quote_used' }),
    );
    expect(q.store.inStates(['paused'])).toHaveLength(1);
  });

  it('holds each kind to its concurrency', async () => {
    let active = 0;
    let peak = 0;
    const service = await startFakeService(async (req) => {
      if (req.url !== '/v1/generations') return false;
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 60));
      active -= 1;
      return false;
    });
    const q = startedQueue(service, cleanups, { overrides: { concurrency: { 'generation.create': 2 } } });
    const jobs = q.queue.enqueue(Array.from({ length: 7 }, (_, i) => generationJob(`p${i}`)));
    for (const job of jobs) await q.until(job.id, (j) => j.state === 'processing');
    expect(peak).toBe(2);
  });

  it('sends a dependent step with its dependency’s output, quoted afresh; retrying it never re-pays the first step', async () => {
    const AUDIO_URL = 'https://cdn.example/voice.wav';
    let failTalk = true;
    const service = await startFakeService((req, res) => {
      if (req.url === '/v1/generations' && failTalk) {
        json(res, 402, { error: { code: 'insufficient_credits', message: 'no credits' } });
        return true;
      }
      return false;
    });
    const q = startedQueue(service, cleanups);
    const [s, t] = enqueueSpeechThenTalk(q);
    const sent = await q.until(s!.id, (j) => j.state === 'processing');
    await new Promise((r) => setTimeout(r, 100));
    expect(q.store.require(t!.id).state).toBe('queued'); // waits for the speech
    speechReady(q, sent.resource_id!, AUDIO_URL);
    const failed = await q.until(t!.id, (j) => j.state === 'failed');
    expect(JSON.parse(failed.body).options.audio_url).toBe(AUDIO_URL);
    expect(failed.quote_id).toBeTruthy();
    const talkPost = service.seen.find((r) => r.url === '/v1/generations')!;
    expect(talkPost.headers['quote-id']).toBe(failed.quote_id);
    failTalk = false;
    const retried = q.queue.retry(t!.id, null, 5);
    await q.until(retried.id, (j) => j.state === 'processing');
    expect(service.seen.filter((r) => r.url === '/v1/audio')).toHaveLength(1);
    expect(q.store.require(s!.id).state).toBe('done');
  });
  it('holds the steps after a failed step with a sentence, and sends them after that step is retried', async () => {
    let refuseSpeech = true;
    const service = await startFakeService((req, res) => {
      if (req.url === '/v1/audio' && refuseSpeech) {
        json(res, 400, { error: { code: 'validation_error', message: 'text is too long', field: 'text' } });
        return true;
      }
      return false;
    });
    const q = startedQueue(service, cleanups);
    const [s, t] = enqueueSpeechThenTalk(q);
    await q.until(s!.id, (j) => j.state === 'failed');
    const held = q.events.findLast((e) => e.id === t!.id)!;
    expect(held.state).toBe('queued');
    expect(held.error).toEqual({ code: 'dependency_failed', params: {} });
    expect(q.queue.pendingCredits()).toBe(5); // still set aside: a retry of the speech sends it
    expect(service.seen.filter((r) => r.url === '/v1/generations')).toHaveLength(0);

    refuseSpeech = false;
    const retried = q.queue.retry(s!.id, null, 2);
    expect(q.store.require(t!.id)).toMatchObject({ depends_on: retried.id, error_code: null, error_message: null });
    const accepted = await q.until(retried.id, (j) => j.state === 'processing');
    speechReady(q, accepted.resource_id!);
    await q.until(t!.id, (j) => j.state === 'processing');
    expect(service.seen.filter((r) => r.url === '/v1/generations')).toHaveLength(1);
  });
  it('stops a dependent step, unsent and uncharged, when its fresh price needs approval', async () => {
    const service = await startFakeService((req, res) => {
      if (req.method !== 'POST' || req.url !== '/v1/quotes' || !req.body.toString('utf8').includes('generations')) return false;
      json(res, 201, {
        data: {
          id: '33333333-3333-4333-8333-333333333333',
          operation_id: 'generations.create.v1',
          credits: 60,
          capability_version: 'c',
          pricing_version: 'p',
          input_hash: 'h',
          asset_hash: 'a',
          retry_budget: 1,
          approval: { required: true, state: 'pending' },
          expires_at: new Date(Date.now() + 900_000).toISOString(),
          expired: false,
          created_at: new Date().toISOString(),
        },
      });
      return true;
    });
    const q = startedQueue(service, cleanups);
    const [s, t] = enqueueSpeechThenTalk(q);
    const sent = await q.until(s!.id, (j) => j.state === 'processing');
    speechReady(q, sent.resource_id!);
    const stopped = await q.until(t!.id, (j) => j.state === 'failed');
    expect(stopped).toMatchObject({ error_code: 'needs_approval', attempts: 0 });
    expect(readStoredJobError(stopped)).toEqual({ code: 'needs_approval', params: { credits: 60 } });
    expect(service.seen.filter((r) => r.url === '/v1/generations')).toHaveLength(0);
  });
});
