import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeletedResponse, GenerationAcceptedResponse, GenerationList, GenerationResponse, UsageList } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  balance,
  body,
  createUser,
  data,
  expectError,
  get,
  pollUntil,
  post,
  readyCharacter,
  sampleMp4,
  samplePng,
  sampleWav,
  setFaults,
  startContractSandbox,
  upload,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let user: TestUser;
let characterId: string;

beforeAll(async () => {
  sb = await startContractSandbox();
  user = await createUser(sb, { credits: 100_000 });
  characterId = await readyCharacter(sb, user.key);
});
afterAll(async () => {
  await sb?.stop();
});

const gen = (payload: Record<string, unknown>, key = user.key) =>
  post(sb, '/v1/generations', { character_id: characterId, prompt: 'walking in the rain', ...payload }, { key });
const options = async (payload: Record<string, unknown>) => {
  const res = await gen(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const d = body(res, GenerationAcceptedResponse).data;
  return { accepted: d, record: body(await get(sb, `/v1/generations/${d.id}`, user.key), GenerationResponse).data };
};
const done = (id: string) => pollUntil(sb, `/v1/generations/${id}`, (d) => d.status === 'completed' || d.status === 'failed', user.key);

describe('create (spec 4.2, 2.3)', () => {
  it('spec 2.3: POST /v1/generations answers 201 with id, status processing, type, credits_used, credits_remaining, created_at', async () => {
    const before = await balance(sb, user.key);
    const res = await gen({ type: 'image' });
    expect(res.status).toBe(201);
    const d = body(res, GenerationAcceptedResponse).data;
    expect(d).toMatchObject({ status: 'processing', type: 'image', credits_used: 2, credits_remaining: before - 2 });
    expect(res.headers.location).toBe(`/v1/generations/${d.id}`);
  });

  it('spec 2.3 / 3: a generation is polled to completed with output.url and output.thumbnail_url on the CDN', async () => {
    const { accepted } = await options({ type: 'image' });
    const rec = await done(accepted.id);
    const g = body({ status: 200, headers: {}, bytes: Buffer.alloc(0), body: { data: rec } }, GenerationResponse).data;
    expect(g).toMatchObject({
      status: 'completed',
      type: 'image',
      prompt: 'walking in the rain',
      character_id: characterId,
      error_message: null,
    });
    expect(g.completed_at).not.toBeNull();
    expect(g.output?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/cdn\//);
    expect((await sb.request('GET', new URL(String(g.output?.thumbnail_url)).pathname)).status).toBe(200);
  });

  it('spec 2.3: while polling, completed_at and error_message are null', async () => {
    const { record } = await options({ type: 'video' });
    expect(record.completed_at).toBeNull();
    expect(record.error_message).toBeNull();
    expect(record.output).toBeUndefined();
  });

  it('spec 4.2: image defaults: aspect_ratio 9:16, style editorial, hd false, image_mode generate, reference_images []', async () => {
    const { record } = await options({ type: 'image' });
    expect(record.options).toMatchObject({
      aspect_ratio: '9:16',
      style: 'editorial',
      hd: false,
      image_mode: 'generate',
      reference_images: [],
      include_character: true,
    });
    expect(record.model).toBe('image-model-a');
  });

  it('spec 4.2: video defaults: aspect_ratio 16:9, duration 5, quality pro, video_mode create, motion_intensity medium, generate_audio per model', async () => {
    const { record, accepted } = await options({ type: 'video' });
    expect(record.options).toMatchObject({
      aspect_ratio: '16:9',
      duration: 5,
      quality: 'pro',
      video_mode: 'create',
      motion_intensity: 'medium',
      generate_audio: true,
      reference_images: [],
    });
    expect(accepted.credits_used).toBe(25);
    const b = await options({ type: 'video', model: 'video-model-b' });
    expect(b.record.options).toMatchObject({ generate_audio: false, include_character: false });
  });

  it('spec 4.2: talk defaults: duration 10, quality pro, expression neutral', async () => {
    const audio = await upload(sb, sampleWav(), 'audio/wav', user.key);
    const { record, accepted } = await options({ type: 'talk', options: { audio_url: audio } });
    expect(record.options).toMatchObject({ duration: 10, quality: 'pro', expression: 'neutral', audio_url: audio });
    expect(accepted.credits_used).toBe(30);
  });

  it('spec 4.2: video remix defaults: style editorial, character_orientation image, keep_original_sound false', async () => {
    const video = await upload(sb, sampleMp4(), 'video/mp4', user.key);
    const { record } = await options({ type: 'video', options: { video_mode: 'remix', reference_video: video } });
    expect(record.options).toMatchObject({ style: 'editorial', character_orientation: 'image', keep_original_sound: false });
  });

  it('spec 4.2: lipsync defaults lipsync_model to avatar-model-a', async () => {
    const audio = await upload(sb, sampleWav(), 'audio/wav', user.key);
    const { record } = await options({ type: 'video', options: { video_mode: 'lipsync', audio_url: audio } });
    expect(record.options).toMatchObject({ lipsync_model: 'avatar-model-a' });
  });

  it('spec 4.2: every video option is accepted', async () => {
    const [img, audio] = [await upload(sb, samplePng(), 'image/png', user.key), await upload(sb, sampleWav(), 'audio/wav', user.key)];
    const { record } = await options({
      type: 'video',
      options: {
        aspect_ratio: '1:1',
        style: 'noir',
        duration: 3,
        quality: 'standard',
        generate_audio: false,
        include_character: false,
        video_mode: 'create',
        motion_intensity: 'high',
        start_frame: img,
        audio_url: audio,
        reference_images: [img],
      },
    });
    expect(record.options).toMatchObject({ duration: 3, quality: 'standard', motion_intensity: 'high', start_frame: img });
  });

  it('spec 4.2: an option that does not apply to the type is refused naming it', async () => {
    expectError(await gen({ type: 'video', options: { hd: true } }), 400, 'validation_error', 'options.hd');
    expectError(await gen({ type: 'talk', options: { aspect_ratio: '1:1' } }), 400, 'validation_error', 'options.aspect_ratio');
  });

  it('spec 4.2: character_id, type and prompt are required', async () => {
    expectError(
      await post(sb, '/v1/generations', { type: 'image', prompt: 'x' }, { key: user.key }),
      400,
      'validation_error',
      'character_id',
    );
    expectError(
      await post(sb, '/v1/generations', { character_id: characterId, type: 'image' }, { key: user.key }),
      400,
      'validation_error',
      'prompt',
    );
    expectError(
      await post(sb, '/v1/generations', { character_id: characterId, prompt: 'x', type: 'audio' }, { key: user.key }),
      400,
      'validation_error',
      'type',
    );
  });

  it('spec 8: prompt 1-2000 characters (2000 accepted, 2001 and empty refused)', async () => {
    expect((await gen({ type: 'image', prompt: 'p'.repeat(2000) })).status).toBe(201);
    expectError(await gen({ type: 'image', prompt: 'p'.repeat(2001) }), 400, 'validation_error', 'prompt');
    expectError(await gen({ type: 'image', prompt: '' }), 400, 'validation_error', 'prompt');
  });

  it('spec 8: duration ceiling 1-15 (15 on a model that allows it; 16 and 0 refused)', async () => {
    expect((await gen({ type: 'video', model: 'video-model-b', options: { duration: 15 } })).status).toBe(201);
    expect((await gen({ type: 'video', model: 'video-model-b', options: { duration: 2 } })).status).toBe(201);
    expectError(
      await gen({ type: 'video', model: 'video-model-b', options: { duration: 16 } }),
      400,
      'validation_error',
      'options.duration',
    );
    expectError(await gen({ type: 'video', options: { duration: 0 } }), 400, 'validation_error', 'options.duration');
  });

  it('spec 4.2: each model narrows duration (video-model-a 1-10, talk-model-b 1-8)', async () => {
    expect((await gen({ type: 'video', options: { duration: 10 } })).status).toBe(201);
    expectError(await gen({ type: 'video', options: { duration: 11 } }), 400, 'validation_error', 'options.duration');
    const audio = await upload(sb, sampleWav(), 'audio/wav', user.key);
    expect((await gen({ type: 'talk', model: 'talk-model-b', options: { duration: 8, audio_url: audio } })).status).toBe(201);
    expectError(
      await gen({ type: 'talk', model: 'talk-model-b', options: { duration: 9, audio_url: audio } }),
      400,
      'validation_error',
      'options.duration',
    );
  });

  it('spec 8: image reference_images at most 3 (and at most the model allows)', async () => {
    const urls = await Promise.all([0, 1, 2, 3].map(() => upload(sb, samplePng(), 'image/png', user.key)));
    expect((await gen({ type: 'image', options: { reference_images: urls.slice(0, 3) } })).status).toBe(201);
    expectError(await gen({ type: 'image', options: { reference_images: urls } }), 400, 'validation_error', 'options.reference_images');
    expectError(
      await gen({ type: 'image', model: 'image-model-b', options: { reference_images: urls.slice(0, 3) } }),
      400,
      'validation_error',
      'options.reference_images',
    );
  });

  it('spec 8: video reference_images are model-specific, up to 10', async () => {
    const urls = await Promise.all(Array.from({ length: 11 }, () => upload(sb, samplePng(), 'image/png', user.key)));
    expect((await gen({ type: 'video', model: 'video-model-b', options: { reference_images: urls.slice(0, 10) } })).status).toBe(201);
    expectError(
      await gen({ type: 'video', model: 'video-model-b', options: { reference_images: urls } }),
      400,
      'validation_error',
      'options.reference_images',
    );
    expect((await gen({ type: 'video', options: { reference_images: urls.slice(0, 4) } })).status).toBe(201);
    expectError(
      await gen({ type: 'video', options: { reference_images: urls.slice(0, 5) } }),
      400,
      'validation_error',
      'options.reference_images',
    );
  });

  it('spec 4.2: mode-dependent inputs: talk and lipsync need audio_url; image edit needs input_image; remix, edit and extend need reference_video', async () => {
    expectError(await gen({ type: 'talk' }), 400, 'validation_error', 'options.audio_url');
    expectError(await gen({ type: 'video', options: { video_mode: 'lipsync' } }), 400, 'validation_error', 'options.audio_url');
    expectError(await gen({ type: 'image', options: { image_mode: 'edit' } }), 400, 'validation_error', 'options.input_image');
    for (const mode of ['remix', 'edit', 'extend']) {
      expectError(await gen({ type: 'video', options: { video_mode: mode } }), 400, 'validation_error', 'options.reference_video');
    }
    const img = await upload(sb, samplePng(), 'image/png', user.key);
    expect((await gen({ type: 'image', options: { image_mode: 'edit', input_image: img } })).status).toBe(201);
  });

  it('spec 4.2: a mode the model does not offer, an unknown model and hd on a model without it are refused', async () => {
    const video = await upload(sb, sampleMp4(), 'video/mp4', user.key);
    expectError(
      await gen({ type: 'video', model: 'video-model-b', options: { video_mode: 'edit', reference_video: video } }),
      400,
      'validation_error',
      'options.video_mode',
    );
    expectError(await gen({ type: 'image', model: 'image-model-z' }), 400, 'validation_error', 'model');
    expectError(await gen({ type: 'image', model: 'image-model-b', options: { hd: true } }), 400, 'validation_error', 'options.hd');
  });

  it('spec 8: image hd changes the charge (2 → 4); video and talk are charged per second by quality', async () => {
    expect(body(await gen({ type: 'image', options: { hd: true } }), GenerationAcceptedResponse).data.credits_used).toBe(4);
    expect(
      body(await gen({ type: 'video', options: { duration: 4, quality: 'standard' } }), GenerationAcceptedResponse).data.credits_used,
    ).toBe(12);
    const audio = await upload(sb, sampleWav(), 'audio/wav', user.key);
    expect(
      body(await gen({ type: 'talk', options: { duration: 5, quality: 'standard', audio_url: audio } }), GenerationAcceptedResponse).data
        .credits_used,
    ).toBe(10);
  });

  it('spec 4.2: character_id must be a character the caller owns (404), and ready (409)', async () => {
    const stranger = await createUser(sb);
    expectError(await gen({ type: 'image' }, stranger.key), 404, 'not_found', 'character_id');
    expectError(await gen({ type: 'image', character_id: randomUUID() }), 404, 'not_found', 'character_id');
    const pending = data(await post(sb, '/v1/characters', { name: 'Busy', parameters: {} }, { key: user.key }));
    expectError(await gen({ type: 'image', character_id: pending.id }), 409, 'invalid_state', 'character_id');
  });

  it('spec 2.3 / 3: past the per-account concurrency, generations are accepted as processing, wait as pending and then complete', async () => {
    const busy = await createUser(sb, { credits: 1000 });
    const char = await readyCharacter(sb, busy.key);
    const accepted = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await post(
        sb,
        '/v1/generations',
        { character_id: char, type: 'video', prompt: `clip ${i}`, options: { duration: 1 } },
        { key: busy.key },
      );
      accepted.push(body(res, GenerationAcceptedResponse).data);
    }
    expect(accepted.map((g) => g.status)).toEqual(Array(6).fill('processing'));
    const pendingList = body(await get(sb, '/v1/generations?status=pending', busy.key), GenerationList);
    expect(pendingList.data.length).toBeGreaterThan(0);
    for (const g of accepted)
      expect((await pollUntil(sb, `/v1/generations/${g.id}`, (d) => d.status === 'completed', busy.key)).status).toBe('completed');
  });

  it('spec 3 (decision): a generation deleted while still pending never starts and is refunded; a running one keeps its charge', async () => {
    const payer = await createUser(sb, { credits: 1000 });
    const char = await readyCharacter(sb, payer.key);
    const before = await balance(sb, payer.key);
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await post(
        sb,
        '/v1/generations',
        { character_id: char, type: 'video', prompt: `queued ${i}`, options: { duration: 1 } },
        { key: payer.key },
      );
      ids.push(body(res, GenerationAcceptedResponse).data.id);
    }
    const [running, waiting] = [ids[0] ?? '', ids[7] ?? ''];
    expect(body(await get(sb, `/v1/generations/${waiting}`, payer.key), GenerationResponse).data.status).toBe('pending');
    expect((await sb.request('DELETE', `/v1/generations/${waiting}`, { auth: payer.key })).status).toBe(200);
    expect((await sb.request('DELETE', `/v1/generations/${running}`, { auth: payer.key })).status).toBe(200);
    for (const id of ids.slice(1, 7)) await pollUntil(sb, `/v1/generations/${id}`, (d) => d.status === 'completed', payer.key);
    const usage = body(await get(sb, '/v1/account/usage?limit=100', payer.key), UsageList).data;
    expect(usage.filter((t) => t.resource_id === waiting).map((t) => [t.type, t.amount])).toEqual([
      ['refund', 5],
      ['usage', -5],
    ]);
    expect(usage.filter((t) => t.resource_id === running).map((t) => t.type)).toEqual(['usage']);
    expect(await balance(sb, payer.key)).toBe(before - 7 * 5);
    expectError(await get(sb, `/v1/generations/${waiting}`, payer.key), 404, 'not_found');
    expect(body(await get(sb, '/v1/generations?status=processing', payer.key), GenerationList).data).toEqual([]);
  });

  it('spec 3: a failed generation carries error_message and is refunded (a refund transaction)', async () => {
    // A user of its own: the fault is global, and an earlier test's generation still in flight
    // would fail and be refunded too, moving the shared user's balance.
    const payer = await createUser(sb, { credits: 1000 });
    const char = await readyCharacter(sb, payer.key);
    const before = await balance(sb, payer.key);
    await setFaults(sb, { failure_rate: { image: 1 } });
    let id = '';
    try {
      id = body(await gen({ type: 'image', character_id: char }, payer.key), GenerationAcceptedResponse).data.id;
      const rec = await pollUntil(sb, `/v1/generations/${id}`, (d) => d.status === 'completed' || d.status === 'failed', payer.key);
      expect(rec.status).toBe('failed');
      expect(String(rec.error_message)).toMatch(/refunded/);
      expect(rec.output).toBeUndefined();
    } finally {
      await setFaults(sb, {});
    }
    expect(await balance(sb, payer.key)).toBe(before);
    const refunds = body(await get(sb, '/v1/account/usage?type=refund', payer.key), UsageList).data;
    expect(refunds.filter((t) => t.resource_id === id)).toEqual([expect.objectContaining({ amount: 2, type: 'refund' })]);
  });
});

describe('list, get, delete (spec 4.2)', () => {
  let lister: TestUser;
  let charA: string;
  beforeAll(async () => {
    lister = await createUser(sb);
    charA = await readyCharacter(sb, lister.key);
    for (let i = 0; i < 3; i += 1)
      await post(sb, '/v1/generations', { character_id: charA, type: 'image', prompt: `img ${i}` }, { key: lister.key });
  });

  it('spec 4.2: the list filters by type, character_id and status', async () => {
    const images = body(await get(sb, '/v1/generations?type=image', lister.key), GenerationList).data;
    expect(images).toHaveLength(3);
    expect(images.every((g) => g.type === 'image')).toBe(true);
    const creation = body(await get(sb, `/v1/generations?type=character_create&character_id=${charA}`, lister.key), GenerationList).data;
    expect(creation).toHaveLength(1);
    const all = body(await get(sb, `/v1/generations?character_id=${charA}`, lister.key), GenerationList).data;
    expect(all).toHaveLength(4);
    await pollUntil(sb, `/v1/generations/${images[0]?.id}`, (d) => d.status === 'completed', lister.key);
    const completed = body(await get(sb, '/v1/generations?status=completed', lister.key), GenerationList).data;
    expect(completed.every((g) => g.status === 'completed')).toBe(true);
  });

  it('spec 4.2: cursor pagination with limit; limit 1-100 (0 and 101 refused)', async () => {
    const first = body(await get(sb, '/v1/generations?limit=2', lister.key), GenerationList);
    expect(first.data).toHaveLength(2);
    expect(first.meta.has_more).toBe(true);
    const second = body(
      await get(sb, `/v1/generations?limit=2&cursor=${encodeURIComponent(String(first.meta.next_cursor))}`, lister.key),
      GenerationList,
    );
    expect(second.data).toHaveLength(2);
    expect(second.meta.has_more).toBe(false);
    expect(new Set([...first.data, ...second.data].map((g) => g.id)).size).toBe(4);
    expect((await get(sb, '/v1/generations?limit=100', lister.key)).status).toBe(200);
    expectError(await get(sb, '/v1/generations?limit=0', lister.key), 400, 'validation_error', 'limit');
    expectError(await get(sb, '/v1/generations?limit=101', lister.key), 400, 'validation_error', 'limit');
  });

  it.each(['type', 'character_id', 'status'])('spec 4.2: an empty %s filter is 400 invalid_filter', async (name) => {
    expectError(await get(sb, `/v1/generations?${name}=`, lister.key), 400, 'invalid_filter', name);
  });

  it.each([
    ['type', 'image'],
    ['character_id', '6f1c7a0e-5b7e-4c3e-9a55-2b1f4a7c9d10'],
    ['status', 'pending'],
  ])('spec 4.2: a repeated %s filter is 400 invalid_filter', async (name, value) => {
    expectError(await get(sb, `/v1/generations?${name}=${value}&${name}=${value}`, lister.key), 400, 'invalid_filter', name);
  });

  it('spec 4.2: a filter value outside its set is 400 invalid_filter', async () => {
    expectError(await get(sb, '/v1/generations?type=audio', lister.key), 400, 'invalid_filter', 'type');
    expectError(await get(sb, '/v1/generations?status=done', lister.key), 400, 'invalid_filter', 'status');
    expectError(await get(sb, '/v1/generations?character_id=nope', lister.key), 400, 'invalid_filter', 'character_id');
  });

  it('spec 4.2: invalid_cursor wins over invalid_filter when both are invalid', async () => {
    expectError(await get(sb, '/v1/generations?type=&cursor=bogus', lister.key), 400, 'invalid_cursor', 'cursor');
    expectError(await get(sb, '/v1/generations?status=x&status=y&cursor=', lister.key), 400, 'invalid_cursor', 'cursor');
    expectError(await get(sb, '/v1/generations?cursor=bogus', lister.key), 400, 'invalid_cursor', 'cursor');
  });

  it('spec 4.2: invalid_filter is raised before any lookup (same answer for any account state)', async () => {
    const empty = await createUser(sb);
    const a = await get(sb, '/v1/generations?type=', empty.key);
    const b = await get(sb, '/v1/generations?type=', lister.key);
    expect(a.body).toEqual(b.body);
  });

  it('spec 4.2: a cursor of another list is invalid here', async () => {
    const chars = await get(sb, '/v1/characters?limit=1', user.key);
    const cursor = String((chars.body as { meta: { next_cursor: string } }).meta.next_cursor);
    expectError(await get(sb, `/v1/generations?cursor=${encodeURIComponent(cursor)}`, user.key), 400, 'invalid_cursor');
  });

  it('spec 4.2: GET and DELETE /v1/generations/:id (then 404; another user gets 404)', async () => {
    const id = body(
      await post(sb, '/v1/generations', { character_id: charA, type: 'image', prompt: 'to delete' }, { key: lister.key }),
      GenerationAcceptedResponse,
    ).data.id;
    expect(body(await get(sb, `/v1/generations/${id}`, lister.key), GenerationResponse).data.id).toBe(id);
    expectError(await get(sb, `/v1/generations/${id}`, user.key), 404, 'not_found');
    expect(body(await sb.request('DELETE', `/v1/generations/${id}`, { auth: lister.key }), DeletedResponse).data).toEqual({
      id,
      deleted: true,
    });
    expectError(await get(sb, `/v1/generations/${id}`, lister.key), 404, 'not_found');
  });
});
