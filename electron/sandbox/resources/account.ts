import { DEFAULT_CAPABILITIES, LIMITS, TransactionType } from '../../../shared/api/index.ts';
import { ledgerPage } from '../repos/ledgerRepo.ts';
import { getUser } from '../repos/userRepo.ts';
import { pageOf, readStrictQuery } from '../server/pagination.ts';
import type { Router } from '../server/router.ts';
import { v1, type V1Context } from '../server/v1.ts';
import { subscriptionOf } from '../users.ts';

export function registerAccount(router: Router): void {
  // spec 4.6 / 2.7: profile, balance, subscription (null for free users). Decision: this one
  // read-only endpoint answers without an active plan, so that a free user can see why the rest
  // of the API answers plan_required (2.7 states what a free user's subscription looks like).
  router.add('GET', '/v1/account', v1(accountProfile, { requirePlan: false }));

  // spec 4.6 / 2.8: credit transactions, newest first. Decision: query cursor, limit, type.
  router.add('GET', '/v1/account/usage', v1(accountUsage));

  // Documented extension (spec 4.3 leaves the catalog unshown): the capability catalog, read-only.
  router.add(
    'GET',
    '/v1/capabilities',
    v1(async () => ({ status: 200, body: { data: DEFAULT_CAPABILITIES } })),
  );
}

async function accountProfile(ctx: V1Context) {
  const user = getUser(ctx.services.db, ctx.actor.user.id) ?? ctx.actor.user;
  return {
    status: 200,
    body: {
      data: {
        id: user.id,
        email: user.email,
        name: user.name,
        avatar_url: user.avatarUrl,
        credits: { balance: user.balance },
        subscription: subscriptionOf(user),
        team: user.team,
        created_at: user.createdAt,
      },
    },
  };
}

async function accountUsage(ctx: V1Context) {
  const q = readStrictQuery(ctx.query, {
    collection: 'usage',
    secret: ctx.services.cursorSecret,
    others: { type: (v) => TransactionType.safeParse(v).success },
  });
  const s = ctx.services;
  const { after } = q;
  const limit = q.limit ?? LIMITS.listLimit.default;
  const type = q.values.type;
  const lines = ledgerPage(s.db, ctx.actor.user.id, after, type, limit + 1);
  return {
    status: 200,
    body: pageOf(lines, limit, s.cursorSecret, 'usage', (line) => ({
      id: line.id,
      amount: line.amount,
      type: line.type,
      description: line.description,
      balance_after: line.balanceAfter,
      resource_id: line.resourceId,
      created_at: line.createdAt,
    })),
  };
}
