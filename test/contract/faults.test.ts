import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CharacterList, SandboxFaults, dataOf } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  body,
  createKey,
  createUser,
  expectError,
  get,
  ledger,
  post,
  setFaults,
  startContractSandbox,
  validCharacter,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let user: TestUser;

beforeAll(async () => {
  sb = await startContractSandbox();
  user = await createUser(sb);
});
afterEach(async () => {
  await setFaults(sb, {});
});
afterAll(async () => {
  await sb?.stop();
});

describe('rate limiting and fault injection (spec 8, sandboxAdmin)', () => {
  it('decision: rate limiting is off by default', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get(sb, '/v1/capabilities', user.key)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('decision: a per-key rate limit answers 429 rate_limited with Retry-After; other keys are not affected', async () => {
    await setFaults(sb, { rate_limit_per_minute: 3 });
    for (let i = 0; i < 3; i += 1) expect((await get(sb, '/v1/capabilities', user.key)).status).toBe(200);
    const limited = await get(sb, '/v1/capabilities', user.key);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await createKey(sb, user.session);
    expect((await get(sb, '/v1/capabilities', other)).status).toBe(200);
  });

  it('fault: injected 429 and 5xx refuse before executing: nothing is created, and the retry succeeds', async () => {
    const fresh = await createUser(sb);
    await setFaults(sb, { rate_429: 1, retry_after_seconds: 2 });
    const limited = await post(sb, '/v1/characters', validCharacter(), { key: fresh.key, idem: 'k-429' });
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers['retry-after']).toBe('2');
    await setFaults(sb, { rate_5xx: 1 });
    expectError(await post(sb, '/v1/characters', validCharacter(), { key: fresh.key, idem: 'k-429' }), 503, 'service_unavailable');
    await setFaults(sb, {});
    expect(body(await get(sb, '/v1/characters', fresh.key), CharacterList).data).toEqual([]);
    expect((await post(sb, '/v1/characters', validCharacter(), { key: fresh.key, idem: 'k-429' })).status).toBe(201);
  });

  it('fault: latency per type delays the answer of that type only', async () => {
    await setFaults(sb, { latency_ms: { character: 400 } });
    const t0 = Date.now();
    expect((await post(sb, '/v1/characters', validCharacter(), { key: user.key })).status).toBe(201);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
    const t1 = Date.now();
    await get(sb, '/v1/account', user.key);
    expect(Date.now() - t1).toBeLessThan(390);
  });

  it('fault: a repeat of a paid request whose key ran is refused 401, 402, 403, 409 or 422 before its replay; nothing runs again, and a later repeat replays', async () => {
    const fresh = await createUser(sb);
    const first = await post(sb, '/v1/characters', validCharacter(), { key: fresh.key, idem: 'k-replay' });
    expect(first.status).toBe(201);
    const refusals: { status: number; code: string }[] = [];
    for (const status of [401, 402, 403, 409, 422] as const) {
      await setFaults(sb, { refuse_replay_rate: 1, refuse_replay_with: [status] });
      const refused = await post(sb, '/v1/characters', validCharacter(), { key: fresh.key, idem: 'k-replay' });
      refusals.push({ status: refused.status, code: (refused.body as { error: { code: string } }).error.code });
    }
    expect(refusals).toEqual([
      { status: 401, code: 'invalid_api_key' },
      { status: 402, code: 'insufficient_credits' },
      { status: 403, code: 'insufficient_scope' },
      { status: 409, code: 'quote_mismatch' },
      { status: 422, code: 'validation_error' },
    ]);
    // A fresh key is not a replay: it runs as usual.
    expect((await post(sb, '/v1/characters', validCharacter(), { key: fresh.key, idem: 'k-other' })).status).toBe(201);
    await setFaults(sb, {});
    const replayed = await post(sb, '/v1/characters', validCharacter(), { key: fresh.key, idem: 'k-replay' });
    expect(replayed.status).toBe(201);
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expect((replayed.body as { data: { id: string } }).data.id).toBe((first.body as { data: { id: string } }).data.id);
    const charges = (await ledger(sb, fresh.id)).filter((op) => op.idempotency_key.endsWith('k-replay'));
    expect(charges.map((op) => op.charges)).toEqual([1]);
  });

  it('sandbox: faults are read back as set, and refused when out of range', async () => {
    await setFaults(sb, { failure_rate: { all: 0.5 }, ambiguous_202_rate: 0.1 });
    expect(body(await sb.request('GET', '/sandbox/faults'), dataOf(SandboxFaults)).data).toEqual({
      failure_rate: { all: 0.5 },
      ambiguous_202_rate: 0.1,
    });
    expectError(await sb.request('PUT', '/sandbox/faults', { body: { rate_429: 2 } }), 400, 'validation_error', 'rate_429');
    expectError(await sb.request('PUT', '/sandbox/faults', { body: { failure_rate: { dragons: 1 } } }), 400, 'validation_error');
  });
});
