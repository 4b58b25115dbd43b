import { randomUUID } from 'node:crypto';
import { CreateQuoteRequest, DEFAULT_CAPABILITIES, LIMITS } from '../../../shared/api/index.ts';
import type { Db } from '../db/database.ts';
import { bindingFor, findOperation, scopeOfOperation } from '../operations/registry.ts';
import { PRICING_VERSION } from '../pricing.ts';
import { findIssuedQuote, getQuote, insertQuote } from '../repos/quoteRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { creating, type ExecuteInput, type Execution } from '../server/creating.ts';
import { isObject } from '../validation.ts';
import type { Router } from '../server/router.ts';
import { parseValid } from '../validation.ts';
import { v1 } from '../server/v1.ts';

/** Decision: the provider retry budget bound into every quote. */
export const RETRY_BUDGET = 2;

/** spec 4.3: one opaque 404 for a missing quote and for one outside the caller's authority. */
const OPAQUE_404 = (): SandboxError => new SandboxError('not_found', 'No quote with this id.');

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
      execute: createQuote,
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
      const quote = findIssuedQuote(ctx.services.db, ctx.params.id ?? '', ctx.actor.user.id, ctx.actor.key.id);
      if (!quote) throw OPAQUE_404();
      return { status: 200, body: { data: quoteJson(ctx.services.db, quote.id, ctx.services.now()) } };
    }),
  );
}

/** Decision: the quote body. Credits, versions, hashes, approval and expiry; never raw input or URLs. */
export function quoteJson(db: Db, id: string, now: Date): Record<string, unknown> {
  const quote = getQuote(db, id);
  if (!quote) throw new Error(`The quote ${id} is missing.`);
  return {
    id,
    operation_id: quote.operationId,
    credits: quote.credits,
    capability_version: quote.capabilityVersion,
    pricing_version: quote.pricingVersion,
    input_hash: quote.inputHash,
    asset_hash: quote.assetHash,
    retry_budget: quote.retryBudget,
    payer_id: quote.payerId,
    approval: { required: quote.approvalRequired, state: quote.approvalState },
    expires_at: quote.expiresAt,
    expired: Date.parse(quote.expiresAt) <= now.getTime(),
    used: quote.usedBy !== null,
    created_at: quote.createdAt,
  };
}

function createQuote({ ctx, body, now }: ExecuteInput): Execution {
  const s = ctx.services;
  const request = parseValid(CreateQuoteRequest, body);
  const op = findOperation(request.operation_id);
  if (!op) {
    const ids = DEFAULT_CAPABILITIES.operations.map((o) => o.operation_id).join(', ');
    throw new SandboxError('validation_error', `Unknown operation_id; GET /v1/capabilities lists them: ${ids}.`, 'operation_id');
  }
  if (op.target && !request.target)
    throw new SandboxError('validation_error', `${op.operation_id} acts on an existing ${op.target}; send target.character_id.`, 'target');
  if (!op.target && request.target) throw new SandboxError('validation_error', `${op.operation_id} takes no target; remove it.`, 'target');
  const binding = bindingFor(s, ctx.actor, op, request.input, request.target);
  const { user } = ctx.actor;
  // Decision: approval is required above the account's spending threshold (default 50 credits).
  const required = binding.credits > user.approvalThreshold;
  const id = randomUUID();
  const expires = new Date(now.getTime() + LIMITS.quoteTtlSeconds * 1000).toISOString();
  insertQuote(s.db, {
    id,
    userId: user.id,
    apiKeyId: ctx.actor.key.id,
    payerId: user.id,
    operationId: op.operation_id,
    inputHash: binding.inputHash,
    assetHash: binding.assetHash,
    capabilityVersion: DEFAULT_CAPABILITIES.capability_version,
    pricingVersion: PRICING_VERSION,
    credits: binding.credits,
    retryBudget: RETRY_BUDGET,
    approvalRequired: required,
    approvalState: required ? 'pending' : null,
    expiresAt: expires,
    createdAt: now.toISOString(),
  });
  return {
    status: 201,
    headers: { Location: `/v1/quotes/${id}` },
    body: { data: quoteJson(s.db, id, now) },
    resource: { kind: 'quote', id },
    store: true,
  };
}
