import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AmbiguousBody, RegenerateResponse, RevertResponse, UsageList } from '../../shared/api/index.ts';
import {
  balance,
  body,
  createUser,
  data,
  expectError,
  get,
  ledger,
  pollUntil,
  post,
  readyCharacter,
  setFaults,
  validCharacter,
  sandboxWithUser,
} from './helpers.ts';

const ctx = sandboxWithUser({ credits: 5000 });

const regenerate = (id: string, payload: Record<string, unknown> = {}, idem?: string) =>
  post(ctx.sb, `/v1/characters/${id}/regenerate`, payload, { key: ctx.user.key, ...(idem ? { idem } : {}) });
const revert = (id: string, idem?: string) =>
  post(ctx.sb, `/v1/characters/${id}/revert`, {}, { key: ctx.user.key, ...(idem ? { idem } : {}) });
const generationDone = (gid: string) =>
  pollUntil(ctx.sb, `/v1/generations/${gid}`, (d) => d.status === 'completed' || d.status === 'failed', ctx.user.key);

describe('regenerate (spec 4.1, 3)', () => {
  it('spec 4.1: regenerate a ready owned character answers 201 with a Location of the generation to poll', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    const res = await regenerate(id);
    expect(res.status).toBe(201);
    const d = body(res, RegenerateResponse).data;
    expect(res.headers.location).toBe(`/v1/generations/${d.generation_id}`);
    expect(d).toMatchObject({ character_id: id, version: 2, status: 'processing', credits_used: 8 });
    const char = data(await get(ctx.sb, `/v1/characters/${id}`, ctx.user.key));
    expect(char.status).toBe('generating');
    const g = await generationDone(d.generation_id);
    expect(g.status).toBe('completed');
    expect(g.type).toBe('character_create');
    expect((await pollUntil(ctx.sb, `/v1/characters/${id}`, (c) => c.status === 'ready', ctx.user.key)).version).toBe(2);
  });

  it('spec 4.1: custom_details is a bounded edit (5 credits); empty custom_details is a full regeneration (8 credits)', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    const edit = await regenerate(id, { custom_details: 'add a red scarf' });
    expect(body(edit, RegenerateResponse).data.credits_used).toBe(5);
    await generationDone(body(edit, RegenerateResponse).data.generation_id);
    const full = await regenerate(id, { custom_details: '' });
    expect(body(full, RegenerateResponse).data.credits_used).toBe(8);
    expectError(await regenerate(id, { custom_details: 'x'.repeat(1001) }), 400, 'validation_error', 'custom_details');
  });

  it('spec 3: regenerate needs a ready character (409 invalid_state while generating)', async () => {
    const res = await post(ctx.sb, '/v1/characters', validCharacter(), { key: ctx.user.key });
    expectError(await regenerate(String(data(res).id)), 409, 'invalid_state');
  });

  it('spec 3: regenerate needs an owned character (another user gets 404)', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    const stranger = await createUser(ctx.sb);
    expectError(await post(ctx.sb, `/v1/characters/${id}/regenerate`, {}, { key: stranger.key }), 404, 'not_found');
    expectError(await regenerate(randomUUID()), 404, 'not_found');
  });

  it('spec 4.1: 200 exact terminal recovery: the exact repeat after the generation is terminal answers 200 with the terminal state', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    const idem = randomUUID();
    const first = await regenerate(id, {}, idem);
    const accepted = body(first, RegenerateResponse).data;
    await generationDone(accepted.generation_id);
    const again = await regenerate(id, {}, idem);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers.location).toBe(`/v1/generations/${accepted.generation_id}`);
    expect(body(again, RegenerateResponse).data).toMatchObject({ ...accepted, status: 'completed' });
    const charges = (await ledger(ctx.sb, ctx.user.id)).filter((o) => o.idempotency_key === idem);
    expect(charges).toEqual([expect.objectContaining({ charges: 1, credits: 8 })]);
  });

  it('spec 4.1: 202 ambiguous outcome; retrying the exact same request returns the real result, charged once', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    await setFaults(ctx.sb, { ambiguous_202_rate: 1 });
    const idem = randomUUID();
    let first;
    try {
      first = await regenerate(id, {}, idem);
    } finally {
      await setFaults(ctx.sb, {});
    }
    expect(first.status).toBe(202);
    body(first, AmbiguousBody);
    const retry = await regenerate(id, {}, idem);
    expect([200, 201]).toContain(retry.status);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect((await ledger(ctx.sb, ctx.user.id)).filter((o) => o.idempotency_key === idem)).toEqual([
      expect.objectContaining({ charges: 1 }),
    ]);
  });
});

describe('revert (spec 4.1, 3)', () => {
  it('spec 4.1: revert restores the immediately previous regeneration-owned version (200)', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    const before = data(await get(ctx.sb, `/v1/characters/${id}`, ctx.user.key));
    expect(before.can_revert).toBe(false);
    const regen = body(await regenerate(id, { custom_details: 'older look' }), RegenerateResponse).data;
    await generationDone(regen.generation_id);
    const after = await pollUntil(ctx.sb, `/v1/characters/${id}`, (c) => c.status === 'ready', ctx.user.key);
    expect(after.headshot_url).not.toBe(before.headshot_url);
    expect(after.can_revert).toBe(true);
    const res = await revert(id);
    expect(res.status).toBe(200);
    const d = body(res, RevertResponse).data;
    expect(d).toMatchObject({
      character_id: id,
      version: 1,
      status: 'ready',
      headshot_url: before.headshot_url,
      fullbody_url: before.fullbody_url,
      credits_refunded: 0,
    });
    const now = data(await get(ctx.sb, `/v1/characters/${id}`, ctx.user.key));
    expect(now).toMatchObject({ version: 1, headshot_url: before.headshot_url, status: 'ready', can_revert: false });
  });

  it('spec 4.1: revert with nothing to revert is 409 (invalid resource state)', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    expectError(await revert(id), 409, 'invalid_state');
  });

  it('spec 4.1: revert while the regeneration is still running answers 202 (still reconciling); the exact retry then reverts', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    const regen = body(await regenerate(id), RegenerateResponse).data;
    const idem = randomUUID();
    const early = await revert(id, idem);
    expect(early.status).toBe(202);
    expect(body(early, AmbiguousBody).status).toBe('reconciling');
    await generationDone(regen.generation_id);
    const retry = await revert(id, idem);
    expect(retry.status).toBe(200);
    expect(body(retry, RevertResponse).data.version).toBe(1);
  });

  it('spec 4.1: revert is idempotent: the exact repeat replays the 200; the key reused on another request is 409', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    await generationDone(body(await regenerate(id), RegenerateResponse).data.generation_id);
    const idem = randomUUID();
    const first = await revert(id, idem);
    const again = await revert(id, idem);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await readyCharacter(ctx.sb, ctx.user.key);
    expectError(await revert(other, idem), 409, 'idempotency_key_reused');
  });

  it('spec 4.1: the revert body is the empty JSON object', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    expectError(
      await post(ctx.sb, `/v1/characters/${id}/revert`, { version: 1 }, { key: ctx.user.key }),
      400,
      'validation_error',
      'version',
    );
  });

  it('spec 3: reverting a failed regeneration confirms its refund exactly once', async () => {
    const id = await readyCharacter(ctx.sb, ctx.user.key);
    const start = await balance(ctx.sb, ctx.user.key);
    await setFaults(ctx.sb, { failure_rate: { character: 1 } });
    let regen;
    try {
      regen = body(await regenerate(id), RegenerateResponse).data;
      const g = await generationDone(regen.generation_id);
      expect(g.status).toBe('failed');
      expect(String(g.error_message).length).toBeGreaterThan(0);
    } finally {
      await setFaults(ctx.sb, {});
    }
    const failed = data(await get(ctx.sb, `/v1/characters/${id}`, ctx.user.key));
    expect(failed.status).toBe('failed');
    const res = await revert(id);
    expect(res.status).toBe(200);
    expect(body(res, RevertResponse).data).toMatchObject({ status: 'ready', version: 1, credits_refunded: 8, credits_remaining: start });
    expect(await balance(ctx.sb, ctx.user.key)).toBe(start);
    const usage = body(await get(ctx.sb, '/v1/account/usage?type=refund&limit=100', ctx.user.key), UsageList).data;
    expect(usage.filter((t) => t.resource_id === regen.generation_id)).toHaveLength(1);
  });
});
