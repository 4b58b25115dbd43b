import { randomUUID } from 'node:crypto';
import { CreateQuoteRequest, DEFAULT_CAPABILITIES, LIMITS } from '../../../shared/api/index.ts';
import { num, str, strOrNull, type Db, type Row } from '../db/database.ts';
import { bindingFor, findOperation, scopeOfOperation } from '../operations/registry.ts';
import { PRICING_VERSION } from '../pricing.ts';
import { ApiError } from '../server/apiError.ts';
import { creating } from '../server/creating.ts';
import { isObject } from '../server/http.ts';
import type { Router } from '../server/router.ts';
import { parseOr400 } from '../server/validate.ts';
import { v1 } from '../server/v1.ts';

/** Decision: the provider retry budget bound into every quote. */
export const RETRY_BUDGET = 2;

/** spec 4.3: one opaque 404 for a missing quote and for one outside the caller's authority. */
const OPAQUE_404 = (): ApiError => new ApiError('not_found', 'No quote with this id.');

export function registerQuotes(router: Router): void {
  // spec 4.3 POST /v1/quotes: JSON + Idempotency-Key; scope of the quoted operation first; no side effects.
  router.add(
    'POST',
    '/v1/quotes',
    creating({
      requireJson: true,
      faultKind: () => null,
      scope: (body) => {
        const op = isObject(body) ? findOperation(body.operation_id) : null;
        return op ? scopeOfOperation(op, isObject(body) ? body.input : undefined) : null;
      },
      execute: ({ ctx, body, now }) => {
        const s = ctx.services;
        const request = parseOr400(CreateQuoteRequest, body);
        const op = findOperation(request.operation_id);
        if (!op) {
          const ids = DEFAULT_CAPABILITIES.operations.map((o) => o.operation_id).join(', ');
          throw new ApiError('validation_error', `Unknown operation_id; GET /v1/capabilities lists them: ${ids}.`, 'operation_id');
        }
        if (op.target && !request.target) throw new ApiError('validation_error', `${op.operation_id} acts on an existing ${op.target}; send target.character_id.`, 'target');
        if (!op.target && request.target) throw new ApiError('validation_error', `${op.operation_id} takes no target; remove it.`, 'target');
        const binding = bindingFor(s, ctx.actor, op, request.input, request.target);
        const { user } = ctx.actor;
        // Decision: approval is required above the account's spending threshold (default 50 credits).
        const required = binding.credits > user.approvalThreshold;
        const id = randomUUID();
        const expires = new Date(now.getTime() + LIMITS.quoteTtlSeconds * 1000).toISOString();
        s.db.prepare(
          `INSERT INTO quotes (id, user_id, api_key_id, payer_id, operation_id, input_hash, asset_hash, capability_version, pricing_version,
             credits, retry_budget, approval_required, approval_state, expires_at, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(id, user.id, ctx.actor.key.id, user.id, op.operation_id, binding.inputHash, binding.assetHash, DEFAULT_CAPABILITIES.capability_version, PRICING_VERSION, binding.credits, RETRY_BUDGET, required ? 1 : 0, required ? 'pending' : null, expires, now.toISOString());
        return { status: 201, headers: { Location: `/v1/quotes/${id}` }, body: { data: quoteJson(s.db, id, now) }, resource: { kind: 'quote', id }, store: true };
      },
      // spec 4.3: the exact repeat answers 200 (with Idempotency-Replayed) and the current projection.
      replay: (stored, ctx) => ({
        status: 200,
        headers: stored.headers,
        body: stored.resourceId ? { data: quoteJson(ctx.services.db, stored.resourceId, ctx.services.now()) } : stored.body,
      }),
    }),
  );

  // spec 4.3 / 5.7: readable only by the actor and API key that created it.
  router.add(
    'GET',
    '/v1/quotes/:id',
    v1(async (ctx) => {
      const row = ctx.services.db
        .prepare('SELECT id FROM quotes WHERE id = ? AND user_id = ? AND api_key_id = ?')
        .get(ctx.params.id ?? '', ctx.actor.user.id, ctx.actor.key.id) as Row | undefined;
      if (!row) throw OPAQUE_404();
      return { status: 200, body: { data: quoteJson(ctx.services.db, str(row, 'id'), ctx.services.now()) } };
    }),
  );
}

/** Decision: the quote body. Credits, versions, hashes, approval and expiry; never raw input or URLs. */
export function quoteJson(db: Db, id: string, now: Date): Record<string, unknown> {
  const row = db.prepare('SELECT * FROM quotes WHERE id = ?').get(id) as Row;
  const expiresAt = str(row, 'expires_at');
  return {
    id,
    operation_id: str(row, 'operation_id'),
    credits: num(row, 'credits'),
    capability_version: str(row, 'capability_version'),
    pricing_version: str(row, 'pricing_version'),
    input_hash: str(row, 'input_hash'),
    asset_hash: str(row, 'asset_hash'),
    retry_budget: num(row, 'retry_budget'),
    payer_id: str(row, 'payer_id'),
    approval: { required: num(row, 'approval_required') === 1, state: strOrNull(row, 'approval_state') },
    expires_at: expiresAt,
    expired: Date.parse(expiresAt) <= now.getTime(),
    used: strOrNull(row, 'used_by') !== null,
    created_at: str(row, 'created_at'),
  };
}
