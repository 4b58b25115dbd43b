import { describe, expect, it } from 'vitest';
import { AccountResponse, TransactionType, UsageList } from '../../shared/api/index.ts';
import { body, createUser, expectError, get, post, setFaults, validCharacter, pollUntil, data, sandboxWithUser } from './helpers.ts';

const ctx = sandboxWithUser({ credits: 300 });

describe('account (spec 4.6, 2.7)', () => {
  it('spec 2.7: GET /v1/account has id, email, name, avatar_url, credits.balance, subscription and created_at', async () => {
    const a = body(await get(ctx.sb, '/v1/account', ctx.user.key), AccountResponse).data;
    expect(a).toMatchObject({ id: ctx.user.id, email: ctx.user.email, credits: { balance: 300 } });
    expect(a.avatar_url.startsWith('https://')).toBe(true);
    expect(a.subscription).toMatchObject({ plan: 'creator', status: 'active' });
    expect(Date.parse(String(a.subscription?.current_period_end))).toBeGreaterThan(Date.now());
  });

  it('spec 2.7: a studio subscription shows plan studio', async () => {
    const studio = await createUser(ctx.sb, { plan: 'studio' });
    expect(body(await get(ctx.sb, '/v1/account', studio.key), AccountResponse).data.subscription?.plan).toBe('studio');
  });

  it('issue 3: the seeded user has the Creator plan, every scope and 1,000 credits', async () => {
    const a = body(await get(ctx.sb, '/v1/account'), AccountResponse).data;
    expect(a.subscription?.plan).toBe('creator');
    expect(a.credits.balance).toBe(1000);
  });
});

describe('usage (spec 4.6, 2.8)', () => {
  it('spec 2.8: transactions have amount (negative for usage, positive for refunds and grants), type, description, created_at', async () => {
    await post(ctx.sb, '/v1/characters', validCharacter(), { key: ctx.user.key });
    await setFaults(ctx.sb, { failure_rate: { character: 1 } });
    try {
      const failing = data(await post(ctx.sb, '/v1/characters', validCharacter({ name: 'Doomed' }), { key: ctx.user.key }));
      await pollUntil(ctx.sb, `/v1/characters/${String(failing.id)}`, (c) => c.status === 'failed', ctx.user.key);
    } finally {
      await setFaults(ctx.sb, {});
    }
    const list = body(await get(ctx.sb, '/v1/account/usage', ctx.user.key), UsageList).data;
    const byType = (t: string) => list.filter((x) => x.type === t);
    expect(byType('grant')[0]?.amount).toBe(300);
    expect(byType('usage').every((x) => x.amount < 0)).toBe(true);
    expect(byType('usage')).toHaveLength(2);
    expect(byType('refund')).toEqual([expect.objectContaining({ amount: 10 })]);
    expect(
      list.every((x) => TransactionType.options.includes(x.type as never) && x.description.length > 0 && Date.parse(x.created_at) > 0),
    ).toBe(true);
    expect(list[0]?.balance_after).toBe(290);
  });

  it('spec 4.6: usage is cursor-paginated, newest first; type filters; limit 1-100', async () => {
    const u = await createUser(ctx.sb, { credits: 100 });
    for (let i = 0; i < 3; i += 1) await post(ctx.sb, '/v1/characters', validCharacter({ name: `U${i}` }), { key: u.key });
    const p1 = body(await get(ctx.sb, '/v1/account/usage?limit=2', u.key), UsageList);
    expect(p1.data.map((t) => t.balance_after)).toEqual([70, 80]);
    expect(p1.meta.has_more).toBe(true);
    const p2 = body(
      await get(ctx.sb, `/v1/account/usage?limit=2&cursor=${encodeURIComponent(String(p1.meta.next_cursor))}`, u.key),
      UsageList,
    );
    expect(p2.data.map((t) => t.type)).toEqual(['usage', 'grant']);
    expect(p2.meta).toEqual({ has_more: false, next_cursor: null });
    expect(body(await get(ctx.sb, '/v1/account/usage?type=grant', u.key), UsageList).data).toHaveLength(1);
    expectError(await get(ctx.sb, '/v1/account/usage?limit=0', u.key), 400, 'validation_error', 'limit');
    expectError(await get(ctx.sb, '/v1/account/usage?limit=101', u.key), 400, 'validation_error', 'limit');
    expect((await get(ctx.sb, '/v1/account/usage?limit=100', u.key)).status).toBe(200);
    expectError(await get(ctx.sb, '/v1/account/usage?cursor=abc', u.key), 400, 'invalid_cursor', 'cursor');
    expectError(await get(ctx.sb, '/v1/account/usage?type=bonus', u.key), 400, 'validation_error', 'type');
  });

  it('decision: lists other than voices default to 20 items per page', async () => {
    const u = await createUser(ctx.sb, { credits: 1000 });
    for (let i = 0; i < 21; i += 1) await post(ctx.sb, '/v1/characters', validCharacter({ name: `D${i}` }), { key: u.key });
    const page = body(await get(ctx.sb, '/v1/account/usage', u.key), UsageList);
    expect(page.data).toHaveLength(20);
    expect(page.meta.has_more).toBe(true);
  });
});
