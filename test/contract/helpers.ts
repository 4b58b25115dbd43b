import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { CreatedKeyResponse, ErrorBody, SandboxUserCreated, UploadResponse, type Plan, type Scope } from '../../shared/api/index.ts';
import { png, wav } from '../../electron/sandbox/media/placeholderRenderer.ts';
import { startSandbox, type RequestOptions, type SandboxHandle, type SandboxResponse } from '../support/sandboxProcess.ts';

/** A contract-test sandbox: a real process over HTTPS, fast jobs, placeholder media (cheap on CPU). */
export function startContractSandbox(env: Record<string, string> = {}, variants: readonly string[] = []): Promise<SandboxHandle> {
  return startSandbox({ speed: 'fast', env: { CAST_SANDBOX_RENDERER: 'placeholder', ...env }, variants });
}

export type TestUser = { id: string; session: string; key: string; email: string };

export type UserOptions = { plan?: Plan; credits?: number; team?: string; scopes?: Scope[] };

/**
 * One contract sandbox and one user for a test file: started before its tests, stopped after
 * them. `sb` and `user` are there to read inside tests, hooks and the helpers they call.
 */
export function sandboxWithUser(options: UserOptions = {}): {
  readonly sb: SandboxHandle;
  readonly user: TestUser;
  /** Restarts the sandbox on the same data; `sb` is then the new process, and the one stopped after the tests. */
  restart(next?: Parameters<SandboxHandle['restart']>[0]): Promise<SandboxHandle>;
} {
  let sb: SandboxHandle | undefined;
  let user: TestUser | undefined;
  beforeAll(async () => {
    sb = await startContractSandbox();
    user = await createUser(sb, options);
  });
  afterAll(async () => {
    await sb?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The contract sandbox starts in beforeAll: read it inside a test or a hook.');
    return value;
  };
  return {
    get sb() {
      return started(sb);
    },
    get user() {
      return started(user);
    },
    async restart(next) {
      sb = await started(sb).restart(next);
      return sb;
    },
  };
}

let counter = 0;

/** A user made through the admin API, with one API key made through /api/keys. */
export async function createUser(sb: SandboxHandle, options: UserOptions = {}): Promise<TestUser> {
  counter += 1;
  const email = `user${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const made = await sb.request('POST', '/sandbox/users', {
    body: {
      email,
      name: `User ${counter}`,
      plan: options.plan ?? 'creator',
      credits: options.credits ?? 1000,
      ...(options.team ? { team: options.team } : {}),
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const { id, session_token: session } = SandboxUserCreated.parse(made.body).data;
  const key = await createKey(sb, session, options.scopes ? { scopes: options.scopes } : {});
  return { id, session, key, email };
}

export async function createKey(sb: SandboxHandle, session: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await sb.request('POST', '/api/keys', { auth: session, body: { name: 'test key', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return CreatedKeyResponse.parse(res.body).data.key;
}

/** A creating POST with a fresh Idempotency-Key unless one is given. */
export function post(
  sb: SandboxHandle,
  path: string,
  body: unknown,
  options: { key?: string; idem?: string | null; headers?: Record<string, string> } = {},
): Promise<SandboxResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.idem !== null) headers['idempotency-key'] = options.idem ?? randomUUID();
  const opts: RequestOptions = { headers, body };
  if (options.key) opts.auth = options.key;
  return sb.request('POST', path, opts);
}

export function get(sb: SandboxHandle, path: string, key?: string): Promise<SandboxResponse> {
  return sb.request('GET', path, key ? { auth: key } : {});
}

/** Parses `res.body` with a shared schema (so every answer is also checked against the contract). */
export function body<T extends z.ZodType>(res: SandboxResponse, schema: T): z.infer<T> {
  const parsed = schema.safeParse(res.body);
  if (!parsed.success)
    throw new Error(`Answer ${res.status} does not match the contract: ${JSON.stringify(res.body)}\n${parsed.error.message}`);
  return parsed.data;
}

/** A loose view of `data` for fields beyond the contract schema. */
export function data(res: SandboxResponse): Record<string, unknown> {
  return body(res, z.looseObject({ data: z.record(z.string(), z.unknown()) })).data;
}

export function expectError(res: SandboxResponse, status: number, code: string, field?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const err = body(res, ErrorBody).error;
  expect(err.code).toBe(code);
  expect(err.message.length).toBeGreaterThan(0);
  if (field !== undefined) expect(err.field).toBe(field);
}

/** Polls a GET until `done` holds for `data` (fast sandboxes finish within about a second). */
export async function pollUntil(
  sb: SandboxHandle,
  path: string,
  done: (d: Record<string, unknown>) => boolean,
  key?: string,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(sb, path, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = data(res);
    if (done(d)) return d;
    if (Date.now() > deadline) throw new Error(`Timed out polling ${path}: ${JSON.stringify(d)}`);
    await new Promise((r) => setTimeout(r, 60));
  }
}

export const isTerminalStatus = (d: Record<string, unknown>): boolean => ['ready', 'failed', 'completed'].includes(String(d.status));

export async function upload(sb: SandboxHandle, bytes: Uint8Array, type: string, key?: string): Promise<string> {
  const res = await sb.request('POST', '/v1/uploads', { body: bytes, headers: { 'content-type': type }, ...(key ? { auth: key } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return body(res, UploadResponse).data.url;
}

let seedCount = 0;
export const samplePng = (): Uint8Array => png(`sample-${seedCount++}-${randomUUID()}`, 8, 8).bytes;
export const sampleWav = (): Uint8Array => wav(0.2, 330 + seedCount++).bytes;
/** Enough of an MP4 for the upload sniffer: an `ftyp` box. */
export const sampleMp4 = (): Uint8Array =>
  new Uint8Array(
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(4),
      Buffer.from('isomiso2'),
      Buffer.from(randomUUID()),
    ]),
  );

export const validCharacter = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Mara',
  parameters: { creationType: 'human', gender: 'female', age: '20s' },
  ...extra,
});

/** Creates a character and waits until it is ready. */
export async function readyCharacter(sb: SandboxHandle, key?: string): Promise<string> {
  const res = await post(sb, '/v1/characters', validCharacter(), key ? { key } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = String(data(res).id);
  await pollUntil(sb, `/v1/characters/${id}`, (d) => d.status === 'ready', key);
  return id;
}

export async function balance(sb: SandboxHandle, key?: string): Promise<number> {
  const res = await get(sb, '/v1/account', key);
  return Number((data(res).credits as { balance: number }).balance);
}

export async function ledger(
  sb: SandboxHandle,
  userId?: string,
): Promise<{ idempotency_key: string; charges: number; credits: number; resource_id: string | null }[]> {
  const res = await sb.request('GET', `/sandbox/ledger${userId ? `?user_id=${userId}` : ''}`);
  expect(res.status).toBe(200);
  return data(res).operations as { idempotency_key: string; charges: number; credits: number; resource_id: string | null }[];
}

export async function setFaults(sb: SandboxHandle, faults: Record<string, unknown>): Promise<void> {
  const res = await sb.request('PUT', '/sandbox/faults', { body: faults });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
