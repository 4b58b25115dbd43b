import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CharacterList } from '../../shared/api/index.ts';
import type { SandboxHandle, SandboxResponse } from '../support/sandboxProcess.ts';
import { balance, body, createUser, ledger, post, startContractSandbox, validCharacter } from './helpers.ts';

let after: SandboxHandle | null = null;
afterAll(async () => {
  await after?.stop();
});

describe('crash safety (issue 3)', () => {
  it('issue 3: kill -9 mid-request leaves no half-written charge; retries with the same keys then execute exactly once', async () => {
    const sb = await startContractSandbox();
    const user = await createUser(sb, { credits: 10_000 });
    const keys: string[] = Array.from({ length: 40 }, () => randomUUID());
    let answered = 0;
    const inFlight = keys.map((idem) =>
      post(sb, '/v1/characters', validCharacter({ name: idem.slice(0, 8) }), { key: user.key, idem })
        .then((r: SandboxResponse) => {
          answered += 1;
          return r;
        })
        .catch(() => null),
    );
    while (answered < 5) await new Promise((r) => setTimeout(r, 2));
    await sb.kill('SIGKILL');
    const results = await Promise.all(inFlight);
    // The kill really landed mid-run: some requests never got an answer.
    expect(results.filter((r) => r === null).length).toBeGreaterThan(0);

    // Straight from the database file, before anything runs again: every charge has its resource and record.
    const db = new DatabaseSync(join(sb.dataDir, 'sandbox.db'));
    const one = (sql: string, ...args: string[]) => Number(Object.values(db.prepare(sql).get(...args) ?? {})[0]);
    const charges = one(`SELECT COUNT(*) FROM credit_transactions WHERE user_id = ? AND type = 'usage'`, user.id);
    expect(one('SELECT COUNT(*) FROM characters WHERE user_id = ?', user.id)).toBe(charges);
    expect(one('SELECT COUNT(*) FROM idempotency WHERE user_id = ?', user.id)).toBe(charges);
    expect(one('SELECT balance FROM users WHERE id = ?', user.id)).toBe(
      one('SELECT SUM(amount) FROM credit_transactions WHERE user_id = ?', user.id),
    );
    expect(
      one(
        `SELECT COUNT(*) FROM credit_transactions t WHERE user_id = ? AND type = 'usage' AND NOT EXISTS (SELECT 1 FROM generations g WHERE g.id = t.resource_id)`,
        user.id,
      ),
    ).toBe(0);
    db.close();

    after = await sb.restart();
    for (const idem of keys) {
      const res = await post(after, '/v1/characters', validCharacter({ name: idem.slice(0, 8) }), { key: user.key, idem });
      expect(res.status).toBe(201);
    }
    const ops = (await ledger(after, user.id)).filter((o) => keys.includes(o.idempotency_key));
    expect(ops).toHaveLength(40);
    expect(ops.every((o) => o.charges === 1 && o.credits === 10)).toBe(true);
    expect(body(await after.request('GET', '/v1/characters?limit=100', { auth: user.key }), CharacterList).data).toHaveLength(40);
    expect(await balance(after, user.key)).toBe(10_000 - 400);
  });
});
