import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json, startLocalServer, type Seen } from './localServer.ts';

export type Hook = (req: Seen, res: ServerResponse, n: number) => boolean | Promise<boolean>;

/**
 * A small stand-in for the service's creating endpoints, idempotent per Idempotency-Key like the
 * real one (same key → same answer; same key with other bytes → 409). `hook` may answer first.
 * `loseAnswer` picks paid requests that run (and are charged) but whose answer never arrives: the
 * connection is cut after the commit.
 */
export async function startFakeService(hook: Hook = () => false, options: { loseAnswer?: (req: Seen) => boolean } = {}) {
  const byKey = new Map<string, { body: string; answer: unknown }>();
  const charges: string[] = [];
  const server = await startLocalServer(async (req, res, n) => {
    if (await hook(req, res, n)) return;
    const now = new Date().toISOString();
    if (req.method === 'POST' && req.url === '/v1/quotes') {
      const input = JSON.parse(req.body.toString('utf8')) as { operation_id: string };
      return json(res, 201, {
        data: {
          id: randomUUID(),
          operation_id: input.operation_id,
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
      });
    }
    if (req.method === 'POST') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const body = req.body.toString('utf8');
      const stored = byKey.get(key);
      if (stored) {
        if (stored.body !== body) return json(res, 409, { error: { code: 'idempotency_key_reused', message: 'reused' } });
        return json(res, 201, stored.answer, { 'idempotency-replayed': 'true' });
      }
      charges.push(key);
      const id = randomUUID();
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const answer =
        req.url === '/v1/audio'
          ? { data: { id, name: 'Track', status: 'processing', credits_used: 2, credits_remaining: 90, created_at: now } }
          : { data: { id, status: 'processing', type: parsed.type ?? 'image', credits_used: 3, credits_remaining: 97, created_at: now } };
      byKey.set(key, { body, answer });
      if (options.loseAnswer?.(req)) return void res.destroy();
      return json(res, 201, answer);
    }
    return json(res, 404, { error: { code: 'not_found', message: 'nope' } });
  });
  return { ...server, charges, byKey };
}

/** A service that answers every POST /v1/generations with 409 idempotency_key_reused. */
export function startKeyReusedService() {
  return startFakeService((req, res) => {
    if (req.url !== '/v1/generations') return false;
    json(res, 409, { error: { code: 'idempotency_key_reused', message: 'reused' } });
    return true;
  });
}

export const GENERATION_BODY = {
  character_id: '11111111-1111-4111-8111-111111111111',
  type: 'image' as const,
  prompt: 'a lighthouse at dusk',
};
