import {
  SandboxClockAdvance,
  SandboxCreateUser,
  SandboxFaults,
  SandboxGrantCredits,
  SandboxQuoteDecision,
  SandboxSetPlan,
  SandboxSpeedSetting,
} from '../../../shared/api/index.ts';
import { authenticateAdmin } from '../auth.ts';
import { balanceOf, grant } from '../credits.ts';
import { transaction } from '../db/database.ts';
import { chargesPerIdempotencyKey, orphanCharges } from '../repos/ledgerRepo.ts';
import { expireQuote, getQuote, quotesAwaiting, setApprovalState, type ApprovalState } from '../repos/quoteRepo.ts';
import { getUser, setPlan } from '../repos/userRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { JSON_BODY_LIMIT, parseJson, readBody, type Reply } from '../server/http.ts';
import type { Handler, RequestContext } from '../server/router.ts';
import type { Router } from '../server/router.ts';
import { parseValid } from '../validation.ts';
import { createUser, subscriptionOf } from '../users.ts';
import { quoteJson } from './quotes.ts';

type AdminHandler = (ctx: RequestContext) => Promise<Reply>;

const body = async (ctx: RequestContext): Promise<unknown> => parseJson(await readBody(ctx.req, JSON_BODY_LIMIT));

/** Sandbox-only administration under /sandbox/, authenticated by the admin token. */
export function registerAdmin(router: Router, adminToken: string): void {
  const admin =
    (handler: AdminHandler): Handler =>
    async (ctx) => {
      authenticateAdmin(ctx.req, adminToken);
      return handler(ctx);
    };

  router.add('POST', '/sandbox/users', admin(createSandboxUser));
  router.add('GET', '/sandbox/users/:id', admin(readSandboxUser));
  router.add('POST', '/sandbox/users/:id/plan', admin(setSandboxPlan));
  router.add('POST', '/sandbox/users/:id/credits', admin(grantSandboxCredits));

  // Decision (spec 3: quote approval transitions not shown): pending → approved | rejected | revoked; approved → revoked.
  router.add('POST', '/sandbox/quotes/:id/decision', admin(decideQuote));
  // The approver's inbox (what the web app shows a team's approver): quotes in one approval state,
  // newest first, for one user when `user_id` is given. Expired and used quotes are left out of `pending`.
  router.add('GET', '/sandbox/quotes', admin(quoteInbox));
  // Sandbox-only: ends a quote's validity now, so clients can exercise quote_expired without waiting 15 minutes.
  router.add('POST', '/sandbox/quotes/:id/expire', admin(expireQuoteNow));

  // The pace of jobs while the sandbox runs: jobs accepted from now on take the new speed's time.
  router.add(
    'GET',
    '/sandbox/speed',
    admin(async (ctx) => ({ status: 200, body: { data: { speed: ctx.services.speed } } })),
  );
  router.add('PUT', '/sandbox/speed', admin(setSpeed));

  // Sandbox-only: the service's time jumps forward, so signed file addresses (and anything else
  // with a deadline) expire without a test waiting for them.
  router.add('POST', '/sandbox/clock/advance', admin(advanceClock));

  const setFaults = admin(setFaultsNow);
  router.add(
    'GET',
    '/sandbox/faults',
    admin(async (ctx) => ({ status: 200, body: { data: ctx.services.faults.get() } })),
  );
  router.add('PUT', '/sandbox/faults', setFaults);
  router.add('POST', '/sandbox/faults', setFaults);

  // Charges per idempotency key, for chaos and crash runs: a count above 1 is a double charge.
  router.add('GET', '/sandbox/ledger', admin(ledgerReport));
}

async function createSandboxUser(ctx: RequestContext): Promise<Reply> {
  const input = parseValid(SandboxCreateUser, await body(ctx));
  const s = ctx.services;
  const now = s.now();
  const created = transaction(s.db, () => {
    const made = createUser(s.db, input, now);
    if (input.credits > 0) grant(s.db, made.user.id, input.credits, 'Sandbox starting credits', now);
    return made;
  });
  return { status: 201, body: { data: { id: created.user.id, session_token: created.sessionToken } } };
}

async function readSandboxUser(ctx: RequestContext): Promise<Reply> {
  const user = getUser(ctx.services.db, ctx.params.id ?? '');
  if (!user) throw new SandboxError('not_found', 'No sandbox user with this id.');
  return {
    status: 200,
    body: {
      data: {
        id: user.id,
        email: user.email,
        name: user.name,
        plan: user.plan,
        team: user.team,
        balance: user.balance,
        subscription: subscriptionOf(user),
      },
    },
  };
}

async function setSandboxPlan(ctx: RequestContext): Promise<Reply> {
  const input = parseValid(SandboxSetPlan, await body(ctx));
  if (!setPlan(ctx.services.db, ctx.params.id ?? '', input.plan)) throw new SandboxError('not_found', 'No sandbox user with this id.');
  return { status: 200, body: { data: { id: ctx.params.id, plan: input.plan } } };
}

async function grantSandboxCredits(ctx: RequestContext): Promise<Reply> {
  const input = parseValid(SandboxGrantCredits, await body(ctx));
  const s = ctx.services;
  const id = ctx.params.id ?? '';
  if (!getUser(s.db, id)) throw new SandboxError('not_found', 'No sandbox user with this id.');
  const balance = transaction(s.db, () => grant(s.db, id, input.amount, input.description ?? 'Sandbox credit grant', s.now()));
  return { status: 200, body: { data: { id, balance } } };
}

async function decideQuote(ctx: RequestContext): Promise<Reply> {
  const input = parseValid(SandboxQuoteDecision, await body(ctx));
  const s = ctx.services;
  const id = ctx.params.id ?? '';
  const quote = getQuote(s.db, id);
  if (!quote) throw new SandboxError('not_found', 'No quote with this id.');
  const state = quote.approvalState;
  const next = ({ approve: 'approved', reject: 'rejected', revoke: 'revoked' } as const)[input.decision];
  const allowed = quote.approvalRequired && (state === 'pending' || (state === 'approved' && next === 'revoked'));
  if (!allowed) throw new SandboxError('invalid_state', `A quote that is ${state ?? 'not subject to approval'} cannot be ${next}.`);
  setApprovalState(s.db, id, next);
  return { status: 200, body: { data: quoteJson(s.db, id, s.now()) } };
}

async function quoteInbox(ctx: RequestContext): Promise<Reply> {
  const s = ctx.services;
  const state = ctx.query.get('approval_state') ?? 'pending';
  if (!['pending', 'approved', 'rejected', 'revoked'].includes(state))
    throw new SandboxError('validation_error', 'approval_state must be pending, approved, rejected or revoked.', 'approval_state');
  const userId = ctx.query.get('user_id');
  const now = s.now();
  const quotes: Record<string, unknown>[] = quotesAwaiting(s.db, state as ApprovalState, userId).map((q) => ({
    ...quoteJson(s.db, q.id, now),
    user_id: q.userId,
  }));
  const open = state === 'pending' ? quotes.filter((q) => q.expired !== true && q.used !== true) : quotes;
  return { status: 200, body: { data: open } };
}

async function expireQuoteNow(ctx: RequestContext): Promise<Reply> {
  const s = ctx.services;
  const id = ctx.params.id ?? '';
  if (!expireQuote(s.db, id, s.now().toISOString())) throw new SandboxError('not_found', 'No quote with this id.');
  return { status: 200, body: { data: quoteJson(s.db, id, s.now()) } };
}

async function setSpeed(ctx: RequestContext): Promise<Reply> {
  const input = parseValid(SandboxSpeedSetting, await body(ctx));
  ctx.services.speed = input.speed;
  return { status: 200, body: { data: { speed: input.speed } } };
}

async function advanceClock(ctx: RequestContext): Promise<Reply> {
  const input = parseValid(SandboxClockAdvance, await body(ctx));
  ctx.services.advanceClock(input.seconds * 1000);
  return { status: 200, body: { data: { now: ctx.services.now().toISOString() } } };
}

async function setFaultsNow(ctx: RequestContext): Promise<Reply> {
  const faults = parseValid(SandboxFaults, await body(ctx));
  ctx.services.faults.set(faults);
  return { status: 200, body: { data: faults } };
}

async function ledgerReport(ctx: RequestContext): Promise<Reply> {
  const s = ctx.services;
  const userId = ctx.query.get('user_id');
  const operations = [
    ...chargesPerIdempotencyKey(s.db, userId).map((k) => ({
      idempotency_key: k.idempotencyKey,
      api_key_id: k.apiKeyId,
      resource_kind: k.resourceKind,
      resource_id: k.resourceId,
      charges: k.charges,
      credits: k.credits,
      refunds: k.refunds,
      credits_refunded: k.refunded,
      created_at: k.createdAt,
    })),
    ...orphanCharges(s.db, userId).map((o) => ({
      idempotency_key: o.operationKey,
      resource_id: null,
      charges: o.charges,
      credits: o.credits,
      orphan: true,
    })),
  ];
  const balances = userId ? { balance: balanceOf(s.db, userId) } : {};
  return { status: 200, body: { data: { operations, ...balances } } };
}
