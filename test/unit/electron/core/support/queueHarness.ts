import { join } from 'node:path';
import { Agent } from 'undici';
import type { Job } from '../../../../../shared/ipc/index.ts';
import { ApiClient } from '../../../../../electron/core/api/apiClient.ts';
import { HttpClient } from '../../../../../electron/core/api/httpClient.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import type { Accepted } from '../../../../../electron/core/jobs/acceptedAnswer.ts';
import { generationIntent } from '../../../../../electron/core/jobs/jobKinds.ts';
import { JobQueue, type QueueDeps } from '../../../../../electron/core/jobs/jobQueue.ts';
import { JobStore, type JobRecord } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { CaptureLog } from './captureLog.ts';
import { tempDir } from './tempDir.ts';
import { GENERATION_BODY } from './fakeService.ts';

export const TEST_KEY = `sk_live_${'1a'.repeat(32)}`;

/** A JobQueue on a real SQLite file, talking HTTP to a local server of the test's making. */
export function queueOn(options: { dbPath: string; baseUrl: string; overrides?: Partial<QueueDeps> }) {
  const library = LibraryDatabase.open(options.dbPath);
  const now = () => new Date().toISOString();
  const store = new JobStore(library, now);
  const resources = new ResourceStore(library, now);
  const log = new CaptureLog();
  const dispatcher = new Agent({ keepAliveTimeout: 500 });
  const http = new HttpClient({ baseUrl: options.baseUrl, dispatcher, apiKey: () => TEST_KEY, clock: systemClock, random: () => 0.5, log });
  const api = new ApiClient(http, log);
  const events: Job[] = [];
  const accepted: { job: JobRecord; accepted: Accepted }[] = [];
  let online = true;
  const queue = new JobQueue({
    library,
    store,
    api: () => api,
    canSend: () => online,
    keyFingerprint: () => 'fp-1',
    balance: () => null,
    quote: async (operationId, input) => {
      const quote = await api.createQuote({ operation_id: operationId, input }, `quote-${Math.random()}`);
      resources.upsertQuote(quote);
      return quote;
    },
    mirror: (a) => {
      if (a.mirror?.kind === 'generation') resources.upsertGeneration(a.mirror.record);
      if (a.mirror?.kind === 'audio') resources.upsertAudio(a.mirror.record);
    },
    accepted: (job, a) => accepted.push({ job, accepted: a }),
    emit: (job) => events.push(job),
    clock: systemClock,
    random: () => 0.5,
    log,
    submitPolicy: { baseMs: 5, capMs: 20, maxAttempts: 3, inlineRetryAfterMs: 2_000 },
    resendPolicy: { baseMs: 50, capMs: 100, maxAttempts: 1, inlineRetryAfterMs: 100 },
    ...options.overrides,
  });
  return {
    library,
    store,
    resources,
    queue,
    api,
    log,
    events,
    accepted,
    setOnline: (value: boolean) => {
      online = value;
      queue.connectivityChanged();
    },
    async close() {
      await queue.stop();
      library.close();
      await dispatcher.close();
    },
    /** Waits until `test` holds for the job's stored state. */
    async until(jobId: string, test: (job: JobRecord) => boolean, timeoutMs = 10_000): Promise<JobRecord> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const job = store.require(jobId);
        if (test(job)) return job;
        if (Date.now() > end) throw new Error(`Job ${jobId} stuck in ${job.state} (${job.error_code ?? ''} ${job.error_message ?? ''})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

export function dbIn(dir: string): string {
  return join(dir, 'library.db');
}

/** The generation the queue tests enqueue: GENERATION_BODY with its own prompt when given, quoted at 3 credits unless said. */
export function generationJob(prompt = GENERATION_BODY.prompt, quotedCredits: number | null = 3) {
  return { ...generationIntent({ ...GENERATION_BODY, prompt }), quoteId: null, quotedCredits };
}

/**
 * A started queue on a fresh library (or `dbPath`) over `service`. The queue, then the service,
 * close with the test's `cleanups`, which run in reverse order.
 */
export function startedQueue(
  service: { url: string; close: () => Promise<void> },
  cleanups: (() => Promise<void>)[],
  options: { dbPath?: string; overrides?: Partial<QueueDeps> } = {},
): ReturnType<typeof queueOn> {
  cleanups.push(() => service.close());
  const q = queueOn({
    dbPath: options.dbPath ?? dbIn(tempDir()),
    baseUrl: service.url,
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  cleanups.push(() => q.close());
  q.queue.start();
  return q;
}
