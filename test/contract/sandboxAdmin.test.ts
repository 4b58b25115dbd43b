import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteResponse, SandboxQuoteList, SandboxSpeedResponse, SandboxUser } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  body,
  createUser,
  data,
  expectError,
  get,
  isTerminalStatus,
  pollUntil,
  post,
  readyCharacter,
  startContractSandbox,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let user: TestUser;
let other: TestUser;
let characterId: string;

beforeAll(async () => {
  sb = await startContractSandbox();
  user = await createUser(sb, { credits: 5000 });
  other = await createUser(sb, { credits: 5000 });
  characterId = await readyCharacter(sb, user.key);
});
afterAll(async () => {
  await sb?.stop();
});

/** A 15-second video on model b costs 75 credits: above the approval threshold (decision 9). */
const longVideo = () => ({
  operation_id: 'generations.create.v1',
  input: { character_id: characterId, type: 'video', prompt: 'the long pier', model: 'video-model-b', options: { duration: 15 } },
});
const quoted = async (key: string, payload: Record<string, unknown>) => {
  const res = await post(sb, '/v1/quotes', payload, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return body(res, QuoteResponse).data;
};
const pending = async (userId?: string) =>
  body(await sb.request('GET', `/sandbox/quotes${userId ? `?user_id=${userId}` : ''}`), SandboxQuoteList).data;

describe('sandbox administration: the approver’s inbox, plan and pace (Settings → Sandbox)', () => {
  it('GET /sandbox/quotes lists one user’s quotes waiting for approval, newest first; a decided quote leaves the inbox', async () => {
    const first = await quoted(user.key, longVideo());
    const second = await quoted(user.key, longVideo());
    const small = await quoted(user.key, {
      operation_id: 'generations.create.v1',
      input: { character_id: characterId, type: 'image', prompt: 'small' },
    });
    const otherCharacter = await readyCharacter(sb, other.key);
    await quoted(other.key, { ...longVideo(), input: { ...longVideo().input, character_id: otherCharacter } });

    const inbox = await pending(user.id);
    expect(inbox.map((q) => q.id)).toEqual([second.id, first.id]);
    expect(inbox.every((q) => q.user_id === user.id && q.credits === 75 && q.approval.state === 'pending')).toBe(true);
    expect(inbox.some((q) => q.id === small.id)).toBe(false);
    expect((await pending()).length).toBeGreaterThanOrEqual(3);

    expect((await sb.request('POST', `/sandbox/quotes/${first.id}/decision`, { body: { decision: 'approve' } })).status).toBe(200);
    expect((await pending(user.id)).map((q) => q.id)).toEqual([second.id]);
    const approved = body(await sb.request('GET', `/sandbox/quotes?approval_state=approved&user_id=${user.id}`), SandboxQuoteList).data;
    expect(approved.map((q) => q.id)).toEqual([first.id]);

    // An expired quote can no longer be approved usefully: it is not in the inbox.
    expect((await sb.request('POST', `/sandbox/quotes/${second.id}/expire`)).status).toBe(200);
    expect(await pending(user.id)).toEqual([]);
  });

  it('GET /sandbox/quotes takes the admin token only, and a known approval state only', async () => {
    expectError(await sb.request('GET', '/sandbox/quotes', { auth: user.key }), 401, 'invalid_admin_token');
    expectError(await sb.request('GET', '/sandbox/quotes?approval_state=maybe'), 400, 'validation_error', 'approval_state');
  });

  it('PUT /sandbox/speed changes the pace of jobs accepted from then on, while the sandbox runs', async () => {
    expect(body(await sb.request('GET', '/sandbox/speed'), SandboxSpeedResponse).data.speed).toBe('fast');
    expect(body(await sb.request('PUT', '/sandbox/speed', { body: { speed: 'realtime' } }), SandboxSpeedResponse).data.speed).toBe(
      'realtime',
    );
    expect(body(await sb.request('GET', '/sandbox/speed'), SandboxSpeedResponse).data.speed).toBe('realtime');
    // A realtime image takes five seconds: read at once, it is still on its way.
    const slow = await post(sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'slow' }, { key: user.key });
    expect(slow.status).toBe(201);
    const slowId = String(data(slow).id);
    expect(isTerminalStatus(data(await get(sb, `/v1/generations/${slowId}`, user.key)))).toBe(false);

    expect((await sb.request('PUT', '/sandbox/speed', { body: { speed: 'fast' } })).status).toBe(200);
    const quick = await post(sb, '/v1/generations', { character_id: characterId, type: 'image', prompt: 'quick' }, { key: user.key });
    await pollUntil(sb, `/v1/generations/${String(data(quick).id)}`, (d) => d.status === 'completed', user.key);
    expectError(await sb.request('PUT', '/sandbox/speed', { body: { speed: 'instant' } }), 400, 'validation_error');
    expectError(await sb.request('PUT', '/sandbox/speed', { auth: user.key, body: { speed: 'fast' } }), 401, 'invalid_admin_token');
  });

  it('POST /sandbox/users/:id/plan moves an account between free, Creator and Studio; free is refused with plan_required', async () => {
    expect((await sb.request('POST', `/sandbox/users/${other.id}/plan`, { body: { plan: 'free' } })).status).toBe(200);
    expect(body(await sb.request('GET', `/sandbox/users/${other.id}`), SandboxUser).data.plan).toBe('free');
    expectError(await get(sb, '/v1/capabilities', other.key), 403, 'plan_required');
    expect((await sb.request('POST', `/sandbox/users/${other.id}/plan`, { body: { plan: 'studio' } })).status).toBe(200);
    expect((await get(sb, '/v1/capabilities', other.key)).status).toBe(200);
  });
});
