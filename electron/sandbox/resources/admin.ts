import { SandboxCreateUser, SandboxFaults, SandboxGrantCredits, SandboxQuoteDecision, SandboxSetPlan, SandboxSpeedSetting } from '../../../shared/api/index.ts';
import { authenticateAdmin } from '../auth.ts';
import { balanceOf, grant } from '../credits.ts';
import { num, str, strOrNull, transaction, type Row } from '../db/database.ts';
import { ApiError } from '../server/apiError.ts';
import { JSON_BODY_LIMIT, parseJson, readBody, type Reply } from '../server/http.ts';
import type { Handler, RequestContext } from '../server/router.ts';
import type { Router } from '../server/router.ts';
import { parseOr400 } from '../server/validate.ts';
import { createUser, getUser, subscriptionOf } from '../users.ts';
import { quoteJson } from './quotes.ts';

/** Sandbox-only administration under /sandbox/, authenticated by the admin token. */
export function registerAdmin(router: Router, adminToken: string): void {
  const admin = (handler: (ctx: RequestContext) => Promise<Reply>): Handler => async (ctx) => {
    authenticateAdmin(ctx.req, adminToken);
    return handler(ctx);
  };
  const body = async (ctx: RequestContext): Promise<unknown> => parseJson(await readBody(ctx.req, JSON_BODY_LIMIT));

  router.add('POST', '/sandbox/users', admin(async (ctx) => {
    const input = parseOr400(SandboxCreateUser, await body(ctx));
    const s = ctx.services;
    const now = s.now();
    const created = transaction(s.db, () => {
      const made = createUser(s.db, input, now);
      if (input.credits > 0) grant(s.db, made.user.id, input.credits, 'Sandbox starting credits', now);
      return made;
    });
    return { status: 201, body: { data: { id: created.user.id, session_token: created.sessionToken } } };
  }));

  router.add('GET', '/sandbox/users/:id', admin(async (ctx) => {
    const user = getUser(ctx.services.db, ctx.params.id ?? '');
    if (!user) throw new ApiError('not_found', 'No sandbox user with this id.');
    return { status: 200, body: { data: { id: user.id, email: user.email, name: user.name, plan: user.plan, team: user.team, balance: user.balance, subscription: subscriptionOf(user) } } };
  }));

  router.add('POST', '/sandbox/users/:id/plan', admin(async (ctx) => {
    const input = parseOr400(SandboxSetPlan, await body(ctx));
    const changed = ctx.services.db.prepare('UPDATE users SET plan = ? WHERE id = ?').run(input.plan, ctx.params.id ?? '').changes;
    if (Number(changed) === 0) throw new ApiError('not_found', 'No sandbox user with this id.');
    return { status: 200, body: { data: { id: ctx.params.id, plan: input.plan } } };
  }));

  router.add('POST', '/sandbox/users/:id/credits', admin(async (ctx) => {
    const input = parseOr400(SandboxGrantCredits, await body(ctx));
    const s = ctx.services;
    const id = ctx.params.id ?? '';
    if (!getUser(s.db, id)) throw new ApiError('not_found', 'No sandbox user with this id.');
    const balance = transaction(s.db, () => grant(s.db, id, input.amount, input.description ?? 'Sandbox credit grant', s.now()));
    return { status: 200, body: { data: { id, balance } } };
  }));

  // Decision (spec 3: quote approval transitions not shown): pending → approved | rejected | revoked; approved → revoked.
  router.add('POST', '/sandbox/quotes/:id/decision', admin(async (ctx) => {
    const input = parseOr400(SandboxQuoteDecision, await body(ctx));
    const s = ctx.services;
    const id = ctx.params.id ?? '';
    const row = s.db.prepare('SELECT approval_required, approval_state FROM quotes WHERE id = ?').get(id) as Row | undefined;
    if (!row) throw new ApiError('not_found', 'No quote with this id.');
    const state = strOrNull(row, 'approval_state');
    const next = { approve: 'approved', reject: 'rejected', revoke: 'revoked' }[input.decision];
    const allowed = num(row, 'approval_required') === 1 && (state === 'pending' || (state === 'approved' && next === 'revoked'));
    if (!allowed) throw new ApiError('invalid_state', `A quote that is ${state ?? 'not subject to approval'} cannot be ${next}.`);
    s.db.prepare('UPDATE quotes SET approval_state = ? WHERE id = ?').run(next, id);
    return { status: 200, body: { data: quoteJson(s.db, id, s.now()) } };
  }));

  // The approver's inbox (what the web app shows a team's approver): quotes in one approval state,
  // newest first, for one user when `user_id` is given. Expired and used quotes are left out of `pending`.
  router.add('GET', '/sandbox/quotes', admin(async (ctx) => {
    const s = ctx.services;
    const state = ctx.query.get('approval_state') ?? 'pending';
    if (!['pending', 'approved', 'rejected', 'revoked'].includes(state)) throw new ApiError('validation_error', 'approval_state must be pending, approved, rejected or revoked.', 'approval_state');
    const userId = ctx.query.get('user_id');
    const now = s.now();
    const rows = s.db
      .prepare('SELECT id, user_id FROM quotes WHERE approval_required = 1 AND approval_state = ? AND (? IS NULL OR user_id = ?) ORDER BY created_at DESC, rowid DESC LIMIT 100')
      .all(state, userId, userId) as Row[];
    const quotes: Record<string, unknown>[] = rows.map((r) => ({ ...quoteJson(s.db, str(r, 'id'), now), user_id: str(r, 'user_id') }));
    const open = state === 'pending' ? quotes.filter((q) => q.expired !== true && q.used !== true) : quotes;
    return { status: 200, body: { data: open } };
  }));

  // Sandbox-only: ends a quote's validity now, so clients can exercise quote_expired without waiting 15 minutes.
  router.add('POST', '/sandbox/quotes/:id/expire', admin(async (ctx) => {
    const s = ctx.services;
    const id = ctx.params.id ?? '';
    const changed = s.db.prepare('UPDATE quotes SET expires_at = ? WHERE id = ?').run(s.now().toISOString(), id).changes;
    if (Number(changed) === 0) throw new ApiError('not_found', 'No quote with this id.');
    return { status: 200, body: { data: quoteJson(s.db, id, s.now()) } };
  }));

  const getFaults = admin(async (ctx) => ({ status: 200, body: { data: ctx.services.faults.get() } }));
  const setFaults = admin(async (ctx) => {
    const faults = parseOr400(SandboxFaults, await body(ctx));
    ctx.services.faults.set(faults);
    return { status: 200, body: { data: faults } };
  });
  // The pace of jobs while the sandbox runs: jobs accepted from now on take the new speed's time.
  router.add('GET', '/sandbox/speed', admin(async (ctx) => ({ status: 200, body: { data: { speed: ctx.services.speed } } })));
  router.add('PUT', '/sandbox/speed', admin(async (ctx) => {
    const input = parseOr400(SandboxSpeedSetting, await body(ctx));
    ctx.services.speed = input.speed;
    return { status: 200, body: { data: { speed: input.speed } } };
  }));

  router.add('GET', '/sandbox/faults', getFaults);
  router.add('PUT', '/sandbox/faults', setFaults);
  router.add('POST', '/sandbox/faults', setFaults);

  // Charges per idempotency key, for chaos and crash runs: a count above 1 is a double charge.
  router.add('GET', '/sandbox/ledger', admin(async (ctx) => {
    const s = ctx.services;
    const userId = ctx.query.get('user_id');
    const rows = s.db
      .prepare(
        `SELECT k.key AS idempotency_key, k.api_key_id, k.resource_id, k.resource_kind, k.user_id, k.created_at,
                COALESCE(SUM(CASE WHEN t.type = 'usage' THEN 1 ELSE 0 END), 0) AS charges,
                COALESCE(SUM(CASE WHEN t.type = 'usage' THEN -t.amount ELSE 0 END), 0) AS credits,
                COALESCE(SUM(CASE WHEN t.type = 'refund' THEN 1 ELSE 0 END), 0) AS refunds,
                COALESCE(SUM(CASE WHEN t.type = 'refund' THEN t.amount ELSE 0 END), 0) AS refunded
         FROM idempotency k LEFT JOIN credit_transactions t ON t.operation_key = k.api_key_id || ':' || k.key
         WHERE (? IS NULL OR k.user_id = ?)
         GROUP BY k.api_key_id, k.key ORDER BY k.created_at`,
      )
      .all(userId, userId) as Row[];
    const orphans = s.db
      .prepare(
        `SELECT operation_key, COUNT(*) AS charges, -SUM(amount) AS credits FROM credit_transactions t
         WHERE type = 'usage' AND operation_key IS NOT NULL AND (? IS NULL OR user_id = ?)
           AND NOT EXISTS (SELECT 1 FROM idempotency k WHERE t.operation_key = k.api_key_id || ':' || k.key)
         GROUP BY operation_key`,
      )
      .all(userId, userId) as Row[];
    const operations = [
      ...rows.map((r) => ({
        idempotency_key: str(r, 'idempotency_key'),
        api_key_id: str(r, 'api_key_id'),
        resource_kind: strOrNull(r, 'resource_kind'),
        resource_id: strOrNull(r, 'resource_id'),
        charges: num(r, 'charges'),
        credits: num(r, 'credits'),
        refunds: num(r, 'refunds'),
        credits_refunded: num(r, 'refunded'),
        created_at: str(r, 'created_at'),
      })),
      ...orphans.map((r) => ({ idempotency_key: str(r, 'operation_key'), resource_id: null, charges: num(r, 'charges'), credits: num(r, 'credits'), orphan: true })),
    ];
    const balances = userId ? { balance: balanceOf(s.db, userId) } : {};
    return { status: 200, body: { data: { operations, ...balances } } };
  }));
}
