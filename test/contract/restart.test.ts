import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CharacterResponse, GenerationAcceptedResponse, KeyList, QuoteResponse, UsageList, VoiceList } from '../../shared/api/index.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import {
  body,
  createUser,
  data,
  expectError,
  get,
  ledger,
  pollUntil,
  post,
  readyCharacter,
  samplePng,
  startContractSandbox,
  upload,
  validCharacter,
} from './helpers.ts';

const running: SandboxHandle[] = [];
afterEach(async () => {
  for (const sb of running.splice(0)) await sb.stop();
});
const track = (sb: SandboxHandle): SandboxHandle => {
  running.push(sb);
  return sb;
};

describe('restart persistence (issue 3)', () => {
  it('issue 3: a restart keeps every user, key, resource, quote, idempotency record and transaction', async () => {
    const first = await startContractSandbox();
    const user = await createUser(first, { credits: 500 });
    const characterId = await readyCharacter(first, user.key);
    const img = await upload(first, samplePng(), 'image/png', user.key);
    const idem = randomUUID();
    const genBody = { character_id: characterId, type: 'image', prompt: 'persist me', options: { reference_images: [img] } };
    const gen = await post(first, '/v1/generations', genBody, { key: user.key, idem });
    const generationId = body(gen, GenerationAcceptedResponse).data.id;
    await pollUntil(first, `/v1/generations/${generationId}`, (g) => g.status === 'completed', user.key);
    const q = body(
      await post(first, '/v1/quotes', { operation_id: 'characters.create.v1', input: validCharacter() }, { key: user.key }),
      QuoteResponse,
    ).data;
    const before = {
      character: (await get(first, `/v1/characters/${characterId}`, user.key)).body,
      generation: (await get(first, `/v1/generations/${generationId}`, user.key)).body,
      usage: (await get(first, '/v1/account/usage', user.key)).body,
      keys: body(await first.request('GET', '/api/keys', { auth: user.session }), KeyList).data,
      ledger: await ledger(first, user.id),
      account: (await get(first, '/v1/account', user.key)).body,
    };
    const { admin_token: adminToken } = first.ready;

    const second = track(await first.restart());
    expect(second.ready.admin_token).toBe(adminToken);
    expect((await get(second, `/v1/characters/${characterId}`, user.key)).body).toEqual(before.character);
    expect((await get(second, `/v1/generations/${generationId}`, user.key)).body).toEqual(before.generation);
    expect((await get(second, '/v1/account/usage', user.key)).body).toEqual(before.usage);
    expect((await get(second, '/v1/account', user.key)).body).toMatchObject({
      data: { credits: (before.account as { data: { credits: unknown } }).data.credits },
    });
    expect(body(await second.request('GET', '/api/keys', { auth: user.session }), KeyList).data).toEqual(
      before.keys.map((k) => ({ ...k, last_used_at: expect.any(String) })),
    );
    expect(await ledger(second, user.id)).toEqual(before.ledger);
    expect(body(await get(second, `/v1/quotes/${q.id}`, user.key), QuoteResponse).data.id).toBe(q.id);
    const replay = await post(second, '/v1/generations', genBody, { key: user.key, idem });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(gen.body);
    const character = body(await get(second, `/v1/characters/${characterId}`, user.key), CharacterResponse).data;
    expect((await second.request('GET', new URL(String(character.headshot_url)).pathname)).status).toBe(200);
    expect((await second.request('GET', new URL(img).pathname)).status).toBe(200);
  });

  it('issue 3: without CAST_SANDBOX_API_KEY each start mints a fresh seed key and revokes the previous one', async () => {
    const first = await startContractSandbox();
    const oldKey = first.ready.api_key;
    expect((await get(first, '/v1/account')).status).toBe(200);
    const second = track(await first.restart());
    expect(second.ready.api_key).not.toBe(oldKey);
    expect((await get(second, '/v1/account')).status).toBe(200);
    expectError(await get(second, '/v1/account', oldKey), 401, 'invalid_api_key');
  });

  it('issue 3: with a well-formed CAST_SANDBOX_API_KEY the seed key is stable across restarts, so idempotency replays still match', async () => {
    const stable = `sk_live_${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
    const first = await startContractSandbox({ CAST_SANDBOX_API_KEY: stable });
    expect(first.ready.api_key).toBe(stable);
    const idem = randomUUID();
    const created = await post(first, '/v1/characters', validCharacter(), { idem });
    expect(created.status).toBe(201);
    const second = track(await first.restart());
    expect(second.ready.api_key).toBe(stable);
    const again = await post(second, '/v1/characters', validCharacter(), { idem });
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(data(again).id).toBe(data(created).id);
  });

  it('issue 3: a malformed CAST_SANDBOX_API_KEY is ignored (a fresh key is minted)', async () => {
    const sb = track(await startContractSandbox({ CAST_SANDBOX_API_KEY: 'sk_live_short' }));
    expect(sb.ready.api_key).not.toBe('sk_live_short');
    expect((await get(sb, '/v1/account')).status).toBe(200);
  });

  it('issue 3: jobs still processing when the sandbox stops resume after the restart', async () => {
    const slow = await startSandbox({ speed: 'realtime', env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
    const user = await createUser(slow, { credits: 100 });
    const res = await post(slow, '/v1/characters', validCharacter(), { key: user.key });
    const id = String(data(res).id);
    expect(data(await get(slow, `/v1/characters/${id}`, user.key)).status).toBe('generating');
    const fast = track(await slow.restart({ speed: 'fast' }));
    const done = await pollUntil(fast, `/v1/characters/${id}`, (c) => c.status !== 'generating', user.key, 20_000);
    expect(done.status).toBe('ready');
    expect(body(await get(fast, '/v1/voices'), VoiceList).data.presets.length).toBeGreaterThan(0);
  });

  it('spec 2.8: transactions survive a restart in order', async () => {
    const first = await startContractSandbox();
    const user = await createUser(first, { credits: 50 });
    await post(first, '/v1/characters', validCharacter(), { key: user.key });
    const usage = body(await get(first, '/v1/account/usage', user.key), UsageList).data;
    const second = track(await first.restart());
    expect(body(await get(second, '/v1/account/usage', user.key), UsageList).data).toEqual(usage);
  });
});
