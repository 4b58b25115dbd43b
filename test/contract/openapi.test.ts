import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRouter } from '../../electron/sandbox/routes.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import { startContractSandbox } from './helpers.ts';

let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startContractSandbox();
});
afterAll(async () => {
  await sb?.stop();
});

describe('OpenAPI document (issue 3)', () => {
  it('issue 3: /openapi.json is a valid OpenAPI 3.1 document', async () => {
    const res = await sb.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('issue 3: every endpoint the sandbox serves is documented, /sandbox/, /v1/uploads and /v1/capabilities included', async () => {
    const doc = (await sb.request('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = buildRouter('unused').list();
    const missing = routes.filter((r) => !doc.paths[r.path]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    for (const path of ['/v1/uploads', '/v1/capabilities', '/sandbox/faults', '/sandbox/ledger', '/sandbox/users'])
      expect(doc.paths[path]).toBeDefined();
  });
});
