import { OPERATION_IDS } from '../../../shared/api/index.ts';
import type { CommandInput, CommandName, CommandOutput, Job } from '../../../shared/ipc/index.ts';
import type { BrowserHost } from '../../../electron/web/browserHost.ts';

/** How long the waits of a driver hold before they give up (milliseconds). */
export type Patience = {
  /** A condition on core's state (`until` without its own timeout). */
  readonly state: number;
  /** A job to finish. */
  readonly job: number;
};

/**
 * Test setup and checks straight through core's router, as the renderer would send them, on the
 * host a test currently runs (a subclass says which: it may change over a restart).
 */
export abstract class CoreDriver {
  abstract readonly host: BrowserHost;
  private readonly patience: Patience;

  protected constructor(patience: Patience) {
    this.patience = patience;
  }

  /** A command straight to core's router; a refusal throws with its code and message. */
  async call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
    const reply = await this.host.core.router.handle(command, input);
    if (!reply.ok) throw new Error(`${command} failed: ${JSON.stringify(reply.error)}`);
    return reply.value as CommandOutput<C>;
  }

  /** Polls a condition on core's state (a named state, not a sleep) until it holds. */
  async until<T>(
    what: string,
    probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
    timeout = this.patience.state,
  ): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  /** Waits until the job is done; a failed or cancelled job throws with its reason. */
  async jobDone(job: Job): Promise<Job> {
    return this.until(
      `job ${job.title.subject} to finish`,
      async () => {
        const { jobs } = await this.call('jobs.list', {});
        const found = jobs.find((each) => each.id === job.id);
        if (found?.state === 'failed' || found?.state === 'cancelled')
          throw new Error(`${job.title.subject} ended ${found.state}: ${JSON.stringify(found.error)}`);
        return found?.state === 'done' ? found : null;
      },
      this.patience.job,
    );
  }

  /** Creates a character through core with its quote and waits until it is ready: its id. */
  async createCharacter(name: string): Promise<string> {
    const body = { name, parameters: { creationType: 'human' as const, gender: 'female', age: '30s', artStyle: 'photorealistic' } };
    const price = await this.call('quotes.price', { operationId: OPERATION_IDS.createCharacter, input: body });
    const done = await this.jobDone(await this.call('characters.create', { body, quoteId: price.quoteId }));
    const id = done.resourceId;
    if (!id) throw new Error('The character job finished without a character id.');
    await this.until('the character to be ready', async () => (await this.call('characters.get', { id })).status === 'ready');
    return id;
  }
}
