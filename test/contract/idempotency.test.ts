import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmbiguousBody, CharacterList, GenerationList, UsageList, VoiceList } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  balance,
  body,
  createKey,
  createUser,
  data,
  expectError,
  get,
  ledger,
  post,
  readyCharacter,
  sampleWav,
  setFaults,
  startContractSandbox,
  upload,
  validCharacter,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let user: TestUser;
let characterId: string;
let presetId: string;
let sample: string;

beforeAll(async () => {
  sb = await startContractSandbox();
  user = await createUser(sb, { credits: 5000 });
  characterId = await readyCharacter(sb, user.key);
  presetId = String(body(await get(sb, '/v1/voices', user.key), VoiceList).data.presets[0]?.id);
  sample = await upload(sb, sampleWav(), 'audio/wav', user.key);
});
afterAll(async () => {
  await sb?.stop();
});

/** Every creating endpoint of spec 4 with a valid body. */
const creating = (): [string, string, Record<string, unknown>][] => [
  ['characters', '/v1/characters', validCharacter()],
  ['regenerate', `/v1/characters/${characterId}/regenerate`, {}],
  ['revert', `/v1/characters/${characterId}/revert`, {}],
  ['generations', '/v1/generations', { character_id: characterId, type: 'image', prompt: 'x' }],
  ['quotes', '/v1/quotes', { operation_id: 'characters.create.v1', input: validCharacter() }],
  ['voices clone', '/v1/voices/clone', { name: 'V', source_url: sample }],
  ['audio', '/v1/audio', { voice_id: presetId, text: 'hi' }],
];

describe('Idempotency-Key (spec 4 general rules)', () => {
  it.each(['characters', 'regenerate', 'revert', 'generations', 'quotes', 'voices clone', 'audio'])(
    'spec 4: %s requires Idempotency-Key (400 missing_idempotency_key)',
    async (name) => {
      const [, path, payload] = creating().find(([n]) => n === name) ?? ['', '', {}];
      expectError(await post(sb, path, payload, { key: user.key, idem: null }), 400, 'missing_idempotency_key', 'Idempotency-Key');
    },
  );

  it('spec 4: same key and same body replays the stored status and body with Idempotency-Replayed: true, charged once', async () => {
    const idem = randomUUID();
    const first = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    const again = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect((await ledger(sb, user.id)).filter((o) => o.idempotency_key === idem)).toEqual([
      expect.objectContaining({ charges: 1, credits: 10, resource_id: data(first).id }),
    ]);
  });

  it('spec 4: the body is compared as JSON (key order and spacing do not matter)', async () => {
    const idem = randomUUID();
    await post(sb, '/v1/characters', { name: 'Order', parameters: { gender: 'male', age: '30s' } }, { key: user.key, idem });
    const again = await sb.request('POST', '/v1/characters', {
      auth: user.key,
      headers: { 'idempotency-key': idem, 'content-type': 'application/json' },
      body: '{ "parameters": {"age":"30s","gender":"male"}, "name":"Order" }',
    });
    expect(again.headers['idempotency-replayed']).toBe('true');
  });

  it('spec 4: same key with a different body is 409 idempotency_key_reused and creates nothing', async () => {
    const idem = randomUUID();
    await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    const before = await balance(sb, user.key);
    expectError(
      await post(sb, '/v1/characters', validCharacter({ name: 'Other' }), { key: user.key, idem }),
      409,
      'idempotency_key_reused',
      'Idempotency-Key',
    );
    expectError(
      await post(sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'x' }, { key: user.key, idem }),
      409,
      'idempotency_key_reused',
    );
    expect(await balance(sb, user.key)).toBe(before);
  });

  it('spec 4: keys are scoped per API key: another key with the same Idempotency-Key executes anew', async () => {
    const second = await createKey(sb, user.session);
    const idem = randomUUID();
    const a = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    const b = await post(sb, '/v1/characters', validCharacter(), { key: second, idem });
    expect(b.status).toBe(201);
    expect(b.headers['idempotency-replayed']).toBeUndefined();
    expect(data(b).id).not.toBe(data(a).id);
  });

  it('spec 4: two concurrent requests with one key execute once', async () => {
    const racer = await createUser(sb, { credits: 100 });
    const idem = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(sb, '/v1/characters', validCharacter(), { key: racer.key, idem })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => data(a).id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotency-replayed'] === 'true')).toHaveLength(7);
    expect(body(await get(sb, '/v1/characters', racer.key), CharacterList).data).toHaveLength(1);
    expect(await balance(sb, racer.key)).toBe(90);
    expect((await ledger(sb, racer.id)).filter((o) => o.idempotency_key === idem)).toEqual([expect.objectContaining({ charges: 1 })]);
  });

  it('spec 4: a request refused by validation stores nothing, so the corrected request with the same key executes', async () => {
    const idem = randomUUID();
    expectError(await post(sb, '/v1/characters', { name: '', parameters: {} }, { key: user.key, idem }), 400, 'validation_error', 'name');
    expect((await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem })).status).toBe(201);
  });

  it('spec 4: a 202 (fault: committed, answer lost) is resolved by retrying the same request: the real result, charged once', async () => {
    const idem = randomUUID();
    await setFaults(sb, { ambiguous_202_rate: 1 });
    let first;
    try {
      first = await post(sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'ambiguous' }, { key: user.key, idem });
    } finally {
      await setFaults(sb, {});
    }
    expect(first.status).toBe(202);
    expect(body(first, AmbiguousBody).status).toBe('reconciling');
    const retry = await post(
      sb,
      '/v1/generations',
      { character_id: characterId, type: 'image', prompt: 'ambiguous' },
      { key: user.key, idem },
    );
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect((await ledger(sb, user.id)).filter((o) => o.idempotency_key === idem)).toEqual([
      expect.objectContaining({ charges: 1, credits: 2 }),
    ]);
  });
});

describe('webhook_url is held (spec 4, 6)', () => {
  const withWebhook = (): [string, string, Record<string, unknown>][] =>
    creating()
      .filter(([n]) => n !== 'revert' && n !== 'quotes')
      .map(([n, p, b]) => [n, p, { ...b, webhook_url: 'https://127.0.0.1/hook' }]);

  it.each(['characters', 'regenerate', 'generations', 'voices clone', 'audio'])(
    'spec 6: webhook_url on %s is 503 webhook_delivery_unavailable; nothing created or charged',
    async (name) => {
      const [, path, payload] = withWebhook().find(([n]) => n === name) ?? ['', '', {}];
      const before = await balance(sb, user.key);
      const gens = body(await get(sb, '/v1/generations?limit=100', user.key), GenerationList).data.length;
      expectError(await post(sb, path, payload, { key: user.key }), 503, 'webhook_delivery_unavailable', 'webhook_url');
      expect(await balance(sb, user.key)).toBe(before);
      expect(body(await get(sb, '/v1/generations?limit=100', user.key), GenerationList).data.length).toBe(gens);
    },
  );

  it('spec 6: webhook_url is refused even when empty, and inside a quoted input', async () => {
    expectError(
      await post(sb, '/v1/characters', validCharacter({ webhook_url: '' }), { key: user.key }),
      503,
      'webhook_delivery_unavailable',
    );
    expectError(
      await post(
        sb,
        '/v1/quotes',
        { operation_id: 'characters.create.v1', input: validCharacter({ webhook_url: 'https://x.test/h' }) },
        { key: user.key },
      ),
      503,
      'webhook_delivery_unavailable',
      'input.webhook_url',
    );
  });

  it('spec 6: the 503 leaves no usage transaction behind', async () => {
    const fresh = await createUser(sb);
    await post(sb, '/v1/characters', validCharacter({ webhook_url: 'https://127.0.0.1/h' }), { key: fresh.key });
    expect(body(await get(sb, '/v1/account/usage', fresh.key), UsageList).data.filter((t) => t.type === 'usage')).toEqual([]);
  });
});

describe('general rules (spec 1, 4, 7)', () => {
  it('spec 1: every record response wraps it in data', async () => {
    for (const path of ['/v1/account', `/v1/characters/${characterId}`, '/v1/capabilities']) {
      expect(Object.keys((await get(sb, path, user.key)).body as object)).toEqual(['data']);
    }
  });

  it('spec 4: bodies are JSON (an unparsable body is 400 invalid_json)', async () => {
    const res = await sb.request('POST', '/v1/characters', {
      auth: user.key,
      headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      body: '{"name":',
    });
    expectError(res, 400, 'invalid_json');
  });

  it('spec 7: unknown fields are refused naming the field', async () => {
    expectError(await post(sb, '/v1/characters', validCharacter({ colour: 'red' }), { key: user.key }), 400, 'validation_error', 'colour');
  });

  it('spec 4: credits: the balance never goes negative (402 insufficient_credits, nothing created)', async () => {
    const poor = await createUser(sb, { credits: 9 });
    expectError(await post(sb, '/v1/characters', validCharacter(), { key: poor.key }), 402, 'insufficient_credits');
    expect(body(await get(sb, '/v1/characters', poor.key), CharacterList).data).toEqual([]);
    expect(await balance(sb, poor.key)).toBe(9);
    await sb.request('POST', `/sandbox/users/${poor.id}/credits`, { body: { amount: 1 } });
    const ok = await post(sb, '/v1/characters', validCharacter(), { key: poor.key });
    expect(data(ok).credits_remaining).toBe(0);
  });
});
