import { randomUUID } from 'node:crypto';
import { LIMITS, MODEL_B_FIELDS, Uuid, defaultAudioName } from '../../../shared/api/index.ts';
import { charge } from '../credits.ts';
import { jobDurationMs } from '../jobTiming.ts';
import { prepareAudio } from '../operations/audioOps.ts';
import { useQuote } from '../operations/quoteUse.ts';
import { audioJson, findOwnedAudio, insertAudio, listAudio, softDeleteAudio } from '../repos/audioRepo.ts';
import { SandboxError, notFound } from '../sandboxError.ts';
import { creating, type ExecuteInput, type Execution } from '../server/creating.ts';
import type { Reply } from '../server/http.ts';
import { pageOf, readStrictQuery } from '../server/pagination.ts';
import type { Router } from '../server/router.ts';
import { v1, type V1Context } from '../server/v1.ts';

export function registerAudio(router: Router): void {
  // spec 4.5 POST /v1/audio: 201 with status processing; credits charged.
  router.add(
    'POST',
    '/v1/audio',
    creating({
      faultKind: () => 'audio',
      scope: () => 'speech:generate',
      execute: createAudio,
    }),
  );

  // spec 4.5 GET /v1/audio: voice_id, cursor, limit.
  router.add('GET', '/v1/audio', v1(audioPage));

  router.add(
    'GET',
    '/v1/audio/:id',
    v1(async (ctx) => {
      const a = findOwnedAudio(ctx.services.db, ctx.actor.user.id, ctx.params.id ?? '');
      if (!a) throw notFound('audio track');
      return { status: 200, body: { data: audioJson(a) } };
    }),
  );

  router.add(
    'DELETE',
    '/v1/audio/:id',
    v1(async (ctx) => {
      const s = ctx.services;
      const a = findOwnedAudio(s.db, ctx.actor.user.id, ctx.params.id ?? '');
      if (!a) throw notFound('audio track');
      softDeleteAudio(s.db, a.id, s.now().toISOString());
      return { status: 200, body: { data: { id: a.id, deleted: true } } };
    }),
  );
}

function createAudio({ ctx, body, operationKey, quoteId, now }: ExecuteInput): Execution {
  const s = ctx.services;
  const { request, voice, model, binding } = prepareAudio(s, ctx.actor, body);
  if (voice.status !== 'ready') {
    throw new SandboxError('invalid_state', `The voice is ${voice.status}; wait until it is ready, then try again.`, 'voice_id');
  }
  const id = randomUUID();
  const credits = quoteId ? useQuote(s.db, ctx.actor, quoteId, binding, id, now) : binding.credits;
  // spec 4.5: the default name is "Audio YYYY-MM-DD".
  const name = request.name ?? defaultAudioName(now);
  const extra: Record<string, string> = {};
  for (const field of MODEL_B_FIELDS) {
    const value = request[field];
    if (value !== undefined) extra[field] = value;
  }
  const at = now.toISOString();
  insertAudio(s.db, {
    id,
    userId: ctx.actor.user.id,
    voiceId: voice.id,
    name,
    text: request.text,
    model,
    emotion: request.emotion,
    extra,
    creditsUsed: credits,
    dueMs: now.getTime() + jobDurationMs(s.speed, 'audio'),
    at,
  });
  const remaining = charge(s.db, {
    userId: ctx.actor.user.id,
    amount: credits,
    description: `Speech "${name}" with ${voice.name}`,
    resourceId: id,
    operationKey,
    now,
  });
  return {
    status: 201,
    headers: { Location: `/v1/audio/${id}` },
    body: { data: { id, name, status: 'processing', credits_used: credits, credits_remaining: remaining, created_at: at } },
    resource: { kind: 'audio', id },
    store: true,
  };
}

async function audioPage(ctx: V1Context): Promise<Reply> {
  const q = readStrictQuery(ctx.query, {
    collection: 'audio',
    secret: ctx.services.cursorSecret,
    others: { voice_id: (v) => Uuid.safeParse(v).success },
  });
  const s = ctx.services;
  const { after } = q;
  const limit = q.limit ?? LIMITS.listLimit.default;
  const voiceId = q.values.voice_id;
  const tracks = listAudio(s.db, ctx.actor.user.id, after, voiceId, limit + 1);
  return { status: 200, body: pageOf(tracks, limit, s.cursorSecret, 'audio', audioJson) };
}
