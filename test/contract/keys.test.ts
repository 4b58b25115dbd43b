import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, ALL_SCOPES, CreatedKeyResponse, KeyList, SandboxUserCreated } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import { body, createKey, createUser, expectError, get, startContractSandbox } from './helpers.ts';

let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startContractSandbox();
});
afterAll(async () => {
  await sb?.stop();
});

const newSession = async (): Promise<string> => {
  const res = await sb.request('POST', '/sandbox/users', {
    body: { email: `k${Date.now()}${Math.random()}@example.com`, name: 'K', plan: 'creator', credits: 10 },
  });
  return body(res, SandboxUserCreated).data.session_token;
};

describe('API keys (spec 2.1, 4.7)', () => {
  it('spec 2.1: a key is sk_live_ + 64 hex, created with a whsec_ webhook_secret, shown once, with all five scopes by default', async () => {
    const session = await newSession();
    const res = await sb.request('POST', '/api/keys', { auth: session, body: { name: 'laptop' } });
    expect(res.status).toBe(201);
    const d = body(res, CreatedKeyResponse).data;
    expect(d.key).toMatch(API_KEY_PATTERN);
    expect(d.webhook_secret).toMatch(/^whsec_/);
    expect(d.scopes.sort()).toEqual([...ALL_SCOPES].sort());
    expect(d.prefix).toBe(d.key.slice(0, 12));
    const list = await sb.request('GET', '/api/keys', { auth: session });
    expect(JSON.stringify(list.body)).not.toContain(d.key);
    expect(JSON.stringify(list.body)).not.toContain(d.webhook_secret);
  });

  it('spec 2.1: the listing shows prefix, name, last_used_at and created_at; last_used_at is updated on use', async () => {
    const session = await newSession();
    const key = await createKey(sb, session, { name: 'desk' });
    const before = body(await sb.request('GET', '/api/keys', { auth: session }), KeyList).data[0];
    expect(before).toMatchObject({ name: 'desk', prefix: key.slice(0, 12), last_used_at: null });
    expect(typeof before?.created_at).toBe('string');
    expect((await get(sb, '/v1/capabilities', key)).status).toBe(200);
    const after = body(await sb.request('GET', '/api/keys', { auth: session }), KeyList).data[0];
    expect(after?.last_used_at).not.toBeNull();
  });

  it('spec 2.1: only a SHA-256 hash is stored; the plaintext is nowhere in the data folder', async () => {
    const session = await newSession();
    const key = await createKey(sb, session);
    await get(sb, '/v1/account', key);
    const files = readdirSync(sb.dataDir).filter((f) => f.startsWith('sandbox.db'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(join(sb.dataDir, f)).includes(Buffer.from(key.slice(8)))).toBe(false);
  });

  it('spec 2.1 / 8: at most 10 active keys per user (10th accepted, 11th refused); revoking one frees a place', async () => {
    const session = await newSession();
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await sb.request('POST', '/api/keys', { auth: session, body: { name: `k${i}` } });
      expect(res.status).toBe(201);
      ids.push(body(res, CreatedKeyResponse).data.id);
    }
    expectError(await sb.request('POST', '/api/keys', { auth: session, body: { name: 'eleventh' } }), 409, 'active_key_limit');
    expect((await sb.request('DELETE', `/api/keys/${ids[0]}`, { auth: session })).status).toBe(200);
    expect((await sb.request('POST', '/api/keys', { auth: session, body: { name: 'eleventh' } })).status).toBe(201);
  });

  it('spec 2.1: revocation is a soft delete: the key is refused with invalid_api_key and leaves the listing', async () => {
    const session = await newSession();
    const created = body(await sb.request('POST', '/api/keys', { auth: session, body: { name: 'gone' } }), CreatedKeyResponse).data;
    expect((await get(sb, '/v1/account', created.key)).status).toBe(200);
    const del = await sb.request('DELETE', `/api/keys/${created.id}`, { auth: session });
    expect(del.status).toBe(200);
    expectError(await get(sb, '/v1/account', created.key), 401, 'invalid_api_key');
    expect(body(await sb.request('GET', '/api/keys', { auth: session }), KeyList).data.map((k) => k.id)).not.toContain(created.id);
    expectError(await sb.request('DELETE', `/api/keys/${created.id}`, { auth: session }), 404, 'not_found');
  });

  it('spec 2.1: a key with an expiration date is rejected after it (expired_api_key)', async () => {
    const session = await newSession();
    const key = await createKey(sb, session, { expires_at: new Date(Date.now() + 1200).toISOString() });
    expect((await get(sb, '/v1/account', key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1400));
    expectError(await get(sb, '/v1/account', key), 401, 'expired_api_key');
    expectError(
      await sb.request('POST', '/api/keys', { auth: session, body: { name: 'past', expires_at: '2020-01-01T00:00:00Z' } }),
      400,
      'validation_error',
      'expires_at',
    );
  });

  it('spec 4.7: /api/keys needs a web session token', async () => {
    expectError(await sb.request('GET', '/api/keys'), 401, 'invalid_session');
    expectError(await sb.request('POST', '/api/keys', { auth: sb.ready.api_key, body: { name: 'x' } }), 401, 'invalid_session');
    expectError(await sb.request('DELETE', '/api/keys/whatever', { auth: 'sess_nope' }), 401, 'invalid_session');
  });

  it('spec 5.3: a key can be created with fewer scopes', async () => {
    const user = await createUser(sb, { scopes: ['speech:generate'] });
    const session = user.session;
    const listed = body(await sb.request('GET', '/api/keys', { auth: session }), KeyList).data[0];
    expect(listed?.scopes).toEqual(['speech:generate']);
    expectError(
      await sb.request('POST', '/api/keys', { auth: session, body: { name: 'x', scopes: ['everything'] } }),
      400,
      'validation_error',
      'scopes[0]',
    );
  });

  it('sandbox: admin endpoints need the admin token', async () => {
    expectError(await sb.request('POST', '/sandbox/users', { auth: null, body: {} }), 401, 'invalid_admin_token');
    expectError(await sb.request('GET', '/sandbox/ledger', { auth: sb.ready.api_key }), 401, 'invalid_admin_token');
  });
});
