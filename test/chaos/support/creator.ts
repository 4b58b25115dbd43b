import type { Job, Profile } from '../../../shared/ipc/index.ts';
import type { Core } from '../../../electron/core/createCore.ts';

export type CreatorCounts = {
  /** Times the creator pasted the key again after the service refused it (401). */
  keysPasted: number;
  /** Times the creator chose Send again on a job whose answer could not be saved. */
  sentAgain: number;
  /** Jobs that showed "saving the service’s answer failed" at least once. */
  answersNotSaved: number;
  /** Jobs in doubt that the service refused (401, 402, 403) and that were asked again with their key. */
  refusedInDoubt: number;
  /** Jobs whose outcome the app could not tell (history cannot show a regenerate) that the creator marked as done, having seen them ran. */
  markedDone: number;
};

/**
 * What a creator does when the app asks: pastes the same key again when the connection says the
 * service refused it, and chooses Send again on a job held because its answer could not be saved
 * (only once the library takes writes again, as the sentence asks). It also counts what it saw.
 */
export class ChaosCreator {
  readonly counts: CreatorCounts = { keysPasted: 0, sentAgain: 0, answersNotSaved: 0, refusedInDoubt: 0, markedDone: 0 };
  private readonly core: Core;
  private readonly apiKey: string;
  private readonly libraryRefusing: () => boolean;
  /** What the creator sees in their gallery and credits: whether the job with this request key ran. */
  private readonly ran: (idempotencyKey: string) => Promise<boolean>;
  private readonly notSaved = new Set<string>();
  private readonly refused = new Set<string>();
  private readonly unsubscribe: () => void;
  private running = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(core: Core, apiKey: string, libraryRefusing: () => boolean, ran: (idempotencyKey: string) => Promise<boolean>) {
    this.core = core;
    this.apiKey = apiKey;
    this.libraryRefusing = libraryRefusing;
    this.ran = ran;
    this.unsubscribe = core.router.subscribe((event, payload) => {
      if (event !== 'job.updated') return;
      const job = payload as Job;
      if (job.error?.code === 'answer_not_saved') this.notSaved.add(job.id);
      if (job.error?.code === 'refused_in_doubt') this.refused.add(job.id);
      this.counts.answersNotSaved = this.notSaved.size;
      this.counts.refusedInDoubt = this.refused.size;
    });
  }

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        await this.tend().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    this.unsubscribe();
  }

  /** One look at the app: the connection, then the queue. */
  async tend(): Promise<void> {
    const profiles = await this.core.router.handle('profiles.list', {});
    const active = profiles.ok ? (profiles.value as Profile[]).find((p) => p.active) : undefined;
    if (active?.keyState === 'needs_new_key') {
      const set = await this.core.router.handle('profiles.setKey', { id: active.id, apiKey: this.apiKey });
      if (set.ok) this.counts.keysPasted += 1;
    }
    if (this.libraryRefusing()) return;
    const list = await this.core.router.handle('jobs.list', {});
    if (!list.ok) return;
    for (const job of (list.value as { jobs: Job[] }).jobs) {
      if (job.state === 'waiting_connection' && job.error?.code === 'outcome_unknown') {
        await this.answerAsked(job);
        continue;
      }
      const held =
        job.error?.code === 'answer_not_saved' &&
        job.error.params.then === 'held' &&
        job.state !== 'done' &&
        job.state !== 'failed' &&
        job.state !== 'cancelled';
      if (!held) continue;
      const sent = await this.core.router.handle('jobs.retry', { id: job.id, quoteId: null });
      if (sent.ok) this.counts.sentAgain += 1;
    }
  }

  /**
   * A job the app cannot settle asks the creator: one who sees the item in the gallery (its charge
   * in the credits) marks it as done; otherwise it keeps waiting (and the run reports it).
   */
  private async answerAsked(job: Job): Promise<void> {
    const key = this.core.session()?.jobs.get(job.id)?.idempotency_key;
    if (!key || !(await this.ran(key))) return;
    const decided = await this.core.router.handle('jobs.decide', { id: job.id, choice: 'done' });
    if (decided.ok) this.counts.markedDone += 1;
  }
}
