import { afterEach, describe, expect, it } from 'vitest';
import { SkipClock } from '../../../../integration/support/skipClock.ts';
import { startFakeService } from '../support/fakeService.ts';
import { json } from '../support/localServer.ts';
import { dbIn, generationJob, queueOn } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const WAIT_S = 600;

describe('a Retry-After across a restart', () => {
  it('is kept with the job: core restarted on the same library sends it only once the asked time has come', async () => {
    const dir = tempDir();
    let limited = true;
    const service = await startFakeService((req, res) => {
      if (!limited || req.url !== '/v1/generations') return false;
      json(res, 429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'retry-after': String(WAIT_S) });
      return true;
    });
    cleanups.push(() => service.close());
    const sent = (key: string) => service.seen.filter((r) => r.url === '/v1/generations' && r.headers['idempotency-key'] === key).length;
    const clock = new SkipClock();

    const first = queueOn({ dbPath: dbIn(dir), baseUrl: service.url, overrides: { clock } });
    first.queue.start();
    const [job] = first.queue.enqueue([generationJob('asked to wait')]);
    const parked = await first.until(job!.id, (j) => j.state === 'waiting_connection' && j.error_code === 'rate_limited');
    const until = Date.parse(parked.retry_after_until ?? '');
    expect(until - clock.now()).toBeGreaterThan((WAIT_S - 5) * 1_000);
    await first.close();

    limited = false;
    const second = queueOn({ dbPath: dbIn(dir), baseUrl: service.url, overrides: { clock } });
    cleanups.push(() => second.close());
    second.queue.start();
    // The queue shows the wait, and another job goes out meanwhile: the queue is running, the job waits.
    expect(second.queue.list().jobs.find((j) => j.id === job!.id)?.waitingUntil).toBe(new Date(until).toISOString());
    const [other] = second.queue.enqueue([generationJob('not asked to wait')]);
    await second.until(other!.id, (j) => j.state === 'processing');
    expect(sent(parked.idempotency_key)).toBe(1);

    clock.skip(WAIT_S * 1_000);
    const done = await second.until(job!.id, (j) => j.state === 'processing');
    expect(sent(done.idempotency_key)).toBe(2);
    expect(service.charges).toEqual([second.store.require(other!.id).idempotency_key, done.idempotency_key]);
  });
});
