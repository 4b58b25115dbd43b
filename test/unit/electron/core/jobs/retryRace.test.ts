import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../../../electron/core/ipc/appFailure.ts';
import { startFakeService } from '../support/fakeService.ts';
import { json } from '../support/localServer.ts';
import { dbIn, generationJob, queueOn, startedQueue } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error;
  }
}

describe('retrying a failed job', () => {
  it('two retries racing over two connections to one library make exactly one retry', async () => {
    const service = await startFakeService((req, res) => {
      if (req.url !== '/v1/generations') return false;
      json(res, 400, { error: { code: 'validation_error', message: 'The prompt is too long' } });
      return true;
    });
    const dbPath = dbIn(tempDir());
    // The second command arrives while the first is between its checks and its write (here: while
    // it reads the balance), over its own connection, as a second process on the folder would.
    let meanwhile: (() => void) | null = null;
    const a = startedQueue(service, cleanups, {
      dbPath,
      overrides: {
        balance: () => {
          const run = meanwhile;
          meanwhile = null;
          run?.();
          return null;
        },
      },
    });
    const b = queueOn({ dbPath, baseUrl: service.url });
    cleanups.push(() => b.close());
    const [job] = a.queue.enqueue([generationJob()]);
    await a.until(job!.id, (j) => j.state === 'failed');

    let second: unknown = null;
    meanwhile = () => (second = outcome(() => b.queue.retry(job!.id, null, 3)));
    const first = outcome(() => a.queue.retry(job!.id, null, 3));

    const retries = a.library.all<{ id: string }>('SELECT id FROM jobs WHERE retry_of = ?', job!.id);
    expect(retries).toHaveLength(1);
    const refused = [first, second].filter((r) => r instanceof AppFailure);
    expect(refused).toHaveLength(1);
    expect((refused[0] as AppFailure).code).toBe('already_retried');
  });
});
