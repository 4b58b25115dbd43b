import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Connection, Job } from '../../../../../shared/ipc/index.ts';
import { coreOnService, ok, startRemoteService, type Cleanups, type ServiceReply } from '../support/remoteCore.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CHARACTER = '11111111-1111-4111-8111-111111111111';

function quote(): ServiceReply {
  const now = new Date().toISOString();
  return {
    status: 201,
    body: {
      data: {
        id: randomUUID(),
        operation_id: 'generation.image',
        credits: 3,
        capability_version: 'c',
        pricing_version: 'p',
        input_hash: 'h',
        asset_hash: 'a',
        retry_budget: 1,
        approval: { required: false, state: null },
        expires_at: new Date(Date.now() + 900_000).toISOString(),
        expired: false,
        created_at: now,
      },
    },
  };
}

function accepted(): ServiceReply {
  return {
    status: 201,
    body: {
      data: {
        id: randomUUID(),
        status: 'processing',
        type: 'image',
        credits_used: 3,
        credits_remaining: 90,
        created_at: new Date().toISOString(),
      },
    },
  };
}

describe('a key refused for a moment', () => {
  it(
    'a 401 on one request, then an answer with the same key on another: the queue goes on, and the connection says the same',
    { timeout: 20_000 },
    async () => {
      let posts = 0;
      let refused!: () => void;
      const refusedOnce = new Promise<void>((resolve) => (refused = resolve));
      const service = await startRemoteService(
        async (req) => {
          if (req.method === 'POST' && req.path === '/v1/quotes') return quote();
          if (req.method !== 'POST' || req.path !== '/v1/generations') return undefined;
          posts += 1;
          if (posts === 1) {
            // The first request is answered only after another one was refused.
            await refusedOnce;
            return accepted();
          }
          if (posts === 2) {
            setTimeout(refused, 50);
            return { status: 401, body: { error: { code: 'invalid_api_key', message: 'Unknown API key' } } };
          }
          return accepted();
        },
        { balance: 100, cleanups },
      );
      const core = await coreOnService(service, cleanups);
      const events: Job[] = [];
      cleanups.push(core.router.subscribe((event, payload) => void (event === 'job.updated' && events.push(payload as Job))));
      const create = (prompt: string) =>
        ok<Job>(core, 'generations.create', { body: { character_id: CHARACTER, type: 'image', prompt }, quoteId: null });
      const first = await create('a lighthouse at dusk');
      const second = await create('a harbour at dawn');

      const settled = async (id: string) => {
        for (let i = 0; i < 400; i += 1) {
          const job = events.filter((e) => e.id === id).at(-1);
          if (job?.state === 'processing' || job?.state === 'failed') return job;
          await new Promise((r) => setTimeout(r, 20));
        }
        return events.filter((e) => e.id === id).at(-1);
      };
      expect((await settled(first.id))?.state).toBe('processing');
      const connection = await ok<Connection>(core, 'connection.get', {});
      expect(connection.profile?.keyState).toBe('ok');
      // The refused one was not in doubt (refused at the door): it goes again once the key is known good.
      expect((await settled(second.id))?.state).toBe('processing');
      expect(posts).toBe(3);
    },
  );
});
