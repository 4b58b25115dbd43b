import { randomUUID } from 'node:crypto';
import { charge } from '../credits.ts';
import { jobDurationMs } from '../jobTiming.ts';
import { useQuote } from '../operations/quoteUse.ts';
import { prepareVoice } from '../operations/voiceOps.ts';
import { PRESETS, findPreset, presetJson } from '../presets.ts';
import { getVoice, insertVoice, listVisibleVoices, voiceJson } from '../repos/voiceRepo.ts';
import { SandboxError, notFound } from '../sandboxError.ts';
import { creating, type ExecuteInput, type Execution } from '../server/creating.ts';
import type { Reply } from '../server/http.ts';
import { encodeCursor, readStrictQuery } from '../server/pagination.ts';
import type { Router } from '../server/router.ts';
import { v1, type V1Context } from '../server/v1.ts';

export function registerVoices(router: Router): void {
  // spec 4.4 POST /v1/voices/clone: 201 with status processing; poll GET /v1/voices/:id.
  router.add(
    'POST',
    '/v1/voices/clone',
    creating({
      faultKind: () => 'voice',
      scope: () => 'voices:write',
      execute: cloneVoice,
    }),
  );

  // spec 4.4 GET /v1/voices: owned and team voices + presets. `limit` activates pagination of the
  // owned/team collection; without it every one is returned (legacy). Presets repeat on every page.
  router.add('GET', '/v1/voices', v1(voicesPage));

  // spec 4.4 / 7 GET /v1/voices/:id: own voices and presets; a voice owned by another user is 403,
  // a teammate's included (the listing still shows team voices, spec 2.4).
  router.add('GET', '/v1/voices/:id', v1(readVoice));
}

function cloneVoice({ ctx, body, operationKey, quoteId, now }: ExecuteInput): Execution {
  const s = ctx.services;
  const { request, sample, binding } = prepareVoice(s, ctx.actor, body);
  const id = randomUUID();
  const credits = quoteId ? useQuote(s.db, ctx.actor, quoteId, binding, id, now) : binding.credits;
  const at = now.toISOString();
  const sourceType = request.setup_mode === 'voice_design' ? 'designed' : 'cloned';
  insertVoice(s.db, {
    id,
    userId: ctx.actor.user.id,
    name: request.name,
    description: request.description ?? null,
    sourceType,
    model: request.model,
    sourceSha256: sample?.object.sha256 ?? null,
    creditsUsed: credits,
    dueMs: now.getTime() + jobDurationMs(s.speed, 'voice'),
    at,
  });
  const remaining = charge(s.db, {
    userId: ctx.actor.user.id,
    amount: credits,
    description: `Voice "${request.name}" ${sourceType}`,
    resourceId: id,
    operationKey,
    now,
  });
  return {
    status: 201,
    headers: { Location: `/v1/voices/${id}` },
    body: {
      data: {
        id,
        name: request.name,
        status: 'processing',
        source_type: sourceType,
        model: request.model,
        credits_used: credits,
        credits_remaining: remaining,
        created_at: at,
      },
    },
    resource: { kind: 'voice', id },
    store: true,
  };
}

async function voicesPage(ctx: V1Context): Promise<Reply> {
  const q = readStrictQuery(ctx.query, {
    collection: 'voices',
    secret: ctx.services.cursorSecret,
    others: { presets: (v) => v === 'true' || v === 'false' },
  });
  const s = ctx.services;
  const { after } = q;
  const { user } = ctx.actor;
  const voices = listVisibleVoices(s.db, user.id, user.team, after, q.limit === null ? null : q.limit + 1);
  const hasMore = q.limit !== null && voices.length > q.limit;
  const page = hasMore ? voices.slice(0, q.limit ?? voices.length) : voices;
  const last = page[page.length - 1];
  return {
    status: 200,
    body: {
      data: {
        voices: page.map((v) => voiceJson(v, v.userId === user.id ? 'me' : 'team')),
        presets: q.values.presets === 'false' ? [] : PRESETS.map((p) => presetJson(p, s.presetPreviews.urlOf(p))),
      },
      meta: { has_more: hasMore, next_cursor: hasMore && last ? encodeCursor(s.cursorSecret, 'voices', last.seq) : null },
    },
  };
}

async function readVoice(ctx: V1Context): Promise<Reply> {
  const id = ctx.params.id ?? '';
  const preset = findPreset(id);
  if (preset) return { status: 200, body: { data: presetJson(preset, ctx.services.presetPreviews.urlOf(preset)) } };
  const voice = getVoice(ctx.services.db, id);
  if (!voice) throw notFound('voice');
  if (voice.userId !== ctx.actor.user.id) {
    throw new SandboxError('forbidden', 'This voice belongs to another user; you can open only your own voices and the presets.');
  }
  return { status: 200, body: { data: voiceJson(voice, 'me') } };
}
