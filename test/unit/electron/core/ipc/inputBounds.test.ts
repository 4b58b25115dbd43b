import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FILTER_VALUES } from '../../../../../shared/ipc/index.ts';
import { Router, MAX_INPUT_DEPTH } from '../../../../../electron/core/ipc/router.ts';
import { coreOnService, ok, startRemoteService, type Cleanups } from '../support/remoteCore.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** `{ a: { a: … { a: leaf } } }` with `levels` objects. */
function nested(levels: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

describe('the router bounds how deep an input may nest, before the schema walks it', () => {
  const router = new Router();
  let calls = 0;
  router.register('library.get', () => {
    calls += 1;
    throw new Error('never reached');
  });

  it.each([
    ['one level past the limit', nested(MAX_INPUT_DEPTH + 1)],
    ['a million levels of arrays', Array.from({ length: 1_000_000 }).reduce<unknown>((inner) => [inner], 0)],
    [
      'a value that contains itself',
      (() => {
        const loop: Record<string, unknown> = { id: 'x' };
        loop.self = { again: loop };
        return loop;
      })(),
    ],
  ])('refuses %s with its code and limit, without calling the handler', async (_name, input) => {
    const reply = await router.handle('library.get', input);
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        params: { problem: 'too_deep', limit: MAX_INPUT_DEPTH },
      },
    });
    expect(calls).toBe(0);
  });

  it('refuses a value whose shared references would make it walk without end', async () => {
    let shared: unknown = { id: 'x' };
    for (let i = 0; i < 30; i += 1) shared = { left: shared, right: shared };
    const reply = await router.handle('library.get', shared);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', params: { problem: 'too_many_values' } } });
  });

  it('lets an input within the limit reach the schema, which names the field', async () => {
    const reply = await router.handle('library.get', { id: 'x', extra: nested(MAX_INPUT_DEPTH - 2) });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!reply.ok) expect(reply.error.params).not.toMatchObject({ problem: 'too_deep' });
  });
});

describe('list filters are bounded by the contract, far below SQLite variable limit', () => {
  it(`refuses more than ${MAX_FILTER_VALUES} statuses with a field error instead of an SQLite failure`, async () => {
    const service = await startRemoteService(() => undefined, { balance: 10, cleanups });
    const core = await coreOnService(service, cleanups);
    const many = Array.from({ length: 40_000 }, (_, i) => `status-${i}`);
    for (const command of ['library.query', 'library.ids'] as const) {
      const input = command === 'library.query' ? { filter: { statuses: many }, offset: 0, limit: 10 } : { filter: { statuses: many } };
      const reply = await core.router.handle(command, input);
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'filter.statuses' } });
    }
    const few = Array.from({ length: MAX_FILTER_VALUES }, (_, i) => `status-${i}`);
    expect(
      await ok<{ total: number }>(core, 'library.query', { filter: { statuses: few, kinds: ['image', 'video'] }, offset: 0, limit: 10 }),
    ).toMatchObject({ total: 0 });
  });
});
