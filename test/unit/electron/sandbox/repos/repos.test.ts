import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { charge, grant, refundFor } from '../../../../../electron/sandbox/credits.ts';
import { openDatabase, type Db } from '../../../../../electron/sandbox/db/database.ts';
import {
  cancelPending,
  completeGeneration,
  failGeneration,
  getGeneration,
  insertGeneration,
  listGenerations,
  oldestPending,
  usersWithPending,
} from '../../../../../electron/sandbox/repos/generationRepo.ts';
import { insertRecord } from '../../../../../electron/sandbox/repos/idempotencyRepo.ts';
import { chargesPerIdempotencyKey, ledgerPage, orphanCharges } from '../../../../../electron/sandbox/repos/ledgerRepo.ts';
import { findIssuedQuote, insertQuote, markQuoteUsed } from '../../../../../electron/sandbox/repos/quoteRepo.ts';
import { createUser } from '../../../../../electron/sandbox/users.ts';

const now = new Date('2026-11-01T10:00:00.000Z');
const at = now.toISOString();

function withUser(): { db: Db; userId: string } {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'sandbox-repos-')), 'sandbox.db'));
  const { user } = createUser(db, { email: 'a@b.c', name: 'A', plan: 'creator', credits: 0 }, now);
  return { db, userId: user.id };
}

function generation(db: Db, userId: string, id: string, status: 'pending' | 'processing', type = 'image'): void {
  insertGeneration(db, {
    id,
    userId,
    characterId: 'c1',
    characterVersion: 1,
    type,
    operation: 'generations.create',
    status,
    prompt: 'a lighthouse',
    model: null,
    options: {},
    creditsUsed: 4,
    dueMs: status === 'processing' ? 1 : null,
    now,
  });
}

describe('generation repo: the transitions of spec 3', () => {
  it('completes only a processing generation and fails only from the states named', () => {
    const { db, userId } = withUser();
    generation(db, userId, 'g-run', 'processing');
    generation(db, userId, 'g-wait', 'pending');
    expect(completeGeneration(db, 'g-wait', { outputUrl: 'o', thumbnailUrl: 't', durationSeconds: null }, at)).toBe(false);
    expect(completeGeneration(db, 'g-run', { outputUrl: 'o', thumbnailUrl: 't', durationSeconds: 2 }, at)).toBe(true);
    expect(getGeneration(db, 'g-run')).toMatchObject({ status: 'completed', outputUrl: 'o', durationSeconds: 2, completedAt: at });
    expect(failGeneration(db, 'g-run', 'late', at, ['processing', 'pending'])).toBe(false);
    expect(failGeneration(db, 'g-wait', 'no', at, ['processing'])).toBe(false);
    expect(failGeneration(db, 'g-wait', 'failed', at, ['processing', 'pending'])).toBe(true);
    expect(getGeneration(db, 'g-wait')).toMatchObject({ status: 'failed', errorMessage: 'failed' });
  });

  it('cancels a pending generation out of every list and out of the queue', () => {
    const { db, userId } = withUser();
    generation(db, userId, 'g1', 'pending');
    generation(db, userId, 'g2', 'pending', 'video');
    expect(usersWithPending(db)).toEqual([userId]);
    expect(oldestPending(db, userId, 1)).toEqual([{ id: 'g1', type: 'image' }]);
    expect(cancelPending(db, 'g1', 'Deleted before it started.', at)).toBe(true);
    expect(cancelPending(db, 'g1', 'Deleted before it started.', at)).toBe(false);
    expect(oldestPending(db, userId, 5).map((g) => g.id)).toEqual(['g2']);
    expect(listGenerations(db, userId, Number.MAX_SAFE_INTEGER, {}, 10).map((g) => g.id)).toEqual(['g2']);
    expect(listGenerations(db, userId, Number.MAX_SAFE_INTEGER, { type: 'image' }, 10)).toEqual([]);
    expect(listGenerations(db, userId, Number.MAX_SAFE_INTEGER, { type: 'video', status: 'pending' }, 10).map((g) => g.id)).toEqual(['g2']);
  });
});

describe('ledger repo (spec 2.8, the sandbox ledger)', () => {
  it('counts the charges and refunds of each idempotency key, and charges no key recorded', () => {
    const { db, userId } = withUser();
    grant(db, userId, 100, 'start', now);
    charge(db, { userId, amount: 10, description: 'x', resourceId: 'r1', operationKey: 'k1:one', now });
    refundFor(db, 'r1', 'refund', now);
    charge(db, { userId, amount: 7, description: 'y', resourceId: 'r2', operationKey: 'k1:lost', now });
    insertRecord(db, {
      apiKeyId: 'k1',
      key: 'one',
      userId,
      method: 'POST',
      path: '/v1/x',
      fingerprint: 'f',
      status: 201,
      headers: {},
      body: {},
      resourceKind: 'generation',
      resourceId: 'r1',
      now,
    });
    expect(chargesPerIdempotencyKey(db, userId)).toEqual([
      {
        idempotencyKey: 'one',
        apiKeyId: 'k1',
        resourceKind: 'generation',
        resourceId: 'r1',
        charges: 1,
        credits: 10,
        refunds: 1,
        refunded: 10,
        createdAt: at,
      },
    ]);
    expect(orphanCharges(db, userId)).toEqual([{ operationKey: 'k1:lost', charges: 1, credits: 7 }]);
    expect(orphanCharges(db, 'someone-else')).toEqual([]);
    expect(ledgerPage(db, userId, Number.MAX_SAFE_INTEGER, 'refund', 10).map((l) => [l.amount, l.balanceAfter])).toEqual([[10, 100]]);
    expect(ledgerPage(db, userId, Number.MAX_SAFE_INTEGER, undefined, 10).map((l) => l.type)).toEqual([
      'usage',
      'refund',
      'usage',
      'grant',
    ]);
  });
});

describe('quote repo (spec 4.3, 5.7)', () => {
  it('finds a quote only for the actor and key it was issued to', () => {
    const { db, userId } = withUser();
    insertQuote(db, {
      id: 'q1',
      userId,
      apiKeyId: 'k1',
      payerId: userId,
      operationId: 'generations.create',
      inputHash: 'sha256:i',
      assetHash: 'sha256:a',
      capabilityVersion: 'c',
      pricingVersion: 'p',
      credits: 4,
      retryBudget: 2,
      approvalRequired: false,
      approvalState: null,
      expiresAt: at,
      createdAt: at,
    });
    expect(findIssuedQuote(db, 'q1', userId, 'k2')).toBeNull();
    expect(findIssuedQuote(db, 'q1', 'other', 'k1')).toBeNull();
    expect(findIssuedQuote(db, 'q1', userId, 'k1')).toMatchObject({ credits: 4, approvalRequired: false, usedBy: null });
    markQuoteUsed(db, 'q1', 'g1');
    expect(findIssuedQuote(db, 'q1', userId, 'k1')?.usedBy).toBe('g1');
  });
});
