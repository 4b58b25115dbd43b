import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AudioAcceptedResponse,
  AudioList,
  AudioResponse,
  DeletedResponse,
  VoiceAcceptedResponse,
  VoiceList,
  defaultAudioName,
} from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  balance,
  body,
  createUser,
  expectError,
  get,
  pollUntil,
  post,
  sampleWav,
  startContractSandbox,
  upload,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let user: TestUser;
let presetA: string;
let presetB: string;

beforeAll(async () => {
  sb = await startContractSandbox();
  user = await createUser(sb, { credits: 5000 });
  const presets = body(await get(sb, '/v1/voices', user.key), VoiceList).data.presets;
  presetA = String(presets.find((p) => p.model === 'voice-model-a')?.id);
  presetB = String(presets.find((p) => p.model === 'voice-model-b')?.id);
});
afterAll(async () => {
  await sb?.stop();
});

const speak = (payload: Record<string, unknown>, key = user.key) =>
  post(sb, '/v1/audio', { voice_id: presetA, text: 'Hello there.', ...payload }, { key });

describe('audio (spec 4.5, 2.5)', () => {
  it('spec 2.5: POST /v1/audio answers 201 with id, name, status processing, credits_used, credits_remaining, created_at; the default name is "Audio YYYY-MM-DD"', async () => {
    const res = await speak({});
    expect(res.status).toBe(201);
    const d = body(res, AudioAcceptedResponse).data;
    expect(d.status).toBe('processing');
    expect(d.name).toBe(defaultAudioName(new Date(d.created_at)));
    expect(d.credits_used).toBe(1);
  });

  it('spec 2.5: a ready track has audio_url on the CDN (audio)', async () => {
    const d = body(await speak({ name: 'Greeting' }), AudioAcceptedResponse).data;
    const ready = await pollUntil(sb, `/v1/audio/${d.id}`, (a) => a.status !== 'processing', user.key);
    expect(ready.status).toBe('ready');
    const track = body({ status: 200, headers: {}, bytes: Buffer.alloc(0), body: { data: ready } }, AudioResponse).data;
    expect(track).toMatchObject({ name: 'Greeting', emotion: 'auto', model: 'voice-model-a', voice_id: presetA });
    const media = await sb.request('GET', new URL(String(track.audio_url)).pathname);
    expect(media.headers['content-type']).toBe('audio/wav');
  });

  it('spec 8: audio text 1-5000 characters and name at most 200 (edges accepted, one past refused)', async () => {
    expect((await speak({ text: 't'.repeat(5000), name: 'n'.repeat(200) })).status).toBe(201);
    expectError(await speak({ text: 't'.repeat(5001) }), 400, 'validation_error', 'text');
    expectError(await speak({ text: '' }), 400, 'validation_error', 'text');
    expectError(await speak({ name: 'n'.repeat(201) }), 400, 'validation_error', 'name');
  });

  it('spec 4.5: emotion takes auto, neutral, happy, sad, angry, fearful, disgusted, surprised', async () => {
    for (const emotion of ['auto', 'neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised']) {
      expect((await speak({ emotion })).status).toBe(201);
    }
    expectError(await speak({ emotion: 'bored' }), 400, 'validation_error', 'emotion');
  });

  it('spec 4.5: model takes voice-model-a or voice-model-b only', async () => {
    expect((await speak({ model: 'voice-model-b' })).status).toBe(201);
    expectError(await speak({ model: 'voice-model-c' }), 400, 'validation_error', 'model');
  });

  it('spec 3: a track that fails is failed with error_message and refunded', async () => {
    const u = await createUser(sb, { credits: 10 });
    await sb.request('PUT', '/sandbox/faults', { body: { failure_rate: { audio: 1 } } });
    try {
      const d = body(await speak({}, u.key), AudioAcceptedResponse).data;
      const track = await pollUntil(sb, `/v1/audio/${d.id}`, (a) => a.status !== 'processing', u.key);
      expect(track.status).toBe('failed');
      expect(String(track.error_message).length).toBeGreaterThan(0);
      expect(track.audio_url).toBeNull();
    } finally {
      await sb.request('PUT', '/sandbox/faults', { body: {} });
    }
    expect((await get(sb, '/v1/account', u.key)).body).toMatchObject({ data: { credits: { balance: 10 } } });
  });

  it('spec 4.5: the model defaults to the voice’s model (a voice-model-b preset makes voice-model-b speech)', async () => {
    const d = body(await speak({ voice_id: presetB }), AudioAcceptedResponse).data;
    expect(body(await get(sb, `/v1/audio/${d.id}`, user.key), AudioResponse).data.model).toBe('voice-model-b');
    expect(d.credits_used).toBe(2);
  });

  it('spec 8: speech is charged ceil(characters / 250), at least 1, double on voice-model-b', async () => {
    expect(body(await speak({ text: 'a'.repeat(250) }), AudioAcceptedResponse).data.credits_used).toBe(1);
    expect(body(await speak({ text: 'a'.repeat(251) }), AudioAcceptedResponse).data.credits_used).toBe(2);
    expect(body(await speak({ text: 'a'.repeat(5000), model: 'voice-model-b' }), AudioAcceptedResponse).data.credits_used).toBe(40);
  });

  it('spec 4.5: every voice-model-b field is accepted with voice-model-b', async () => {
    const ref = await upload(sb, sampleWav(), 'audio/wav', user.key);
    const res = await speak({
      model: 'voice-model-b',
      speaker: 'narrator',
      voice_description: 'warm',
      style_instruction: 'slowly',
      reference_audio: ref,
      reference_text: 'hello',
      language: 'en-GB',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const track = body(await get(sb, `/v1/audio/${body(res, AudioAcceptedResponse).data.id}`, user.key), AudioResponse).data;
    expect(track).toMatchObject({ speaker: 'narrator', language: 'en-GB', reference_audio: ref });
  });

  it.each(['speaker', 'voice_description', 'style_instruction', 'reference_text', 'language'])(
    'spec 4.5: %s is refused for voice-model-a, naming the field',
    async (field) => {
      expectError(await speak({ [field]: 'en-US' }), 400, 'validation_error', field);
    },
  );

  it('spec 4.5: reference_audio is refused for voice-model-a and checked as a URL field', async () => {
    const ref = await upload(sb, sampleWav(), 'audio/wav', user.key);
    expectError(await speak({ reference_audio: ref }), 400, 'validation_error', 'reference_audio');
    expectError(
      await speak({ model: 'voice-model-b', reference_audio: 'http://127.0.0.1/cdn/x.wav' }),
      400,
      'validation_error',
      'reference_audio',
    );
  });

  it('spec 4.5: voice_id must be a ready voice the caller owns, or a preset', async () => {
    const sample = await upload(sb, sampleWav(), 'audio/wav', user.key);
    const v = body(await post(sb, '/v1/voices/clone', { name: 'Fresh', source_url: sample }, { key: user.key }), VoiceAcceptedResponse).data
      .id;
    expectError(await speak({ voice_id: v }), 409, 'invalid_state', 'voice_id');
    await pollUntil(sb, `/v1/voices/${v}`, (x) => x.status === 'ready', user.key);
    expect((await speak({ voice_id: v })).status).toBe(201);
    const stranger = await createUser(sb);
    expectError(await speak({ voice_id: v }, stranger.key), 403, 'forbidden', 'voice_id');
    expectError(await speak({ voice_id: '6f1c7a0e-5b7e-4c3e-9a55-2b1f4a7c9d10' }), 404, 'not_found', 'voice_id');
  });

  it('spec 4.5 / 7: a teammate’s ready voice is refused with 403 and nothing is charged', async () => {
    const owner = await createUser(sb, { team: 'studio-z', credits: 100 });
    const mate = await createUser(sb, { team: 'studio-z', credits: 100 });
    const sample = await upload(sb, sampleWav(), 'audio/wav', owner.key);
    const v = body(await post(sb, '/v1/voices/clone', { name: 'Shared?', source_url: sample }, { key: owner.key }), VoiceAcceptedResponse)
      .data.id;
    await pollUntil(sb, `/v1/voices/${v}`, (x) => x.status === 'ready', owner.key);
    const before = await balance(sb, mate.key);
    expectError(await speak({ voice_id: v }, mate.key), 403, 'forbidden', 'voice_id');
    expect(await balance(sb, mate.key)).toBe(before);
    expect(body(await get(sb, '/v1/audio', mate.key), AudioList).data).toEqual([]);
  });

  it('spec 4.5: GET /v1/audio lists by voice_id with a cursor; GET and DELETE /v1/audio/:id', async () => {
    const lister = await createUser(sb);
    for (let i = 0; i < 3; i += 1) await speak({ name: `A${i}` }, lister.key);
    await speak({ name: 'B0', voice_id: presetB }, lister.key);
    const p1 = body(await get(sb, `/v1/audio?voice_id=${presetA}&limit=2`, lister.key), AudioList);
    expect(p1.data.map((a) => a.name)).toEqual(['A2', 'A1']);
    const p2 = body(
      await get(sb, `/v1/audio?voice_id=${presetA}&limit=2&cursor=${encodeURIComponent(String(p1.meta.next_cursor))}`, lister.key),
      AudioList,
    );
    expect(p2.data.map((a) => a.name)).toEqual(['A0']);
    expect(p2.meta.has_more).toBe(false);
    const id = String(p2.data[0]?.id);
    expect(body(await get(sb, `/v1/audio/${id}`, lister.key), AudioResponse).data.id).toBe(id);
    expectError(await get(sb, `/v1/audio/${id}`, user.key), 404, 'not_found');
    expect(body(await sb.request('DELETE', `/v1/audio/${id}`, { auth: lister.key }), DeletedResponse).data.deleted).toBe(true);
    expectError(await get(sb, `/v1/audio/${id}`, lister.key), 404, 'not_found');
    expectError(await get(sb, '/v1/audio?voice_id=', lister.key), 400, 'validation_error', 'voice_id');
  });
});
