import { randomUUID } from 'node:crypto';
import { GenerationStatus, LIMITS, ListGenerationType, OPERATION_IDS, Timestamp, Uuid } from '../../../shared/api/index.ts';
import { charge, refundFor } from '../credits.ts';
import { transaction } from '../db/database.ts';
import { GENERATION_CONCURRENCY, jobDurationMs } from '../jobTiming.ts';
import { generationScope, prepareGeneration } from '../operations/generationOps.ts';
import { useQuote } from '../operations/quoteUse.ts';
import {
  cancelPending,
  countPending,
  countProcessing,
  findOwnedGeneration,
  generationJson,
  insertGeneration,
  listGenerations,
  softDeleteGeneration,
} from '../repos/generationRepo.ts';
import { SandboxError, notFound } from '../sandboxError.ts';
import { creating, type ExecuteInput, type Execution } from '../server/creating.ts';
import type { Reply } from '../server/http.ts';
import { isObject } from '../validation.ts';
import { pageOf, readStrictQuery } from '../server/pagination.ts';
import type { Router } from '../server/router.ts';
import { v1, type V1Context } from '../server/v1.ts';
import type { FaultKind } from '../faults.ts';

const DELETED_BEFORE_START = 'Deleted before it started; your credits were refunded.';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }) => (v: string) => schema.safeParse(v).success;

export function registerGenerations(router: Router): void {
  // spec 4.2 POST /v1/generations: 201, status processing (spec 2.3, 3), even when the record
  // waits internally as pending past the account's concurrency.
  router.add(
    'POST',
    '/v1/generations',
    creating({
      faultKind: (body) => {
        const type = isObject(body) ? body.type : undefined;
        return type === 'image' || type === 'video' || type === 'talk' ? (type satisfies FaultKind) : null;
      },
      scope: generationScope,
      execute: createGeneration,
    }),
  );

  // spec 4.2 GET /v1/generations: strict filters, invalid_cursor first, then invalid_filter, before any lookup.
  router.add('GET', '/v1/generations', v1(generationsPage));

  router.add(
    'GET',
    '/v1/generations/:id',
    v1(async (ctx) => {
      const g = findOwnedGeneration(ctx.services.db, ctx.actor.user.id, ctx.params.id ?? '');
      if (!g) throw notFound('generation');
      return { status: 200, body: { data: generationJson(g) } };
    }),
  );

  // Decision: DELETE hides the record (200 { data: { id, deleted: true } }). A running job still
  // finishes and its charge stands; a pending one never starts and is refunded, in the same transaction.
  router.add('DELETE', '/v1/generations/:id', v1(deleteGeneration));
}

function createGeneration({ ctx, body, operationKey, quoteId, now }: ExecuteInput): Execution {
  const s = ctx.services;
  const { resolved, character, binding } = prepareGeneration(s, ctx.actor, body);
  if (character.status !== 'ready') {
    throw new SandboxError(
      'invalid_state',
      `The character is ${character.status}; wait until it is ready, then try again.`,
      'character_id',
    );
  }
  const id = randomUUID();
  const credits = quoteId ? useQuote(s.db, ctx.actor, quoteId, binding, id, now) : binding.credits;
  const inFlight = countProcessing(s.db, ctx.actor.user.id, OPERATION_IDS.createGeneration);
  const queued = countPending(s.db, ctx.actor.user.id);
  // Decision (spec 3, use of pending): past the per-account concurrency, a generation waits as pending.
  const status = inFlight < GENERATION_CONCURRENCY && queued === 0 ? 'processing' : 'pending';
  insertGeneration(s.db, {
    id,
    userId: ctx.actor.user.id,
    characterId: character.id,
    characterVersion: character.currentVersion,
    type: resolved.type,
    operation: OPERATION_IDS.createGeneration,
    status,
    prompt: resolved.prompt,
    model: resolved.model,
    options: resolved.options,
    creditsUsed: credits,
    dueMs: status === 'processing' ? now.getTime() + jobDurationMs(s.speed, resolved.type) : null,
    now,
  });
  const remaining = charge(s.db, {
    userId: ctx.actor.user.id,
    amount: credits,
    description: `${resolved.type[0]?.toUpperCase()}${resolved.type.slice(1)} generation for "${character.name}"`,
    resourceId: id,
    operationKey,
    now,
  });
  return generationCreated(id, resolved.type, credits, remaining, now);
}

async function generationsPage(ctx: V1Context): Promise<Reply> {
  const q = readStrictQuery(ctx.query, {
    collection: 'generations',
    secret: ctx.services.cursorSecret,
    filters: { type: ok(ListGenerationType), character_id: ok(Uuid), status: ok(GenerationStatus) },
    others: { updated_after: ok(Timestamp) },
  });
  const s = ctx.services;
  const { after } = q;
  const limit = q.limit ?? LIMITS.listLimit.default;
  const { type, character_id: characterId, status, updated_after: updatedAfter } = q.values;
  const filters = {
    type,
    characterId,
    status,
    updatedAfter: updatedAfter === undefined ? undefined : new Date(updatedAfter).toISOString(),
  };
  const generations = listGenerations(s.db, ctx.actor.user.id, after, filters, limit + 1);
  return { status: 200, body: pageOf(generations, limit, s.cursorSecret, 'generations', generationJson) };
}

async function deleteGeneration(ctx: V1Context): Promise<Reply> {
  const s = ctx.services;
  const g = findOwnedGeneration(s.db, ctx.actor.user.id, ctx.params.id ?? '');
  if (!g) throw notFound('generation');
  const at = s.now();
  transaction(s.db, () => {
    if (cancelPending(s.db, g.id, DELETED_BEFORE_START, at.toISOString()))
      refundFor(s.db, g.id, `Refund: generation deleted before it started`, at);
    else softDeleteGeneration(s.db, g.id, at.toISOString());
  });
  return { status: 200, body: { data: { id: g.id, deleted: true } } };
}

function generationCreated(id: string, type: string, credits: number, remaining: number, now: Date): Execution {
  return {
    status: 201,
    headers: { Location: `/v1/generations/${id}` },
    body: {
      data: {
        id,
        status: 'processing',
        type,
        credits_used: credits,
        credits_remaining: remaining,
        created_at: now.toISOString(),
      },
    },
    resource: { kind: 'generation', id },
    store: true,
  };
}
