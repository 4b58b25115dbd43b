import { describe, expect, it } from 'vitest';
import {
  CharacterAcceptedResponse,
  CharacterList,
  CharacterResponse,
  GenerationList,
  CreationType,
  DeletedResponse,
} from '../../shared/api/index.ts';
import {
  body,
  createUser,
  data,
  expectError,
  get,
  pollUntil,
  post,
  samplePng,
  upload,
  validCharacter,
  sandboxWithUser,
} from './helpers.ts';

const ctx = sandboxWithUser({ credits: 5000 });

describe('characters (spec 4.1, 2.2)', () => {
  it('spec 4.1: POST /v1/characters answers 201 with id, name, status generating, generation_id, credits_used, credits_remaining, created_at', async () => {
    const res = await post(ctx.sb, '/v1/characters', validCharacter(), { key: ctx.user.key });
    expect(res.status).toBe(201);
    const d = body(res, CharacterAcceptedResponse).data;
    expect(d.status).toBe('generating');
    expect(d.name).toBe('Mara');
    expect(d.credits_used).toBe(10);
    expect(d.credits_remaining).toBe(4990);
    expect(res.headers.location).toBe(`/v1/characters/${d.id}`);
  });

  it.each(CreationType.options)('spec 2.2: creationType %s is accepted', async (creationType) => {
    const res = await post(
      ctx.sb,
      '/v1/characters',
      { name: `C ${creationType}`, parameters: { creationType, prompt: 'a knight' } },
      { key: ctx.user.key },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('spec 2.2: every trait is accepted and kept; creationType defaults to human and artStyle to hyper-realistic', async () => {
    const traits = {
      gender: 'female',
      age: '25-34',
      ethnicity: 'mixed',
      skinTone: 'olive',
      eyeColor: 'green',
      customDetails: 'freckles',
      prompt: 'portrait',
      fantasyMode: 'elemental',
      creatureType: 'dragon',
      colorScheme: 'teal',
      creatureSize: 'small',
      mood: 'calm',
    };
    const res = await post(ctx.sb, '/v1/characters', { name: 'Traits', parameters: traits }, { key: ctx.user.key });
    expect(res.status).toBe(201);
    const got = body(await get(ctx.sb, `/v1/characters/${String(data(res).id)}`, ctx.user.key), CharacterResponse).data;
    expect(got.parameters).toEqual({ ...traits, creationType: 'human', artStyle: 'hyper-realistic' });
  });

  it('spec 8: character name 1-100 characters (100 accepted, 101 and empty refused naming the field)', async () => {
    expect((await post(ctx.sb, '/v1/characters', validCharacter({ name: 'n'.repeat(100) }), { key: ctx.user.key })).status).toBe(201);
    expectError(
      await post(ctx.sb, '/v1/characters', validCharacter({ name: 'n'.repeat(101) }), { key: ctx.user.key }),
      400,
      'validation_error',
      'name',
    );
    expectError(await post(ctx.sb, '/v1/characters', validCharacter({ name: '' }), { key: ctx.user.key }), 400, 'validation_error', 'name');
  });

  it('spec 4.1: parameters are required', async () => {
    expectError(await post(ctx.sb, '/v1/characters', { name: 'x' }, { key: ctx.user.key }), 400, 'validation_error', 'parameters');
  });

  it('spec 2.2: an unknown creationType is refused naming the field', async () => {
    expectError(
      await post(ctx.sb, '/v1/characters', { name: 'x', parameters: { creationType: 'robot' } }, { key: ctx.user.key }),
      400,
      'validation_error',
      'parameters.creationType',
    );
  });

  it('spec 8: reference_image_urls up to 4 (4 accepted, 5 refused)', async () => {
    const urls = await Promise.all([0, 1, 2, 3, 4].map(() => upload(ctx.sb, samplePng(), 'image/png', ctx.user.key)));
    expect(
      (await post(ctx.sb, '/v1/characters', validCharacter({ reference_image_urls: urls.slice(0, 4) }), { key: ctx.user.key })).status,
    ).toBe(201);
    expectError(
      await post(ctx.sb, '/v1/characters', validCharacter({ reference_image_urls: urls }), { key: ctx.user.key }),
      400,
      'validation_error',
      'reference_image_urls',
    );
  });

  it('spec 3: a character leaves generating for ready; GET has headshot_url, fullbody_url, parameters, status', async () => {
    const res = await post(ctx.sb, '/v1/characters', validCharacter(), { key: ctx.user.key });
    const id = String(data(res).id);
    const ready = await pollUntil(ctx.sb, `/v1/characters/${id}`, (d) => d.status === 'ready', ctx.user.key);
    const full = body({ ...(await get(ctx.sb, `/v1/characters/${id}`, ctx.user.key)) }, CharacterResponse).data;
    expect(ready.status).toBe('ready');
    expect(full.headshot_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/cdn\/[0-9a-f]{64}\.png$/);
    expect(full.fullbody_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/cdn\/[0-9a-f]{64}\.png$/);
    const media = await ctx.sb.request('GET', new URL(String(full.headshot_url)).pathname);
    expect(media.status).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
  });

  it('spec 2.3: a character creation also appears as a character_create generation', async () => {
    const res = await post(ctx.sb, '/v1/characters', validCharacter(), { key: ctx.user.key });
    const d = body(res, CharacterAcceptedResponse).data;
    const list = body(await get(ctx.sb, `/v1/generations?type=character_create&character_id=${d.id}`, ctx.user.key), GenerationList);
    expect(list.data.map((g) => g.id)).toEqual([d.generation_id]);
    expect(list.data[0]?.type).toBe('character_create');
  });

  it('spec 4.1: GET /v1/characters is cursor-paginated', async () => {
    const other = await createUser(ctx.sb);
    for (let i = 0; i < 5; i += 1) await post(ctx.sb, '/v1/characters', validCharacter({ name: `P${i}` }), { key: other.key });
    const first = body(await get(ctx.sb, '/v1/characters?limit=2', other.key), CharacterList);
    expect(first.data.map((c) => c.name)).toEqual(['P4', 'P3']);
    expect(first.meta.has_more).toBe(true);
    const second = body(await get(ctx.sb, `/v1/characters?limit=2&cursor=${first.meta.next_cursor}`, other.key), CharacterList);
    expect(second.data.map((c) => c.name)).toEqual(['P2', 'P1']);
    const third = body(await get(ctx.sb, `/v1/characters?limit=2&cursor=${second.meta.next_cursor}`, other.key), CharacterList);
    expect(third.data.map((c) => c.name)).toEqual(['P0']);
    expect(third.meta).toEqual({ has_more: false, next_cursor: null });
    expectError(await get(ctx.sb, '/v1/characters?cursor=forged', other.key), 400, 'invalid_cursor', 'cursor');
  });

  it('spec 4.1: DELETE /v1/characters/:id deletes it (then 404); another user cannot see or delete it', async () => {
    const res = await post(ctx.sb, '/v1/characters', validCharacter(), { key: ctx.user.key });
    const id = String(data(res).id);
    const stranger = await createUser(ctx.sb);
    expectError(await get(ctx.sb, `/v1/characters/${id}`, stranger.key), 404, 'not_found');
    expectError(await ctx.sb.request('DELETE', `/v1/characters/${id}`, { auth: stranger.key }), 404, 'not_found');
    const del = await ctx.sb.request('DELETE', `/v1/characters/${id}`, { auth: ctx.user.key });
    expect(body(del, DeletedResponse).data).toEqual({ id, deleted: true });
    expectError(await get(ctx.sb, `/v1/characters/${id}`, ctx.user.key), 404, 'not_found');
  });
});
