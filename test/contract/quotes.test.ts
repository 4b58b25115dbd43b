import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CapabilitiesResponse,
  CharacterList,
  DEFAULT_CAPABILITIES,
  GenerationAcceptedResponse,
  QuoteResponse,
  UsageList,
  VoiceList,
  type Scope,
} from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  balance,
  body,
  createKey,
  createUser,
  data,
  expectError,
  get,
  post,
  readyCharacter,
  samplePng,
  sampleWav,
  startContractSandbox,
  upload,
  validCharacter,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let user: TestUser;
let characterId: string;

beforeAll(async () => {
  sb = await startContractSandbox();
  user = await createUser(sb, { credits: 5000 });
  characterId = await readyCharacter(sb, user.key);
});
afterAll(async () => {
  await sb?.stop();
});

const quote = (payload: Record<string, unknown>, key = user.key, idem?: string) =>
  post(sb, '/v1/quotes', payload, { key, ...(idem ? { idem } : {}) });
const imageInput = (extra: Record<string, unknown> = {}) => ({
  character_id: characterId,
  type: 'image',
  prompt: 'a quiet harbour at dawn',
  ...extra,
});
const quoted = async (payload: Record<string, unknown>, key = user.key) => {
  const res = await quote(payload, key);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return body(res, QuoteResponse).data;
};

describe('capability catalog (spec 4.3, 9)', () => {
  it('spec 9: GET /v1/capabilities serves stable operation ids ending in a version, and the capability and pricing versions', async () => {
    const cat = body(await get(sb, '/v1/capabilities', user.key), CapabilitiesResponse).data;
    expect(cat).toEqual(DEFAULT_CAPABILITIES);
    expect(cat.operations.every((o) => /\.v\d+$/.test(o.operation_id))).toBe(true);
  });
});

describe('quotes (spec 4.3, 2.6)', () => {
  it('spec 4.3: POST /v1/quotes answers 201 with Location; the quote binds credits, versions, hashes and the retry budget', async () => {
    const res = await quote({ operation_id: 'generations.create.v1', input: imageInput() });
    expect(res.status).toBe(201);
    const q = body(res, QuoteResponse).data;
    expect(res.headers.location).toBe(`/v1/quotes/${q.id}`);
    expect(q).toMatchObject({
      operation_id: 'generations.create.v1',
      credits: 2,
      capability_version: DEFAULT_CAPABILITIES.capability_version,
      pricing_version: DEFAULT_CAPABILITIES.pricing_version,
      expired: false,
    });
    expect(q.input_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(q.asset_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(q.retry_budget).toBeGreaterThan(0);
    expect(q.approval).toEqual({ required: false, state: null });
  });

  it('decision: a quote expires 15 minutes after creation', async () => {
    const q = await quoted({ operation_id: 'characters.create.v1', input: validCharacter() });
    expect(Date.parse(q.expires_at) - Date.parse(q.created_at)).toBe(15 * 60 * 1000);
  });

  it('spec 4.3: the exact repeat with the same key answers 200 with Idempotency-Replayed: true; reuse for another request is 409', async () => {
    const idem = randomUUID();
    const first = await quote({ operation_id: 'characters.create.v1', input: validCharacter() }, user.key, idem);
    const again = await quote({ operation_id: 'characters.create.v1', input: validCharacter() }, user.key, idem);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(body(again, QuoteResponse).data.id).toBe(body(first, QuoteResponse).data.id);
    expectError(
      await quote({ operation_id: 'characters.create.v1', input: validCharacter({ name: 'B' }) }, user.key, idem),
      409,
      'idempotency_key_reused',
    );
  });

  it('spec 4.3: Content-Type must be application/json (415) and Idempotency-Key is required (400)', async () => {
    const res = await sb.request('POST', '/v1/quotes', {
      auth: user.key,
      headers: { 'idempotency-key': randomUUID(), 'content-type': 'text/plain' },
      body: JSON.stringify({ operation_id: 'characters.create.v1', input: validCharacter() }),
    });
    expectError(res, 415, 'unsupported_media_type');
    expectError(
      await post(sb, '/v1/quotes', { operation_id: 'characters.create.v1', input: validCharacter() }, { key: user.key, idem: null }),
      400,
      'missing_idempotency_key',
    );
  });

  it('spec 4.3 / 5.4: the key needs the scope of the quoted operation, checked before any resource or pricing read', async () => {
    const images = await createKey(sb, user.session, { scopes: ['images:generate'] satisfies Scope[] });
    const video = (cid: string) => ({ operation_id: 'generations.create.v1', input: { character_id: cid, type: 'video', prompt: 'x' } });
    const existing = await quote(video(characterId), images);
    const missing = await quote(video(randomUUID()), images);
    expectError(existing, 403, 'insufficient_scope');
    expect(missing.body).toEqual(existing.body);
    expectError(
      await quote({ operation_id: 'characters.regenerate.v1', input: {}, target: { character_id: characterId } }, images),
      403,
      'insufficient_scope',
    );
    expect((await quote({ operation_id: 'generations.create.v1', input: imageInput() }, images)).status).toBe(201);
  });

  it('spec 4.3: creating or reading a quote has no billing, resource or job side effects', async () => {
    const fresh = await createUser(sb, { credits: 100 });
    const q = await quoted({ operation_id: 'characters.create.v1', input: validCharacter() }, fresh.key);
    expect((await get(sb, `/v1/quotes/${q.id}`, fresh.key)).status).toBe(200);
    expect(await balance(sb, fresh.key)).toBe(100);
    expect(body(await get(sb, '/v1/characters', fresh.key), CharacterList).data).toEqual([]);
    expect(body(await get(sb, '/v1/account/usage', fresh.key), UsageList).data.filter((t) => t.type !== 'grant')).toEqual([]);
  });

  it('spec 2.6: no raw prompt, speech text or asset URL is stored in or returned by the quote', async () => {
    const marker = `secret-prompt-${randomUUID()}`;
    const img = await upload(sb, samplePng(), 'image/png', user.key);
    const res = await quote({
      operation_id: 'generations.create.v1',
      input: imageInput({ prompt: marker, options: { reference_images: [img] } }),
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(marker);
    expect(text).not.toContain(img);
    const read = JSON.stringify((await get(sb, `/v1/quotes/${body(res, QuoteResponse).data.id}`, user.key)).body);
    expect(read).not.toContain(marker);
    for (const f of readdirSync(sb.dataDir).filter((n) => n.startsWith('sandbox.db'))) {
      expect(readFileSync(join(sb.dataDir, f)).includes(Buffer.from(marker))).toBe(false);
    }
  });

  it('spec 4.3 / 5.7: a quote is readable only by the actor and API key that created it; otherwise an opaque 404 identical to a missing one', async () => {
    const q = await quoted({ operation_id: 'characters.create.v1', input: validCharacter() });
    expect(body(await get(sb, `/v1/quotes/${q.id}`, user.key), QuoteResponse).data.id).toBe(q.id);
    const sameUserOtherKey = await createKey(sb, user.session);
    const stranger = await createUser(sb);
    const missing = await get(sb, `/v1/quotes/${randomUUID()}`, user.key);
    expectError(missing, 404, 'not_found');
    expect((await get(sb, `/v1/quotes/${q.id}`, sameUserOtherKey)).body).toEqual(missing.body);
    expect((await get(sb, `/v1/quotes/${q.id}`, stranger.key)).body).toEqual(missing.body);
  });

  it('spec 4.3: every catalog operation can be quoted; target is required exactly for operations on an existing resource', async () => {
    const presetId = String(body(await get(sb, '/v1/voices', user.key), VoiceList).data.presets[0]?.id);
    const sample = await upload(sb, sampleWav(), 'audio/wav', user.key);
    const credits = async (payload: Record<string, unknown>) => (await quoted(payload)).credits;
    expect(await credits({ operation_id: 'characters.create.v1', input: validCharacter() })).toBe(10);
    expect(await credits({ operation_id: 'characters.regenerate.v1', input: {}, target: { character_id: characterId } })).toBe(8);
    expect(
      await credits({ operation_id: 'characters.regenerate.v1', input: { custom_details: 'hat' }, target: { character_id: characterId } }),
    ).toBe(5);
    expect(await credits({ operation_id: 'characters.revert.v1', input: {}, target: { character_id: characterId } })).toBe(0);
    expect(await credits({ operation_id: 'generations.create.v1', input: imageInput({ options: { hd: true } }) })).toBe(4);
    expect(await credits({ operation_id: 'voices.clone.v1', input: { name: 'Q', source_url: sample } })).toBe(20);
    expect(await credits({ operation_id: 'audio.create.v1', input: { voice_id: presetId, text: 'x'.repeat(600) } })).toBe(3);
    expectError(await quote({ operation_id: 'characters.regenerate.v1', input: {} }), 400, 'validation_error', 'target');
    expectError(
      await quote({ operation_id: 'characters.create.v1', input: validCharacter(), target: { character_id: characterId } }),
      400,
      'validation_error',
      'target',
    );
    expectError(await quote({ operation_id: 'characters.delete.v1', input: {} }), 400, 'validation_error', 'operation_id');
    expectError(await quote({ operation_id: 'characters.create', input: {} }), 400, 'validation_error', 'operation_id');
    expectError(await quote({ operation_id: 'characters.create.v1', input: { name: '' } }), 400, 'validation_error', 'input.name');
    expectError(
      await quote({ operation_id: 'characters.regenerate.v1', input: {}, target: { character_id: randomUUID() } }),
      404,
      'not_found',
      'target.character_id',
    );
  });
});

describe('paid submissions with Quote-Id (spec 4.3)', () => {
  const submit = (quoteId: string, input: Record<string, unknown>, key = user.key) =>
    post(sb, '/v1/generations', input, { key, headers: { 'quote-id': quoteId } });

  it('spec 4.3: a matching submission is charged exactly the quoted credits', async () => {
    const input = imageInput({ options: { hd: true } });
    const q = await quoted({ operation_id: 'generations.create.v1', input });
    const res = await submit(q.id, input);
    expect(res.status).toBe(201);
    expect(body(res, GenerationAcceptedResponse).data.credits_used).toBe(q.credits);
    expect(body(await get(sb, `/v1/quotes/${q.id}`, user.key), QuoteResponse).data).toMatchObject({ used: true });
  });

  it('spec 4.3: defaults are normalized: the submission may spell out the defaults the quote left implicit', async () => {
    const q = await quoted({ operation_id: 'generations.create.v1', input: imageInput() });
    expect((await submit(q.id, imageInput({ options: { aspect_ratio: '9:16', hd: false } }))).status).toBe(201);
  });

  it('spec 4.3: the normalized-input hash must match exactly (409 quote_mismatch)', async () => {
    const q = await quoted({ operation_id: 'generations.create.v1', input: imageInput() });
    expectError(await submit(q.id, imageInput({ prompt: 'something else' })), 409, 'quote_mismatch', 'Quote-Id');
  });

  it('spec 4.3: the ordered-asset hash must match exactly (other file or other order is 409 quote_mismatch)', async () => {
    const [a, b] = [await upload(sb, samplePng(), 'image/png', user.key), await upload(sb, samplePng(), 'image/png', user.key)];
    const q = await quoted({ operation_id: 'generations.create.v1', input: imageInput({ options: { reference_images: [a, b] } }) });
    expectError(await submit(q.id, imageInput({ options: { reference_images: [b, a] } })), 409, 'quote_mismatch');
    const ok = await submit(q.id, imageInput({ options: { reference_images: [a, b] } }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('spec 4.3: a quote serves one submission, of its own operation, by its own key', async () => {
    const q = await quoted({ operation_id: 'generations.create.v1', input: imageInput() });
    const other = await createKey(sb, user.session);
    expectError(await submit(q.id, imageInput(), other), 409, 'quote_mismatch');
    expectError(
      await post(sb, '/v1/characters', validCharacter(), { key: user.key, headers: { 'quote-id': q.id } }),
      409,
      'quote_mismatch',
    );
    expect((await submit(q.id, imageInput())).status).toBe(201);
    expectError(await submit(q.id, imageInput()), 409, 'quote_mismatch');
    expectError(await submit(randomUUID(), imageInput()), 409, 'quote_mismatch');
  });

  it('spec 2.6: an expired quote is refused (409 quote_expired)', async () => {
    const q = await quoted({ operation_id: 'generations.create.v1', input: imageInput() });
    expect((await sb.request('POST', `/sandbox/quotes/${q.id}/expire`)).status).toBe(200);
    expect(body(await get(sb, `/v1/quotes/${q.id}`, user.key), QuoteResponse).data.expired).toBe(true);
    expectError(await submit(q.id, imageInput()), 409, 'quote_expired');
  });

  it('spec 2.6 / 3: above the spending threshold approval is required: pending → approved lets the submission through', async () => {
    const atThreshold = await quoted({
      operation_id: 'generations.create.v1',
      input: { character_id: characterId, type: 'video', prompt: 'ten', options: { duration: 10 } },
    });
    expect(atThreshold.credits).toBe(50);
    expect(atThreshold.approval).toEqual({ required: false, state: null });
    const submission = { character_id: characterId, type: 'video', prompt: 'long', model: 'video-model-b', options: { duration: 15 } };
    const q = await quoted({ operation_id: 'generations.create.v1', input: submission });
    expect(q.credits).toBe(75);
    expect(q.approval).toEqual({ required: true, state: 'pending' });
    expectError(await submit(q.id, submission), 409, 'quote_not_approved');
    const approved = await sb.request('POST', `/sandbox/quotes/${q.id}/decision`, { body: { decision: 'approve' } });
    expect(body(approved, QuoteResponse).data.approval.state).toBe('approved');
    expect((await submit(q.id, submission)).status).toBe(201);
  });

  it('spec 2.6 / 3: rejected and revoked quotes are refused (409 quote_not_approved); invalid transitions are 409', async () => {
    const input = { character_id: characterId, type: 'video', prompt: 'r', model: 'video-model-b', options: { duration: 12 } };
    const rejected = await quoted({ operation_id: 'generations.create.v1', input });
    await sb.request('POST', `/sandbox/quotes/${rejected.id}/decision`, { body: { decision: 'reject' } });
    expect(body(await get(sb, `/v1/quotes/${rejected.id}`, user.key), QuoteResponse).data.approval.state).toBe('rejected');
    expectError(await submit(rejected.id, input), 409, 'quote_not_approved');
    expectError(
      await sb.request('POST', `/sandbox/quotes/${rejected.id}/decision`, { body: { decision: 'approve' } }),
      409,
      'invalid_state',
    );
    const revoked = await quoted({ operation_id: 'generations.create.v1', input });
    await sb.request('POST', `/sandbox/quotes/${revoked.id}/decision`, { body: { decision: 'approve' } });
    await sb.request('POST', `/sandbox/quotes/${revoked.id}/decision`, { body: { decision: 'revoke' } });
    expect(data(await get(sb, `/v1/quotes/${revoked.id}`, user.key)).approval).toEqual({ required: true, state: 'revoked' });
    expectError(await submit(revoked.id, input), 409, 'quote_not_approved');
  });
});
