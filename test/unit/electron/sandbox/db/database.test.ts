import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, transaction } from '../../../../../electron/sandbox/db/database.ts';
import { MIGRATIONS } from '../../../../../electron/sandbox/db/migrations/allMigrations.ts';
import { balanceOf, charge, grant, refundFor } from '../../../../../electron/sandbox/credits.ts';
import { createUser } from '../../../../../electron/sandbox/users.ts';
import { purgeOldRecords } from '../../../../../electron/sandbox/idempotency.ts';
import { findRecord, insertRecord } from '../../../../../electron/sandbox/repos/idempotencyRepo.ts';

const fresh = () => openDatabase(join(mkdtempSync(join(tmpdir(), 'sandbox-db-')), 'sandbox.db'));

describe('database (issue 3: node:sqlite, WAL, migrations)', () => {
  it('applies every migration once, in WAL mode, and reopening is a no-op', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
    const db = openDatabase(join(dir, 'sandbox.db'));
    expect(Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)).toBe(MIGRATIONS.length);
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    db.prepare(`INSERT INTO meta (key, value) VALUES ('probe', '1')`).run();
    db.close();
    const again = openDatabase(join(dir, 'sandbox.db'));
    expect(again.prepare(`SELECT value FROM meta WHERE key = 'probe'`).get()).toEqual({ value: '1' });
    again.close();
  });

  it('rolls a failed transaction back whole', () => {
    const db = fresh();
    expect(() =>
      transaction(db, () => {
        db.prepare(`INSERT INTO meta (key, value) VALUES ('a', '1')`).run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare(`SELECT * FROM meta WHERE key = 'a'`).get()).toBeUndefined();
  });
});

describe('credits (spec 2.8, decision: insufficient_credits)', () => {
  it('never lets the balance go negative and refunds a charge exactly once', () => {
    const db = fresh();
    const now = new Date();
    const { user } = createUser(db, { email: 'a@b.c', name: 'A', plan: 'creator', credits: 0 }, now);
    grant(db, user.id, 10, 'start', now);
    expect(() => charge(db, { userId: user.id, amount: 11, description: 'x', resourceId: 'r1', operationKey: null, now })).toThrow(
      /balance is 10/,
    );
    expect(charge(db, { userId: user.id, amount: 7, description: 'x', resourceId: 'r1', operationKey: 'k:1', now })).toBe(3);
    expect(refundFor(db, 'r1', 'refund', now)).toBe(7);
    expect(refundFor(db, 'r1', 'refund', now)).toBe(7);
    expect(balanceOf(db, user.id)).toBe(10);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM credit_transactions WHERE type = 'refund'`).get()).toEqual({ n: 1 });
    expect(refundFor(db, 'unknown', 'refund', now)).toBe(0);
  });
});

describe('idempotency retention (spec 4: kept at least 24 hours)', () => {
  it('keeps records for 24 hours and more, and drops them after 48', () => {
    const db = fresh();
    const base = {
      apiKeyId: 'k',
      userId: 'u',
      method: 'POST',
      path: '/v1/x',
      fingerprint: 'f',
      status: 201,
      headers: {},
      body: { ok: true },
      resourceKind: null,
      resourceId: null,
    };
    const now = Date.now();
    insertRecord(db, { ...base, key: 'day', now: new Date(now - 25 * 3600_000) });
    insertRecord(db, { ...base, key: 'old', now: new Date(now - 49 * 3600_000) });
    expect(purgeOldRecords(db, new Date(now))).toBe(1);
    expect(findRecord(db, 'k', 'day')?.body).toEqual({ ok: true });
    expect(findRecord(db, 'k', 'old')).toBeNull();
  });
});
