import { afterEach, describe, expect, it } from 'vitest';
import { startFakeService } from '../support/fakeService.ts';
import { json } from '../support/localServer.ts';
import { dbIn, generationJob, queueOn } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('intents made offline, priced on a faulty network', () => {
  it('a pricing pass cut by one failure goes on where it stopped: each intent is quoted once', { timeout: 30_000 }, async () => {
    let quotes = 0;
    let created = 0;
    const service = await startFakeService((req, res) => {
      if (req.url !== '/v1/quotes') return false;
      quotes += 1;
      // The fourth quote, and every retry of it, meets a service that is briefly unavailable.
      if (quotes >= 4 && quotes <= 9) {
        json(res, 503, { error: { code: 'service_unavailable', message: 'Briefly unavailable' } }, { 'retry-after': '0' });
        return true;
      }
      created += 1;
      return false;
    });
    cleanups.push(() => service.close());
    const q = queueOn({ dbPath: dbIn(tempDir()), baseUrl: service.url });
    cleanups.push(() => q.close());
    q.setOnline(false);
    q.queue.start();
    const jobs = q.queue.enqueue([1, 2, 3, 4, 5].map((n) => generationJob(`take ${n}`, null)));
    q.setOnline(true);
    for (const job of jobs) await q.until(job.id, (j) => j.state === 'processing', 20_000);
    expect(created).toBe(5);
    expect(service.charges).toHaveLength(5);
  });
});
