import { beforeAll, describe, expect, it } from 'vitest';
import { VoiceAcceptedResponse, VoiceList, VoiceResponse } from '../../shared/api/index.ts';
import {
  balance,
  body,
  createUser,
  data,
  expectError,
  get,
  pollUntil,
  post,
  sampleWav,
  upload,
  sandboxWithUser,
  type TestUser,
} from './helpers.ts';

const ctx = sandboxWithUser({ credits: 5000 });

const clone = async (u: TestUser, name: string, extra: Record<string, unknown> = {}) => {
  const sample = await upload(ctx.sb, sampleWav(), 'audio/wav', u.key);
  return post(ctx.sb, '/v1/voices/clone', { name, source_url: sample, ...extra }, { key: u.key });
};

describe('voices (spec 4.4, 2.4)', () => {
  it('spec 2.4: several system presets with distinct names, ready, source_type preset', async () => {
    const list = body(await get(ctx.sb, '/v1/voices', ctx.user.key), VoiceList);
    expect(list.data.presets.length).toBeGreaterThanOrEqual(4);
    expect(new Set(list.data.presets.map((p) => p.name)).size).toBe(list.data.presets.length);
    expect(list.data.presets.every((p) => p.status === 'ready' && p.source_type === 'preset')).toBe(true);
  });

  it('spec 4.4: clone answers 201 with status processing; polling reaches ready; source_type cloned; model defaults to voice-model-a', async () => {
    const before = await balance(ctx.sb, ctx.user.key);
    const res = await clone(ctx.user, 'My Voice');
    expect(res.status).toBe(201);
    const d = body(res, VoiceAcceptedResponse).data;
    expect(d).toMatchObject({ status: 'processing', source_type: 'cloned', credits_used: 20, credits_remaining: before - 20 });
    expect(res.headers.location).toBe(`/v1/voices/${d.id}`);
    const ready = await pollUntil(ctx.sb, `/v1/voices/${d.id}`, (v) => v.status !== 'processing', ctx.user.key);
    expect(ready).toMatchObject({ status: 'ready', source_type: 'cloned', model: 'voice-model-a', name: 'My Voice' });
  });

  it('spec 4.4: voice_design takes its prompt from description (decision) and needs no sample', async () => {
    const res = await post(
      ctx.sb,
      '/v1/voices/clone',
      { name: 'Designed', setup_mode: 'voice_design', description: 'a husky pirate', model: 'voice-model-b' },
      { key: ctx.user.key },
    );
    expect(res.status).toBe(201);
    const d = body(res, VoiceAcceptedResponse).data;
    expect(d).toMatchObject({ source_type: 'designed', credits_used: 15 });
    expect((await pollUntil(ctx.sb, `/v1/voices/${d.id}`, (v) => v.status !== 'processing', ctx.user.key)).model).toBe('voice-model-b');
    expectError(
      await post(ctx.sb, '/v1/voices/clone', { name: 'D', setup_mode: 'voice_design' }, { key: ctx.user.key }),
      400,
      'validation_error',
      'description',
    );
  });

  it('spec 4.4: source_url is required for a clone and must be an audio sample owned by the caller', async () => {
    expectError(await post(ctx.sb, '/v1/voices/clone', { name: 'V' }, { key: ctx.user.key }), 400, 'validation_error', 'source_url');
    const stranger = await createUser(ctx.sb);
    const theirs = await upload(ctx.sb, sampleWav(), 'audio/wav', stranger.key);
    expectError(
      await post(ctx.sb, '/v1/voices/clone', { name: 'V', source_url: theirs }, { key: ctx.user.key }),
      400,
      'validation_error',
      'source_url',
    );
    expectError(
      await post(ctx.sb, '/v1/voices/clone', { name: 'V', source_url: 'https://example.com/a.wav' }, { key: ctx.user.key }),
      400,
      'validation_error',
      'source_url',
    );
  });

  it('spec 8: voice name 1-100 and description at most 500 (edges accepted, one past refused)', async () => {
    expect((await clone(ctx.user, 'n'.repeat(100), { description: 'd'.repeat(500) })).status).toBe(201);
    expectError(await clone(ctx.user, 'n'.repeat(101)), 400, 'validation_error', 'name');
    expectError(await clone(ctx.user, ''), 400, 'validation_error', 'name');
    expectError(await clone(ctx.user, 'ok', { description: 'd'.repeat(501) }), 400, 'validation_error', 'description');
  });

  it('spec 4.4: model and setup_mode take only their listed values', async () => {
    expectError(await clone(ctx.user, 'x', { model: 'voice-model-c' }), 400, 'validation_error', 'model');
    expectError(await clone(ctx.user, 'x', { setup_mode: 'voice_mix' }), 400, 'validation_error', 'setup_mode');
  });

  it('spec 4.4: GET /v1/voices/:id is allowed for own voices and presets; another user’s voice is 403', async () => {
    const mine = body(await clone(ctx.user, 'Mine'), VoiceAcceptedResponse).data.id;
    const stranger = await createUser(ctx.sb);
    expect(body(await get(ctx.sb, `/v1/voices/${mine}`, ctx.user.key), VoiceResponse).data.id).toBe(mine);
    expectError(await get(ctx.sb, `/v1/voices/${mine}`, stranger.key), 403, 'forbidden');
    const preset = body(await get(ctx.sb, '/v1/voices', stranger.key), VoiceList).data.presets[0];
    expect(body(await get(ctx.sb, `/v1/voices/${preset?.id}`, stranger.key), VoiceResponse).data.source_type).toBe('preset');
    expectError(await get(ctx.sb, '/v1/voices/6f1c7a0e-5b7e-4c3e-9a55-2b1f4a7c9d10', ctx.user.key), 404, 'not_found');
  });

  it('spec 2.4 / 4.4 / 7: team voices are listed with owned voices, but GET of a teammate’s voice is 403 like any other user’s', async () => {
    const a = await createUser(ctx.sb, { team: 'studio-x' });
    const b = await createUser(ctx.sb, { team: 'studio-x' });
    const outsider = await createUser(ctx.sb, { team: 'studio-y' });
    const av = body(await clone(a, 'Team A'), VoiceAcceptedResponse).data.id;
    const bv = body(await clone(b, 'Team B'), VoiceAcceptedResponse).data.id;
    const listed = body(await get(ctx.sb, '/v1/voices', b.key), VoiceList).data.voices;
    expect(listed.map((v) => v.id).sort()).toEqual([av, bv].sort());
    expect(listed.find((v) => v.id === av)?.owner).toBe('team');
    expectError(await get(ctx.sb, `/v1/voices/${av}`, b.key), 403, 'forbidden');
    expect(data(await get(ctx.sb, `/v1/voices/${bv}`, b.key)).owner).toBe('me');
    expect(body(await get(ctx.sb, '/v1/voices', outsider.key), VoiceList).data.voices).toEqual([]);
    expectError(await get(ctx.sb, `/v1/voices/${av}`, outsider.key), 403, 'forbidden');
  });

  describe('pagination (spec 4.4)', () => {
    let owner: TestUser;
    beforeAll(async () => {
      owner = await createUser(ctx.sb);
      for (let i = 0; i < 5; i += 1) await clone(owner, `V${i}`);
    });

    it('spec 4.4: without limit every owned voice is returned (legacy) and has_more is false', async () => {
      const list = body(await get(ctx.sb, '/v1/voices', owner.key), VoiceList);
      expect(list.data.voices.map((v) => v.name)).toEqual(['V4', 'V3', 'V2', 'V1', 'V0']);
      expect(list.meta.has_more).toBe(false);
    });

    it('spec 4.4: limit activates pagination of owned voices; the full preset list repeats on every page', async () => {
      const all = body(await get(ctx.sb, '/v1/voices', owner.key), VoiceList).data.presets;
      const p1 = body(await get(ctx.sb, '/v1/voices?limit=2', owner.key), VoiceList);
      expect(p1.data.voices.map((v) => v.name)).toEqual(['V4', 'V3']);
      expect(p1.meta.has_more).toBe(true);
      expect(p1.data.presets).toEqual(all);
      const p2 = body(
        await get(ctx.sb, `/v1/voices?limit=2&cursor=${encodeURIComponent(String(p1.meta.next_cursor))}`, owner.key),
        VoiceList,
      );
      expect(p2.data.voices.map((v) => v.name)).toEqual(['V2', 'V1']);
      expect(p2.data.presets).toEqual(all);
      const p3 = body(
        await get(ctx.sb, `/v1/voices?limit=2&cursor=${encodeURIComponent(String(p2.meta.next_cursor))}`, owner.key),
        VoiceList,
      );
      expect(p3.data.voices.map((v) => v.name)).toEqual(['V0']);
      expect(p3.meta.has_more).toBe(false);
      expect(p3.data.presets).toEqual(all);
    });

    it('spec 4.4: presets=false excludes the presets', async () => {
      const list = body(await get(ctx.sb, '/v1/voices?presets=false&limit=1', owner.key), VoiceList);
      expect(list.data.presets).toEqual([]);
      expect(list.data.voices).toHaveLength(1);
      expectError(await get(ctx.sb, '/v1/voices?presets=maybe', owner.key), 400, 'validation_error', 'presets');
    });

    it('spec 8: voices list limit 1-100 (100 accepted; 0 and 101 refused)', async () => {
      expect((await get(ctx.sb, '/v1/voices?limit=100', owner.key)).status).toBe(200);
      expect((await get(ctx.sb, '/v1/voices?limit=1', owner.key)).status).toBe(200);
      expectError(await get(ctx.sb, '/v1/voices?limit=0', owner.key), 400, 'validation_error', 'limit');
      expectError(await get(ctx.sb, '/v1/voices?limit=101', owner.key), 400, 'validation_error', 'limit');
    });

    it('spec 4.4: the cursor is opaque; a constructed one is refused', async () => {
      expectError(await get(ctx.sb, '/v1/voices?limit=2&cursor=eyJjIjoidm9pY2VzIiwicyI6M30', owner.key), 400, 'invalid_cursor', 'cursor');
    });
  });

  it('spec 3: a failed voice setup is failed and refunded', async () => {
    const before = await balance(ctx.sb, ctx.user.key);
    await ctx.sb.request('PUT', '/sandbox/faults', { body: { failure_rate: { voice: 1 } } });
    try {
      const id = body(await clone(ctx.user, 'Doomed'), VoiceAcceptedResponse).data.id;
      const v = await pollUntil(ctx.sb, `/v1/voices/${id}`, (x) => x.status !== 'processing', ctx.user.key);
      expect(v.status).toBe('failed');
    } finally {
      await ctx.sb.request('PUT', '/sandbox/faults', { body: {} });
    }
    expect(await balance(ctx.sb, ctx.user.key)).toBe(before);
  });
});
