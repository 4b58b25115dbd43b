import { randomUUID } from 'node:crypto';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle, SandboxResponse } from '../support/sandboxProcess.ts';
import {
  balance,
  createKey,
  createUser,
  data,
  get,
  pollUntil,
  post,
  readyCharacter,
  samplePng,
  setFaults,
  startContractSandbox,
  upload,
  validCharacter,
  type TestUser,
} from './helpers.ts';

/**
 * Service variants (`--variant NAME`): each answers with a spec-legal choice other than the
 * default. Every test runs the same requests against a variant sandbox and the default one.
 */
let base: SandboxHandle;
let baseUser: TestUser;
beforeAll(async () => {
  base = await startContractSandbox();
  baseUser = await createUser(base, { credits: 10_000 });
});
afterAll(async () => {
  await base?.stop();
});

function withVariant(name: string, user: { credits?: number } = {}): { readonly sb: SandboxHandle; readonly user: TestUser } {
  let sb: SandboxHandle | undefined;
  let u: TestUser | undefined;
  beforeAll(async () => {
    sb = await startContractSandbox({}, [name]);
    u = await createUser(sb, { credits: user.credits ?? 10_000 });
  });
  afterAll(async () => {
    await sb?.stop();
  });
  return {
    get sb() {
      if (!sb) throw new Error('started in beforeAll');
      return sb;
    },
    get user() {
      if (!u) throw new Error('started in beforeAll');
      return u;
    },
  };
}

const json = (res: SandboxResponse): Record<string, unknown> => res.body as Record<string, unknown>;
const meta = (res: SandboxResponse): Record<string, unknown> => json(res).meta as Record<string, unknown>;
const items = (res: SandboxResponse): Record<string, unknown>[] => json(res).data as Record<string, unknown>[];

async function regenerated(sb: SandboxHandle, user: TestUser): Promise<{ characterId: string; first: SandboxResponse; idem: string }> {
  const characterId = await readyCharacter(sb, user.key);
  const idem = randomUUID();
  const first = await post(sb, `/v1/characters/${characterId}/regenerate`, {}, { key: user.key, idem });
  return { characterId, first, idem };
}

describe('minimal-accept (spec 4.1: regenerate and revert bodies are not shown)', () => {
  const v = withVariant('minimal-accept');
  it('spec 4.1: regenerate answers 201 with only Location, its terminal recovery 200 in another shape, and revert 200 with no body', async () => {
    const { characterId, first, idem } = await regenerated(v.sb, v.user);
    expect(first.status).toBe(201);
    expect(first.headers.location).toMatch(/^\/v1\/generations\/[0-9a-f-]{36}$/);
    expect(first.bytes.length).toBe(0);
    await pollUntil(v.sb, String(first.headers.location), (g) => g.status === 'completed', v.user.key);
    const recovery = await post(v.sb, `/v1/characters/${characterId}/regenerate`, {}, { key: v.user.key, idem });
    expect(recovery.status).toBe(200);
    expect(recovery.headers.location).toBe(first.headers.location);
    expect(json(recovery).data).toBeUndefined();
    expect(json(recovery).result).toMatchObject({ state: 'completed' });
    const revert = await post(v.sb, `/v1/characters/${characterId}/revert`, {}, { key: v.user.key });
    expect(revert.status).toBe(200);
    expect(revert.bytes.length).toBe(0);
  });

  it('the default answers regenerate and revert with a data body', async () => {
    const { characterId, first } = await regenerated(base, baseUser);
    expect(first.status).toBe(201);
    expect(data(first).generation_id).toBe(String(first.headers.location).split('/').pop());
    await pollUntil(base, String(first.headers.location), (g) => g.status === 'completed', baseUser.key);
    expect(data(await post(base, `/v1/characters/${characterId}/revert`, {}, { key: baseUser.key })).character_id).toBe(characterId);
  });
});

describe('extra-fields (spec 2.2-2.5 other fields and spec 7 error body: not shown)', () => {
  const v = withVariant('extra-fields');
  it('spec 2 / 7: records, meta and error bodies carry unknown fields, and two 4xx carry unknown codes', async () => {
    await post(v.sb, '/v1/characters', validCharacter(), { key: v.user.key });
    const account = json(await get(v.sb, '/v1/account', v.user.key));
    expect(account.data).toMatchObject({ object: 'account', revision: 1, metadata: expect.any(Object) });
    expect(account.meta).toMatchObject({ request_id: expect.any(String) });
    const list = await get(v.sb, '/v1/characters', v.user.key);
    expect(items(list)[0]).toMatchObject({ object: 'characters', metadata: expect.any(Object) });
    expect(meta(list)).toMatchObject({ has_more: false, request_id: expect.any(String) });
    const invalid = await post(v.sb, '/v1/characters', { name: '', parameters: {} }, { key: v.user.key });
    expect(invalid.status).toBe(400);
    expect(json(invalid).error).toMatchObject({
      code: 'parameter_invalid',
      message: expect.any(String),
      request_id: expect.any(String),
      details: [expect.objectContaining({ reason: 'validation_error' })],
    });
    const broke = await createUser(v.sb, { credits: 0 });
    const short = await post(v.sb, '/v1/characters', validCharacter(), { key: broke.key });
    expect(short.status).toBe(402);
    expect((json(short).error as { code: string }).code).toBe('balance_insufficient');
    // Codes the spec states keep their names (spec 7).
    expect((json(await get(v.sb, '/v1/generations?type=', v.user.key)).error as { code: string }).code).toBe('invalid_filter');
  });

  it('the default sends only its documented fields and codes', async () => {
    expect(json(await get(base, '/v1/account', baseUser.key)).meta).toBeUndefined();
    expect(data(await get(base, '/v1/account', baseUser.key)).object).toBeUndefined();
    expect(json(await post(base, '/v1/characters', { name: '', parameters: {} }, { key: baseUser.key })).error).toEqual({
      code: 'validation_error',
      message: expect.any(String),
      field: 'name',
    });
  });
});

describe('problem-errors (spec 7: error body shape and invalid_cursor status not shown)', () => {
  const v = withVariant('problem-errors');
  it('spec 7: errors come as application/problem+json or as top-level { code, message }; invalid_cursor is 422', async () => {
    const missing = await get(v.sb, `/v1/characters/${randomUUID()}`, v.user.key);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(missing.bytes.toString('utf8'))).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: expect.any(String),
      code: 'not_found',
    });
    const flat = await get(v.sb, `/v1/generations/${randomUUID()}`, v.user.key);
    expect(flat.status).toBe(404);
    expect(json(flat)).toEqual({ code: 'not_found', message: expect.any(String) });
    const cursor = await get(v.sb, '/v1/characters?cursor=forged', v.user.key);
    expect(cursor.status).toBe(422);
    expect(JSON.parse(cursor.bytes.toString('utf8'))).toMatchObject({ status: 422, code: 'invalid_cursor' });
    expect((await get(v.sb, '/v1/account', 'sk_live_nope')).status).toBe(401);
  });

  it('the default answers { error: { code, message } } and invalid_cursor 400', async () => {
    const cursor = await get(base, '/v1/characters?cursor=forged', baseUser.key);
    expect(cursor.status).toBe(400);
    expect(json(cursor).error).toMatchObject({ code: 'invalid_cursor' });
  });
});

describe('other-envelope (spec 4.2: list envelope not shown)', () => {
  const v = withVariant('other-envelope');
  it('spec 4.2: lists name their next cursor as meta.cursor, a top-level next_cursor or a Link rel="next" header', async () => {
    const characterId = await readyCharacter(v.sb, v.user.key);
    for (let i = 0; i < 2; i += 1) await post(v.sb, '/v1/characters', validCharacter({ name: `C${i}` }), { key: v.user.key });
    for (let i = 0; i < 3; i += 1)
      await post(v.sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: `p${i}` }, { key: v.user.key });
    const presets = data(await get(v.sb, '/v1/voices', v.user.key)).presets as { id: string }[];
    for (let i = 0; i < 3; i += 1) await post(v.sb, '/v1/audio', { voice_id: presets[0]?.id, text: `line ${i}` }, { key: v.user.key });

    const characters = await get(v.sb, '/v1/characters?limit=2', v.user.key);
    expect(meta(characters)).toEqual({ has_more: true, cursor: expect.any(String) });
    const rest = await get(v.sb, `/v1/characters?limit=2&cursor=${encodeURIComponent(String(meta(characters).cursor))}`, v.user.key);
    expect(items(rest)).toHaveLength(1);
    expect(meta(rest)).toEqual({ has_more: false, cursor: null });

    const audio = await get(v.sb, '/v1/audio?limit=2', v.user.key);
    expect(json(audio).next_cursor).toEqual(expect.any(String));
    expect(meta(audio).next_cursor).toBeUndefined();

    const generations = await get(v.sb, '/v1/generations?limit=2&type=image', v.user.key);
    expect(meta(generations)).toEqual({ has_more: true });
    const link = /^<([^>]+)>; rel="next"$/.exec(generations.headers.link ?? '');
    expect(link).not.toBeNull();
    const next = new URL(String(link?.[1]));
    expect(next.searchParams.get('type')).toBe('image');
    // The link repeats the request as the client made it, page size included.
    expect(next.searchParams.get('limit')).toBe('2');
    const page2 = await get(v.sb, `${next.pathname}${next.search}`, v.user.key);
    expect(items(page2)).toHaveLength(1);
    expect(page2.headers.link).toBeUndefined();
  });

  it('the default names it meta.next_cursor', async () => {
    for (let i = 0; i < 3; i += 1) await post(base, '/v1/characters', validCharacter(), { key: baseUser.key });
    const page = await get(base, '/v1/characters?limit=2', baseUser.key);
    expect(meta(page)).toEqual({ has_more: true, next_cursor: expect.any(String) });
    expect(page.headers.link).toBeUndefined();
  });
});

describe('opaque-cursors (spec 4.4 opaque cursors; spec 8 page sizes not shown)', () => {
  const v = withVariant('opaque-cursors');
  it('spec 4.4 / 8: cursors are long and opaque, pages are smaller than asked, and a constructed cursor is invalid_cursor', async () => {
    for (let i = 0; i < 7; i += 1) await post(v.sb, '/v1/characters', validCharacter({ name: `C${i}` }), { key: v.user.key });
    const seen: string[] = [];
    let page = await get(v.sb, '/v1/characters?limit=6', v.user.key);
    expect(items(page)).toHaveLength(2);
    for (;;) {
      seen.push(...items(page).map((c) => String(c.id)));
      const cursor = meta(page).next_cursor;
      if (typeof cursor !== 'string') break;
      expect(cursor.length).toBeGreaterThan(300);
      page = await get(v.sb, `/v1/characters?limit=6&cursor=${encodeURIComponent(cursor)}`, v.user.key);
    }
    expect(new Set(seen).size).toBe(7);
    expect(items(await get(v.sb, '/v1/characters', v.user.key)).length).toBeLessThan(20);
    expect((await get(v.sb, `/v1/characters?cursor=${Buffer.from('{"p":"x"}').toString('base64url')}`, v.user.key)).status).toBe(400);
  });

  it('the default fills the page it was asked for', async () => {
    for (let i = 0; i < 6; i += 1) await post(base, '/v1/characters', validCharacter(), { key: baseUser.key });
    expect(items(await get(base, '/v1/characters?limit=6', baseUser.key))).toHaveLength(6);
  });
});

describe('opaque-cursors with other-envelope', () => {
  const v = withVariant('opaque-cursors,other-envelope');
  it('a next-page link repeats the page size the client asked for, not the smaller one it got', async () => {
    const characterId = await readyCharacter(v.sb, v.user.key);
    for (let i = 0; i < 7; i += 1)
      await post(v.sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: `p${i}` }, { key: v.user.key });
    const first = await get(v.sb, '/v1/generations?limit=6', v.user.key);
    expect(items(first)).toHaveLength(2);
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.link ?? '');
    const next = new URL(String(link?.[1]));
    expect(next.searchParams.get('limit')).toBe('6');
    expect(items(await get(v.sb, `${next.pathname}${next.search}`, v.user.key))).toHaveLength(2);
  });
});

describe('no-updated-after (updated_after is not a spec 4.2 filter)', () => {
  const v = withVariant('no-updated-after');
  const future = new Date(Date.now() + 86_400_000).toISOString();
  it('spec 4.2: updated_after is ignored, so older records still come back', async () => {
    const characterId = await readyCharacter(v.sb, v.user.key);
    await post(v.sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'old news' }, { key: v.user.key });
    expect(items(await get(v.sb, `/v1/generations?updated_after=${future}`, v.user.key)).length).toBeGreaterThan(0);
  });

  it('the default applies it', async () => {
    const characterId = await readyCharacter(base, baseUser.key);
    await post(base, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'old news' }, { key: baseUser.key });
    expect(items(await get(base, `/v1/generations?updated_after=${future}`, baseUser.key))).toEqual([]);
  });
});

describe('long-retry-after (spec 8: rate limits not shown)', () => {
  const v = withVariant('long-retry-after');
  it('spec 8: a 429 asks for 90 s, in seconds and as an HTTP date', async () => {
    await setFaults(v.sb, { rate_429: 1 });
    try {
      const first = await get(v.sb, '/v1/account', v.user.key);
      const second = await get(v.sb, '/v1/account', v.user.key);
      expect([first.status, second.status]).toEqual([429, 429]);
      const values = [first.headers['retry-after'], second.headers['retry-after']];
      expect(values).toContain('90');
      const date = values.find((x) => x !== '90');
      expect(Date.parse(String(date)) - Date.now()).toBeGreaterThan(60_000);
    } finally {
      await setFaults(v.sb, {});
    }
  });

  it('the default asks for the configured second', async () => {
    await setFaults(base, { rate_429: 1 });
    try {
      expect((await get(base, '/v1/account', baseUser.key)).headers['retry-after']).toBe('1');
    } finally {
      await setFaults(base, {});
    }
  });
});

describe('no-uploads (spec 4.7: the upload endpoint is not shown)', () => {
  const v = withVariant('no-uploads');
  it('spec 4.7: POST /v1/uploads is 404 like an unknown path', async () => {
    const res = await v.sb.request('POST', '/v1/uploads', {
      auth: v.user.key,
      body: samplePng(),
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(404);
    expect(json(res).error).toMatchObject({ code: 'not_found' });
  });

  it('the default offers it', async () => {
    expect(
      (await base.request('POST', '/v1/uploads', { auth: baseUser.key, body: samplePng(), headers: { 'content-type': 'image/png' } }))
        .status,
    ).toBe(201);
  });
});

describe('no-capabilities (spec 4.3: the capability catalog is not shown)', () => {
  const v = withVariant('no-capabilities');
  it('spec 4.3: GET /v1/capabilities is 404 and a Quote-Id header is not read', async () => {
    expect((await get(v.sb, '/v1/capabilities', v.user.key)).status).toBe(404);
    const res = await post(v.sb, '/v1/characters', validCharacter(), { key: v.user.key, headers: { 'quote-id': randomUUID() } });
    expect(res.status).toBe(201);
  });

  it('the default serves the catalog and checks the quote named', async () => {
    expect((await get(base, '/v1/capabilities', baseUser.key)).status).toBe(200);
    expect(
      (await post(base, '/v1/characters', validCharacter(), { key: baseUser.key, headers: { 'quote-id': randomUUID() } })).status,
    ).toBe(409);
  });
});

describe('strict-scopes (spec 5.3, 5.5)', () => {
  const v = withVariant('strict-scopes');
  it('spec 5.3 / 5.5: a delete needs its resource’s write scope, and a free-plan key gets plan_required on every call, reads included', async () => {
    const characterId = data(await post(v.sb, '/v1/characters', validCharacter(), { key: v.user.key })).id;
    const imagesOnly = await createKey(v.sb, v.user.session, { scopes: ['images:generate'] });
    const refused = await v.sb.request('DELETE', `/v1/characters/${String(characterId)}`, { auth: imagesOnly });
    expect(refused.status).toBe(403);
    expect(json(refused).error).toMatchObject({ code: 'insufficient_scope' });
    expect((await v.sb.request('DELETE', `/v1/characters/${String(characterId)}`, { auth: v.user.key })).status).toBe(200);
    const free = await createUser(v.sb, { plan: 'free' });
    const account = await get(v.sb, '/v1/account', free.key);
    expect(account.status).toBe(403);
    expect(json(account).error).toMatchObject({ code: 'plan_required' });
  });

  it('the default lets any valid key delete, and a free plan read its account', async () => {
    const characterId = data(await post(base, '/v1/characters', validCharacter(), { key: baseUser.key })).id;
    const imagesOnly = await createKey(base, baseUser.session, { scopes: ['images:generate'] });
    expect((await base.request('DELETE', `/v1/characters/${String(characterId)}`, { auth: imagesOnly })).status).toBe(200);
    expect((await get(base, '/v1/account', (await createUser(base, { plan: 'free' })).key)).status).toBe(200);
  });
});

describe('short-idempotency (spec 4: key retention and order of checks not shown)', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startContractSandbox({}, ['short-idempotency=1']);
  });
  afterAll(async () => {
    await sb?.stop();
  });

  it('spec 4: a key is honoured only for its retention, then the same request runs again', async () => {
    const user = await createUser(sb, { credits: 100 });
    const idem = randomUUID();
    const first = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    const replay = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(data(replay).id).toBe(data(first).id);
    await new Promise((r) => setTimeout(r, 1_200)); // past the 1 s retention this sandbox was given
    const again = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    expect(again.status).toBe(201);
    expect(data(again).id).not.toBe(data(first).id);
    expect(await balance(sb, user.key)).toBe(80);
  });

  it('spec 4: the balance is checked before the replay lookup, so the exact repeat of a request that ran can get 402', async () => {
    const user = await createUser(sb, { credits: 10 });
    const idem = randomUUID();
    expect((await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem })).status).toBe(201);
    const replay = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    expect(replay.status).toBe(402);
    expect(await balance(sb, user.key)).toBe(0);
  });

  it('the default replays the first answer whatever the balance', async () => {
    const user = await createUser(base, { credits: 10 });
    const idem = randomUUID();
    const first = await post(base, '/v1/characters', validCharacter(), { key: user.key, idem });
    const replay = await post(base, '/v1/characters', validCharacter(), { key: user.key, idem });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(data(replay).id).toBe(data(first).id);
  });
});

/** A file request straight to an address (no redirect followed): its status, headers and size. */
async function fetchFile(
  sb: SandboxHandle,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null; range: string | null; size: number }> {
  const res = await undiciRequest(url, { headers, dispatcher: sb.dispatcher });
  const size = (await res.body.arrayBuffer()).byteLength;
  const location = res.headers.location;
  const range = res.headers['content-range'];
  return {
    status: res.statusCode,
    location: typeof location === 'string' ? location : null,
    range: typeof range === 'string' ? range : null,
    size,
  };
}

describe('signed-urls (spec 2.3-2.5: how long a CDN address stays valid is not shown)', () => {
  const v = withVariant('signed-urls=30');

  it('hands out addresses with an expiry and a signature, served until the expiry and refused after it; a new read gives a fresh one', async () => {
    const characterId = await readyCharacter(v.sb, v.user.key);
    const first = String(data(await get(v.sb, `/v1/characters/${characterId}`, v.user.key)).headshot_url);
    const url = new URL(first);
    expect(Number(url.searchParams.get('expires')) * 1000).toBeGreaterThan(Date.now());
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetchFile(v.sb, first)).status).toBe(200);
    expect((await fetchFile(v.sb, first, { range: 'bytes=0-9' })).status).toBe(206);
    url.searchParams.set('signature', '0'.repeat(64));
    expect((await fetchFile(v.sb, url.href)).status).toBe(403);
    expect((await fetchFile(v.sb, first.split('?')[0]!)).status).toBe(403);

    expect((await v.sb.request('POST', '/sandbox/clock/advance', { body: { seconds: 31 } })).status).toBe(200);
    expect((await fetchFile(v.sb, first)).status).toBe(403);
    const fresh = String(data(await get(v.sb, `/v1/characters/${characterId}`, v.user.key)).headshot_url);
    expect(fresh.split('?')[0]).toBe(first.split('?')[0]);
    expect(fresh).not.toBe(first);
    expect((await fetchFile(v.sb, fresh)).status).toBe(200);
  });

  it('takes its own signed addresses back as inputs, whatever their age', async () => {
    const url = await upload(v.sb, samplePng(), 'image/png', v.user.key);
    expect(url).toMatch(/\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect((await v.sb.request('POST', '/sandbox/clock/advance', { body: { seconds: 31 } })).status).toBe(200);
    const res = await post(v.sb, '/v1/characters', validCharacter({ reference_image_urls: [url] }), { key: v.user.key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('the default hands out addresses without a query', async () => {
    expect(await upload(base, samplePng(), 'image/png', baseUser.key)).not.toContain('?');
  });
});

describe('cdn-redirect (spec 1: how the CDN serves its files is not shown)', () => {
  const v = withVariant('cdn-redirect');

  it('answers a file with 302 to a second storage origin, which serves it whole and by range', async () => {
    const url = await upload(v.sb, samplePng(), 'image/png', v.user.key);
    const cdn = await fetchFile(v.sb, url);
    expect(cdn.status).toBe(302);
    const storage = new URL(cdn.location!);
    expect(storage.protocol).toBe('https:');
    expect(storage.origin).not.toBe(new URL(url).origin);
    expect(storage.pathname.split('/').pop()).toBe(new URL(url).pathname.split('/').pop());
    const whole = await fetchFile(v.sb, storage.href);
    expect(whole.status).toBe(200);
    const part = await fetchFile(v.sb, storage.href, { range: 'bytes=0-9' });
    expect(part).toMatchObject({ status: 206, range: `bytes 0-9/${whole.size}`, size: 10 });
  });

  it('the default serves the file itself', async () => {
    expect((await fetchFile(base, await upload(base, samplePng(), 'image/png', baseUser.key))).status).toBe(200);
  });
});

describe('short-idempotency=0 (a service that keeps no key)', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startContractSandbox({}, ['short-idempotency=0']);
  });
  afterAll(async () => {
    await sb?.stop();
  });

  it('spec 4: the exact repeat of a request runs again at once, charged again', async () => {
    const user = await createUser(sb, { credits: 100 });
    const idem = randomUUID();
    const first = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    const again = await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem });
    expect(again.status).toBe(201);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(data(again).id).not.toBe(data(first).id);
    expect(await balance(sb, user.key)).toBe(80);
  });

  it('fault: a repeat whose key ran but was forgotten is refused like a replay, before it runs again', async () => {
    const user = await createUser(sb, { credits: 100 });
    const idem = randomUUID();
    expect((await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem })).status).toBe(201);
    await setFaults(sb, { refuse_replay_rate: 1, refuse_replay_with: [422] });
    try {
      expect((await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem })).status).toBe(422);
      // Another key never ran: the injected refusal of repeats leaves it alone.
      expect((await post(sb, '/v1/characters', validCharacter(), { key: user.key, idem: randomUUID() })).status).toBe(201);
    } finally {
      await setFaults(sb, {});
    }
    expect(await balance(sb, user.key)).toBe(80);
  });
});

describe('--variant', () => {
  it('an unknown variant name stops the sandbox with a sentence that lists the variants', async () => {
    await expect(startContractSandbox({}, ['no-such-thing'])).rejects.toThrow(
      /no service variant named no-such-thing; the variants are minimal-accept/,
    );
  });
});
