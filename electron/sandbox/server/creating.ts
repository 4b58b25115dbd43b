import { setTimeout as sleep } from 'node:timers/promises';
import type { Scope } from '../../../shared/api/index.ts';
import { requireScope } from '../auth.ts';
import { balanceOf } from '../credits.ts';
import { transaction } from '../db/database.ts';
import type { FaultKind } from '../faults.ts';
import { fingerprint } from '../idempotency.ts';
import { bindingFor } from '../operations/registry.ts';
import { findRecord, forgetRecord, insertRecord, type StoredResponse } from '../repos/idempotencyRepo.ts';
import { keyWasCharged } from '../repos/ledgerRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { JSON_BODY_LIMIT, parseJson, readBody, type Reply } from './http.ts';
import { isObject } from '../validation.ts';
import type { Handler } from './router.ts';
import { v1, type V1Context } from './v1.ts';

export type Execution = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  resource: { kind: string; id: string } | null;
  /** false for answers that changed nothing and must not be replayed (revert's "still reconciling"). */
  store: boolean;
};

export type ExecuteInput = {
  ctx: V1Context;
  body: unknown;
  /** `<api key id>:<Idempotency-Key>`, carried by the charge so the ledger can count it. */
  operationKey: string;
  quoteId: string | null;
  now: Date;
};

export type CreatingSpec = {
  /** The fault-injection kind (latency, 202 ambiguity); null for requests that create no job. */
  faultKind: (body: unknown) => FaultKind | null;
  /**
   * spec 5.3: the scope, decided from the body alone, before any resource or pricing read;
   * null when the body names no known operation (validation refuses it later).
   */
  scope: (body: unknown) => Scope | readonly Scope[] | null;
  /** Validation, reads and writes; runs inside one transaction with the idempotency record. */
  execute: (input: ExecuteInput) => Execution;
  /** How an exact repeat is answered; default: the stored status, headers and body. */
  replay?: (stored: StoredResponse, ctx: V1Context) => Reply;
  /** spec 4.3: quotes require Content-Type: application/json. */
  requireJson?: boolean;
};

const IDEMPOTENCY_KEY_MAX = 255;

/**
 * The life of every creating request (spec 4 general rules):
 * auth → webhook_url refusal (503, nothing created) → scope → Idempotency-Key →
 * per-key lock → replay / 409 on reuse → execute + record in one transaction.
 */
export function creating(spec: CreatingSpec): Handler {
  return v1(async (ctx) => {
    const body = await admittedBody(spec, ctx);
    const key = idempotencyKeyOf(ctx);
    const quoteId = header(ctx, 'quote-id') || null;
    const request: Keyed = { spec, ctx, body, key, quoteId, print: fingerprint(ctx.method, ctx.path, body, quoteId) };
    const outcome = await ctx.services.locks.run(`${ctx.actor.key.id}:${key}`, () => replayOrExecute(request));
    return faultedAnswer(request, outcome);
  });
}

/** One creating request once its body and Idempotency-Key are read. */
type Keyed = { spec: CreatingSpec; ctx: V1Context; body: unknown; key: string; quoteId: string | null; print: string };
type Outcome = { reply: Reply; fresh: boolean };

/** The body, once the content type, any webhook_url and the scope let it through. */
async function admittedBody(spec: CreatingSpec, ctx: V1Context): Promise<unknown> {
  if (spec.requireJson && !/^application\/json\s*(;|$)/i.test(ctx.req.headers['content-type'] ?? '')) {
    throw new SandboxError('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json.');
  }
  const body = ctx.services.variants.takeBack(parseJson(await readBody(ctx.req, JSON_BODY_LIMIT)), ctx.services.cdnUrl);
  // spec 4 / 6: webhook delivery is held; any webhook_url is refused before anything else.
  const webhookField = findWebhookUrl(body, '');
  if (webhookField !== null) {
    throw new SandboxError(
      'webhook_delivery_unavailable',
      'Webhook delivery is not available yet; remove webhook_url and poll the resource instead.',
      webhookField,
    );
  }
  const scope = spec.scope(body);
  if (scope !== null) requireScope(ctx.actor, scope);
  return body;
}

function idempotencyKeyOf(ctx: V1Context): string {
  const key = header(ctx, 'idempotency-key');
  if (!key)
    throw new SandboxError(
      'missing_idempotency_key',
      'Creating requests need an Idempotency-Key header: a fresh unique value per operation, reused on retry.',
      'Idempotency-Key',
    );
  if (key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) {
    throw new SandboxError(
      'validation_error',
      `Idempotency-Key must be 1-${IDEMPOTENCY_KEY_MAX} printable ASCII characters.`,
      'Idempotency-Key',
    );
  }
  return key;
}

/** Under the per-key lock: the stored answer for an exact repeat, 409 on reuse, else the execution. */
async function replayOrExecute({ spec, ctx, body, key, print, quoteId }: Keyed): Promise<Outcome> {
  const { db, variants } = ctx.services;
  const lockKey = `${ctx.actor.key.id}:${key}`;
  variants.beforeReplay({
    route: ctx.route,
    actor: ctx.actor,
    creditsFor: (op) => bindingFor(ctx.services, ctx.actor, op, body, { character_id: ctx.params.id ?? '' }).credits,
    balance: () => balanceOf(db, ctx.actor.user.id),
  });
  const retention = variants.idempotencyRetentionMs();
  if (retention !== null) forgetRecord(db, ctx.actor.key.id, key, new Date(ctx.services.now().getTime() - retention));
  const stored = findRecord(db, ctx.actor.key.id, key);
  if (stored) {
    if (stored.fingerprint !== print) {
      throw new SandboxError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request; use a fresh key for a new operation.',
        'Idempotency-Key',
      );
    }
    if (spec.faultKind(body) !== null) ctx.services.faults.refuseReplay();
    return { reply: replayOf(spec, stored, ctx), fresh: false };
  }
  // A key that ran but whose record a short retention forgot is a repeat too: an injected
  // refusal of repeats comes before it would run (and be charged) again.
  if (spec.faultKind(body) !== null && ctx.services.faults.refusesReplays() && keyWasCharged(db, lockKey))
    ctx.services.faults.refuseReplay();
  const execution = executeAndRecord({ spec, ctx, body, key, print, quoteId });
  if (execution.store) ctx.services.nudge();
  return { reply: { status: execution.status, body: execution.body, headers: execution.headers ?? {} }, fresh: execution.store };
}

/** The execution and its idempotency record, in one transaction. */
function executeAndRecord({ spec, ctx, body, key, print, quoteId }: Keyed): Execution {
  const { db } = ctx.services;
  const now = ctx.services.now();
  return transaction(db, () => {
    const result = spec.execute({ ctx, body, operationKey: `${ctx.actor.key.id}:${key}`, quoteId, now });
    if (result.store) {
      insertRecord(db, {
        apiKeyId: ctx.actor.key.id,
        key,
        userId: ctx.actor.user.id,
        method: ctx.method,
        path: ctx.path,
        fingerprint: print,
        status: result.status,
        headers: result.headers ?? {},
        body: result.body,
        resourceKind: result.resource?.kind ?? null,
        resourceId: result.resource?.id ?? null,
        now,
      });
    }
    return result;
  });
}

/** Injected latency, and the injected ambiguous answer to a committed operation. */
async function faultedAnswer({ spec, ctx, body }: Keyed, outcome: Outcome): Promise<Reply> {
  const kind = spec.faultKind(body);
  if (!kind) return outcome.reply;
  const latency = ctx.services.faults.latencyMs(kind);
  if (latency > 0) await sleep(latency);
  // Fault: the operation is committed, but the answer is ambiguous; the retry replays the result.
  if (outcome.fresh && ctx.services.faults.ambiguous()) {
    return {
      status: 202,
      body: {
        status: 'reconciling',
        message: 'The outcome is not known yet; retry the exact same request with the same Idempotency-Key.',
      },
    };
  }
  return outcome.reply;
}

function replayOf(spec: CreatingSpec, stored: StoredResponse, ctx: V1Context): Reply {
  const base = spec.replay ? spec.replay(stored, ctx) : { status: stored.status, body: stored.body, headers: stored.headers };
  return { ...base, headers: { ...base.headers, 'Idempotency-Replayed': 'true' } };
}

function header(ctx: V1Context, name: string): string {
  const value = ctx.req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** The path of the first `webhook_url` key anywhere in the body, or null. */
export function findWebhookUrl(value: unknown, path: string): string | null {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findWebhookUrl(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k === 'webhook_url' && v !== undefined) return here;
    const found = findWebhookUrl(v, here);
    if (found) return found;
  }
  return null;
}
