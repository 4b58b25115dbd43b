import { randomUUID } from 'node:crypto';
import { OPERATION_IDS, isTerminal } from '../../../shared/api/index.ts';
import { balanceOf, refundFor } from '../credits.ts';
import { prepareRegenerate, prepareRevert } from '../operations/characterOps.ts';
import { startPortraitGeneration } from '../operations/portraitGeneration.ts';
import { useQuote } from '../operations/quoteUse.ts';
import { getVersion, revertTo, startRegeneration } from '../repos/characterRepo.ts';
import { getGeneration } from '../repos/generationRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { creating, type ExecuteInput, type Execution } from '../server/creating.ts';
import type { Reply } from '../server/http.ts';
import type { V1Context } from '../server/v1.ts';
import type { StoredResponse } from '../repos/idempotencyRepo.ts';
import type { Router } from '../server/router.ts';

export function registerCharacterVersions(router: Router): void {
  // spec 4.1 regenerate: a ready, owned character; 201 + Location of the generation to poll;
  // 200 exact terminal recovery; 202 when the outcome is ambiguous (fault injection).
  router.add(
    'POST',
    '/v1/characters/:id/regenerate',
    creating({
      faultKind: () => 'character',
      scope: () => 'characters:write',
      execute: regenerate,
      // spec 4.1: once the generation is terminal, the exact repeat answers 200 with the terminal state.
      replay: replayRegenerate,
    }),
  );

  // spec 4.1 revert: 200 reverted; 202 still reconciling; 409 invalid state (or key reuse).
  router.add(
    'POST',
    '/v1/characters/:id/revert',
    creating({
      faultKind: () => 'character',
      scope: () => 'characters:write',
      execute: revert,
    }),
  );
}

function revert({ ctx, body, quoteId, now }: ExecuteInput): Execution {
  const s = ctx.services;
  const { character, binding } = prepareRevert(s, ctx.actor, body, ctx.params.id ?? '');
  const current = getVersion(s.db, character.id, character.currentVersion);
  if (current?.status === 'generating' && current.origin === 'regenerate') {
    // The regeneration to undo is still running: nothing changes, and this answer is not
    // stored, so the exact retry executes once the regeneration is terminal.
    return {
      status: 202,
      body: { status: 'reconciling', message: 'The latest regeneration is still running; retry the exact same request shortly.' },
      resource: null,
      store: false,
    };
  }
  const previous =
    current && current.origin === 'regenerate' && current.previousVersion !== null
      ? getVersion(s.db, character.id, current.previousVersion)
      : null;
  if (!current || !previous) {
    throw new SandboxError('invalid_state', 'This character has no regeneration to revert.');
  }
  if (quoteId) useQuote(s.db, ctx.actor, quoteId, binding, character.id, now);
  // spec 3: any required refund is confirmed exactly once (refundFor is keyed on the charge).
  const refunded =
    current.status === 'failed' ? refundFor(s.db, current.generationId, `Refund: regeneration of "${character.name}" reverted`, now) : 0;
  revertTo(s.db, character.id, current, previous, now.toISOString());
  return {
    status: 200,
    body: {
      data: {
        character_id: character.id,
        version: previous.version,
        status: previous.status,
        headshot_url: previous.headshotUrl,
        fullbody_url: previous.fullbodyUrl,
        credits_refunded: refunded,
        credits_remaining: balanceOf(s.db, ctx.actor.user.id),
      },
    },
    resource: { kind: 'character', id: character.id },
    store: true,
  };
}

function replayRegenerate(stored: StoredResponse, ctx: V1Context): Reply {
  const generation = stored.resourceId ? getGeneration(ctx.services.db, stored.resourceId) : null;
  if (!generation || !isTerminal('generation', generation.status))
    return { status: stored.status, body: stored.body, headers: stored.headers };
  const data = (stored.body as { data: Record<string, unknown> }).data;
  return {
    status: 200,
    headers: stored.headers,
    body: { data: { ...data, status: generation.status, error_message: generation.errorMessage } },
  };
}

function regenerate({ ctx, body, operationKey, quoteId, now }: ExecuteInput): Execution {
  const s = ctx.services;
  const { character, customDetails, binding } = prepareRegenerate(s, ctx.actor, body, ctx.params.id ?? '');
  if (character.status !== 'ready') {
    throw new SandboxError('invalid_state', `The character is ${character.status}; only a ready character can be regenerated.`);
  }
  const generationId = randomUUID();
  const credits = quoteId ? useQuote(s.db, ctx.actor, quoteId, binding, generationId, now) : binding.credits;
  const version = startRegeneration(s.db, {
    characterId: character.id,
    previousVersion: character.currentVersion,
    customDetails: customDetails || null,
    generationId,
    at: now.toISOString(),
  });
  const remaining = startPortraitGeneration(s, {
    generationId,
    userId: ctx.actor.user.id,
    characterId: character.id,
    version,
    operation: OPERATION_IDS.regenerateCharacter,
    prompt: customDetails || null,
    options: customDetails ? { custom_details: customDetails } : {},
    credits,
    description: customDetails ? `Character "${character.name}" edited` : `Character "${character.name}" regenerated`,
    operationKey,
    now,
  });
  return {
    status: 201,
    headers: { Location: `/v1/generations/${generationId}` },
    body: {
      data: {
        character_id: character.id,
        generation_id: generationId,
        version,
        status: 'processing',
        credits_used: credits,
        credits_remaining: remaining,
      },
    },
    resource: { kind: 'generation', id: generationId },
    store: true,
  };
}
