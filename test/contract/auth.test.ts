import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CharacterAcceptedResponse, type Scope } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  body,
  createKey,
  createUser,
  data,
  expectError,
  get,
  post,
  readyCharacter,
  sampleWav,
  startContractSandbox,
  upload,
  validCharacter,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let full: TestUser;
let characterId: string;

beforeAll(async () => {
  sb = await startContractSandbox();
  full = await createUser(sb, { credits: 2000 });
  characterId = await readyCharacter(sb, full.key);
});
afterAll(async () => {
  await sb?.stop();
});

// One key per scope set: a user has at most 10 active keys (spec 2.1).
const keys = new Map<string, Promise<string>>();
const keyWith = (scopes: Scope[]): Promise<string> => {
  const id = scopes.join(',');
  const known = keys.get(id) ?? createKey(sb, full.session, { scopes });
  keys.set(id, known);
  return known;
};

describe('authentication (spec 5, 7)', () => {
  it('spec 5.6: no Authorization header is 401 missing_api_key', async () => {
    expectError(await sb.request('GET', '/v1/characters', { auth: null }), 401, 'missing_api_key');
    expectError(await sb.request('POST', '/v1/characters', { auth: null, body: validCharacter() }), 401, 'missing_api_key');
  });

  it('spec 5.6: an unknown or malformed key is 401 invalid_api_key', async () => {
    expectError(await get(sb, '/v1/characters', `sk_live_${'0'.repeat(64)}`), 401, 'invalid_api_key');
    expectError(await get(sb, '/v1/characters', 'not-a-key'), 401, 'invalid_api_key');
    expectError(await sb.request('GET', '/v1/characters', { auth: null, headers: { authorization: 'Basic abc' } }), 401, 'invalid_api_key');
  });

  it('spec 5.5: a free-plan owner gets 403 plan_required; upgrading the plan lifts it', async () => {
    const free = await createUser(sb, { plan: 'free' });
    expectError(await get(sb, '/v1/characters', free.key), 403, 'plan_required');
    expectError(await post(sb, '/v1/characters', validCharacter(), { key: free.key }), 403, 'plan_required');
    expect((await sb.request('POST', `/sandbox/users/${free.id}/plan`, { body: { plan: 'studio' } })).status).toBe(200);
    expect((await get(sb, '/v1/characters', free.key)).status).toBe(200);
    await sb.request('POST', `/sandbox/users/${free.id}/plan`, { body: { plan: 'free' } });
    expectError(await get(sb, '/v1/characters', free.key), 403, 'plan_required');
  });

  it('spec 2.7: a free user’s account shows subscription null (decision: GET /v1/account answers without a plan)', async () => {
    const free = await createUser(sb, { plan: 'free' });
    expect(data(await get(sb, '/v1/account', free.key)).subscription).toBeNull();
  });

  it('spec 5.6: the order is missing → invalid → expired → plan: an expired key of a free user is expired_api_key; a revoked one is invalid_api_key', async () => {
    const free = await createUser(sb, { plan: 'free' });
    const expiring = await createKey(sb, free.session, { expires_at: new Date(Date.now() + 800).toISOString() });
    expectError(await get(sb, '/v1/characters', expiring), 403, 'plan_required');
    await new Promise((r) => setTimeout(r, 1000));
    expectError(await get(sb, '/v1/characters', expiring), 401, 'expired_api_key');
  });

  it('spec 5.3: each write needs its scope (403 insufficient_scope)', async () => {
    const none = await keyWith(['speech:generate']);
    expectError(await post(sb, '/v1/characters', validCharacter(), { key: none }), 403, 'insufficient_scope');
    expectError(await post(sb, `/v1/characters/${characterId}/regenerate`, {}, { key: none }), 403, 'insufficient_scope');
    expectError(await post(sb, `/v1/characters/${characterId}/revert`, {}, { key: none }), 403, 'insufficient_scope');
    expectError(
      await post(sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'x' }, { key: none }),
      403,
      'insufficient_scope',
    );
    expectError(
      await post(sb, '/v1/voices/clone', { name: 'x', setup_mode: 'voice_design', description: 'd' }, { key: none }),
      403,
      'insufficient_scope',
    );
    const noSpeech = await keyWith(['voices:write']);
    expectError(await post(sb, '/v1/audio', { voice_id: randomUUID(), text: 'hi' }, { key: noSpeech }), 403, 'insufficient_scope');
  });

  it('spec 5.3: images:generate covers image generations; videos:generate covers video and talk (lipsync)', async () => {
    const images = await keyWith(['images:generate']);
    const videos = await keyWith(['videos:generate']);
    expect((await post(sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'x' }, { key: images })).status).toBe(
      201,
    );
    expectError(
      await post(sb, '/v1/generations', { character_id: characterId, type: 'video', prompt: 'x' }, { key: images }),
      403,
      'insufficient_scope',
    );
    expectError(
      await post(sb, '/v1/generations', { character_id: characterId, type: 'talk', prompt: 'x' }, { key: images }),
      403,
      'insufficient_scope',
    );
    expect((await post(sb, '/v1/generations', { character_id: characterId, type: 'video', prompt: 'x' }, { key: videos })).status).toBe(
      201,
    );
    expectError(
      await post(sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'x' }, { key: videos }),
      403,
      'insufficient_scope',
    );
    const audio = await upload(sb, sampleWav(), 'audio/wav', videos);
    expect(
      (
        await post(
          sb,
          '/v1/generations',
          { character_id: characterId, type: 'talk', prompt: 'x', options: { audio_url: audio } },
          { key: videos },
        )
      ).status,
    ).toBe(201);
  });

  it('spec 5.3: scope is checked before any resource read: the same answer for an existing and a missing resource', async () => {
    const none = await keyWith(['speech:generate']);
    const existing = await post(sb, `/v1/characters/${characterId}/regenerate`, {}, { key: none });
    const missing = await post(sb, `/v1/characters/${randomUUID()}/regenerate`, {}, { key: none });
    expect(existing.status).toBe(403);
    expect(missing.body).toEqual(existing.body);
    const genExisting = await post(sb, '/v1/generations', { character_id: characterId, type: 'video', prompt: 'x' }, { key: none });
    const genMissing = await post(sb, '/v1/generations', { character_id: randomUUID(), type: 'video', prompt: 'x' }, { key: none });
    expect(genMissing.body).toEqual(genExisting.body);
  });

  it('spec 5.3: scope is checked before validation and pricing (an invalid body still gets 403)', async () => {
    const none = await keyWith(['speech:generate']);
    expectError(await post(sb, '/v1/characters', { nonsense: true }, { key: none }), 403, 'insufficient_scope');
  });

  it('spec 5.3: characters:write grants create, regenerate and revert', async () => {
    const chars = await keyWith(['characters:write']);
    expect(body(await post(sb, '/v1/characters', validCharacter(), { key: chars }), CharacterAcceptedResponse).data.status).toBe(
      'generating',
    );
    expect((await post(sb, `/v1/characters/${characterId}/revert`, {}, { key: chars })).status).toBe(409);
    expect((await post(sb, `/v1/characters/${characterId}/regenerate`, {}, { key: chars })).status).toBe(201);
  });

  it('spec 5.3: speech:generate grants audio; voices:write grants clone and design', async () => {
    const speech = await keyWith(['speech:generate']);
    const voices = await keyWith(['voices:write']);
    const preset = String(((await get(sb, '/v1/voices', speech)).body as { data: { presets: { id: string }[] } }).data.presets[0]?.id);
    expect((await post(sb, '/v1/audio', { voice_id: preset, text: 'hi' }, { key: speech })).status).toBe(201);
    expect((await post(sb, '/v1/voices/clone', { name: 'x', setup_mode: 'voice_design', description: 'd' }, { key: voices })).status).toBe(
      201,
    );
    expectError(await post(sb, '/v1/audio', { voice_id: preset, text: 'hi' }, { key: voices }), 403, 'insufficient_scope');
  });

  it('spec 5.1: reads need a key but no scope', async () => {
    const speechOnly = await keyWith(['speech:generate']);
    expect((await get(sb, '/v1/characters', speechOnly)).status).toBe(200);
    expect((await get(sb, `/v1/characters/${characterId}`, speechOnly)).status).toBe(200);
  });

  it('spec 7: every error has the body { error: { code, message, field? } }', async () => {
    const res = await get(sb, '/v1/nothing-here', full.key);
    expectError(res, 404, 'not_found');
    expect(Object.keys(res.body as object)).toEqual(['error']);
  });
});
