import { randomUUID } from 'node:crypto';
import { LIMITS, OPERATION_IDS } from '../../../shared/api/index.ts';
import { characterJson, insertCharacter, listCharacters, requireOwnedCharacter, softDeleteCharacter } from '../repos/characterRepo.ts';
import { prepareCreateCharacter } from '../operations/characterOps.ts';
import { startPortraitGeneration } from '../operations/portraitGeneration.ts';
import { useQuote } from '../operations/quoteUse.ts';
import { creating, type ExecuteInput, type Execution } from '../server/creating.ts';
import { pageOf, readStrictQuery } from '../server/pagination.ts';
import type { Router } from '../server/router.ts';
import { v1 } from '../server/v1.ts';

export function registerCharacters(router: Router): void {
  // spec 4.1 POST /v1/characters: 201, status generating, credits charged; also a character_create generation.
  router.add(
    'POST',
    '/v1/characters',
    creating({
      faultKind: () => 'character',
      scope: () => 'characters:write',
      execute: createCharacter,
    }),
  );

  // spec 4.1 GET /v1/characters: cursor-paginated, newest first.
  router.add(
    'GET',
    '/v1/characters',
    v1(async (ctx) => {
      const q = readStrictQuery(ctx.query, { collection: 'characters', secret: ctx.services.cursorSecret });
      const s = ctx.services;
      const { after } = q;
      const limit = q.limit ?? LIMITS.listLimit.default;
      const characters = listCharacters(s.db, ctx.actor.user.id, after, limit + 1);
      return { status: 200, body: pageOf(characters, limit, s.cursorSecret, 'characters', (c) => characterJson(s.db, c)) };
    }),
  );

  // spec 4.1 GET /v1/characters/:id: the full record with headshot_url, fullbody_url, parameters, status.
  router.add(
    'GET',
    '/v1/characters/:id',
    v1(async (ctx) => {
      const c = requireOwnedCharacter(ctx.services.db, ctx.actor.user.id, ctx.params.id ?? '');
      return { status: 200, body: { data: characterJson(ctx.services.db, c) } };
    }),
  );

  // spec 4.1 DELETE; decision: 200 { data: { id, deleted: true } }, soft delete, later reads 404.
  router.add(
    'DELETE',
    '/v1/characters/:id',
    v1(async (ctx) => {
      const s = ctx.services;
      const c = requireOwnedCharacter(s.db, ctx.actor.user.id, ctx.params.id ?? '');
      softDeleteCharacter(s.db, c.id, s.now().toISOString());
      return { status: 200, body: { data: { id: c.id, deleted: true } } };
    }),
  );
}

function createCharacter({ ctx, body, operationKey, quoteId, now }: ExecuteInput): Execution {
  const s = ctx.services;
  const prepared = prepareCreateCharacter(s, ctx.actor, body);
  const id = randomUUID();
  const generationId = randomUUID();
  const credits = quoteId ? useQuote(s.db, ctx.actor, quoteId, prepared.binding, id, now) : prepared.binding.credits;
  const at = now.toISOString();
  const { request } = prepared;
  insertCharacter(s.db, {
    id,
    userId: ctx.actor.user.id,
    name: request.name,
    parameters: request.parameters,
    referenceImageUrls: request.reference_image_urls ?? [],
    generationId,
    at,
  });
  const remaining = startPortraitGeneration(s, {
    generationId,
    userId: ctx.actor.user.id,
    characterId: id,
    version: 1,
    operation: OPERATION_IDS.createCharacter,
    prompt: request.parameters.prompt ?? null,
    options: {},
    credits,
    description: `Character "${request.name}" created`,
    operationKey,
    now,
  });
  return {
    status: 201,
    headers: { Location: `/v1/characters/${id}` },
    body: {
      data: {
        id,
        name: request.name,
        status: 'generating',
        generation_id: generationId,
        credits_used: credits,
        credits_remaining: remaining,
        created_at: at,
      },
    },
    resource: { kind: 'character', id },
    store: true,
  };
}
