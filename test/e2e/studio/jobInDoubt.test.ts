import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, type SandboxReady } from '../../../shared/api/index.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * A charged request in doubt that history cannot settle (two items on the service match it) asks
 * the creator in the queue: keep waiting, mark as done, or send again at their own risk with what
 * it may cost. Marking it done charges nothing more.
 */
describe.skipIf(chromiumMissing() !== null)('Queue: a job in doubt asks the creator', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let ready: SandboxReady;
  let dispatcher: Agent;

  /** The service directly, as another app of the same creator or the sandbox's operator would reach it. */
  const service = async (method: string, path: string, bearer: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${bearer}`,
      'idempotency-key': randomUUID(),
    };
    const response = await fetch(`${ready.base_url}${path}`, {
      method,
      headers,
      dispatcher,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };

  beforeAll(async () => {
    // Core in the test's thread: the test reads a job's idempotency key from its store.
    studio = await startStudioHost({ core: 'in-thread' });
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.startInSandbox();
    ready = studio.sandbox();
    dispatcher = new Agent({ connect: { ca: [studio.sandboxAdmin().caPem] } });
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
    await dispatcher?.close();
  });

  it(
    'offers keep waiting, mark as done and send again with its price; marking it done charges nothing more',
    { timeout: 120_000 },
    async () => {
      const made = await studio.call('characters.create', { body: { name: 'Ines', parameters: { creationType: 'human' } }, quoteId: null });
      const character = await app.waitForEvent('job.updated', (j) => j.id === made.id && j.state === 'done', 60_000);
      if (!character.resourceId) throw new Error('The character job finished without a character id.');
      const body = { character_id: character.resourceId, type: 'image' as const, prompt: 'two harbours alike' };
      // The same request made elsewhere first: history will hold two items that could be this job.
      await service('POST', '/v1/generations', ready.api_key, body);
      const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createGeneration, input: body });
      // The job's own request runs, its answer is "not settled yet" (202), and the exact repeat is refused with 402.
      await service('PUT', '/sandbox/faults', ready.admin_token, {
        ambiguous_202_rate: 1,
        refuse_replay_rate: 1,
        refuse_replay_with: [402],
      });
      const job = await studio.call('generations.create', { body, quoteId: price.quoteId });
      const asking = await app.waitForEvent(
        'job.updated',
        (j) => j.id === job.id && (j.error?.code === 'outcome_unknown' || j.state === 'failed'),
        90_000,
      );
      await service('PUT', '/sandbox/faults', ready.admin_token, {});
      expect(asking.state).toBe('waiting_connection');

      await app.go('queue');
      const row = app.page.locator(`li.job-row[data-job-id="${job.id}"]`);
      await expect.poll(() => row.locator('.job-note').first().textContent()).toMatch(/cannot tell whether the service ran this job/);
      await expect.poll(() => row.getByRole('button', { name: 'Keep waiting' }).count()).toBe(1);
      await expect
        .poll(() => row.locator('[data-action="send-again-at-risk"]').textContent())
        .toMatch(new RegExp(`may cost ${price.credits}`));
      await row.getByRole('button', { name: 'Mark as done' }).click();
      const done = await app.waitForEvent('job.updated', (j) => j.id === job.id && j.state === 'done');
      expect(done.error?.code).toBe('marked_done');

      const key = studio.host.core.session()!.jobs.require(job.id).idempotency_key;
      const ledger = (await service('GET', '/sandbox/ledger', ready.admin_token)) as {
        data: { operations: { idempotency_key: string; charges: number }[] };
      };
      expect(ledger.data.operations.filter((o) => o.idempotency_key === key).reduce((n, o) => n + o.charges, 0)).toBe(1);
    },
  );
});
