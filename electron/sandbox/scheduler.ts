import { setTimeout as sleep } from 'node:timers/promises';
import { OPERATION_IDS } from '../../shared/api/index.ts';
import { transaction } from './db/database.ts';
import type { FaultKind } from './faults.ts';
import { GENERATION_CONCURRENCY, jobDurationMs, type JobKind } from './jobTiming.ts';
import { failAudio, renderAudio } from './jobs/audioJob.ts';
import { failCharacter, renderCharacter } from './jobs/characterJob.ts';
import { failGeneration, renderGeneration } from './jobs/generationJob.ts';
import { INJECTED_FAILURE } from './jobs/jobSupport.ts';
import { messageOf } from './messageOf.ts';
import { failVoice, renderVoice } from './jobs/voiceJob.ts';
import { processingAudio } from './repos/audioRepo.ts';
import {
  countProcessing,
  getGeneration,
  oldestPending,
  processingGenerationIds,
  startProcessing,
  usersWithPending,
  type GenerationRecord,
} from './repos/generationRepo.ts';
import { processingVoices } from './repos/voiceRepo.ts';
import type { Services } from './services.ts';

/** Renders in flight at once: the machine may have two cores shared with the app. */
const MAX_RUNNING = 8;

type Job = { key: string; kind: FaultKind; dueMs: number; render: () => Promise<() => void>; fail: (message: string) => void };

/**
 * Advances asynchronous work (decision, spec 3: transitions out of processing and the use of
 * pending): pending generations start when the account has a free slot; each processing job is
 * rendered off the request path and committed, in one transaction, no earlier than its due time.
 * State lives only in the database, so after a restart every job still pending or processing is
 * picked up again (resume).
 */
export class Scheduler {
  private readonly s: Services;
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly tickMs: number;

  constructor(services: Services) {
    this.s = services;
    this.tickMs = services.speed === 'fast' ? 50 : 250;
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.tick();
  }

  nudge(): void {
    if (!this.stopped) setImmediate(() => this.tick());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running.values()]);
  }

  private tick(): void {
    if (this.stopped) return;
    try {
      this.promotePending();
      for (const job of this.dueJobs()) {
        if (this.running.size >= MAX_RUNNING) break;
        this.launch(job);
      }
    } catch (error) {
      this.s.log(`scheduler: ${messageOf(error)}`);
    }
  }

  /** Decision: at most GENERATION_CONCURRENCY image/video/talk jobs of one account run at once; the oldest pending goes next. */
  private promotePending(): void {
    const { db } = this.s;
    for (const userId of usersWithPending(db)) {
      transaction(db, () => {
        const free = GENERATION_CONCURRENCY - countProcessing(db, userId, OPERATION_IDS.createGeneration);
        if (free <= 0) return;
        const now = this.s.now();
        for (const next of oldestPending(db, userId, free)) {
          startProcessing(db, next.id, now.getTime() + jobDurationMs(this.s.speed, next.type as JobKind), now.toISOString());
        }
      });
    }
  }

  private dueJobs(): Job[] {
    const { db } = this.s;
    const jobs: Job[] = [];
    for (const id of processingGenerationIds(db)) {
      const g = getGeneration(db, id);
      if (g && !this.running.has(`g:${g.id}`)) jobs.push(this.generationJob(g));
    }
    for (const { id, dueMs } of processingVoices(db)) {
      jobs.push({ key: `v:${id}`, kind: 'voice', dueMs, render: () => renderVoice(this.s, id), fail: (m) => failVoice(this.s, id, m) });
    }
    for (const { id, dueMs } of processingAudio(db)) {
      jobs.push({ key: `a:${id}`, kind: 'audio', dueMs, render: () => renderAudio(this.s, id), fail: (m) => failAudio(this.s, id, m) });
    }
    return jobs.filter((j) => !this.running.has(j.key));
  }

  private generationJob(g: GenerationRecord): Job {
    const isCharacter = g.type === 'character_create';
    return {
      key: `g:${g.id}`,
      kind: isCharacter ? 'character' : (g.type as FaultKind),
      dueMs: g.dueMs ?? 0,
      render: () => (isCharacter ? renderCharacter(this.s, g) : renderGeneration(this.s, g)),
      fail: (m) => (isCharacter ? failCharacter(this.s, g, m) : failGeneration(this.s, g, m)),
    };
  }

  private launch(job: Job): void {
    const work = this.execute(job).finally(() => this.running.delete(job.key));
    this.running.set(job.key, work);
  }

  private async execute(job: Job): Promise<void> {
    let finish: () => void;
    if (this.s.faults.shouldFail(job.kind)) {
      finish = () => job.fail(INJECTED_FAILURE);
    } else {
      try {
        const commit = await job.render();
        finish = commit;
      } catch (error) {
        const message = messageOf(error);
        finish = () => job.fail(`${message} Your credits were refunded.`);
      }
    }
    const wait = job.dueMs - this.s.now().getTime();
    if (wait > 0) await sleep(wait, undefined, { signal: this.abort.signal }).catch(() => undefined);
    // Stopping leaves the job in the database; the next start resumes it.
    if (this.stopped) return;
    try {
      transaction(this.s.db, finish);
    } catch (error) {
      this.s.log(`scheduler: could not commit ${job.key}: ${messageOf(error)}`);
    }
  }
}
