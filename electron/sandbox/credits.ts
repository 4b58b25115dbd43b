import { randomUUID } from 'node:crypto';
import type { Db } from './db/database.ts';
import * as ledger from './repos/ledgerRepo.ts';
import type { TransactionType } from './repos/ledgerRepo.ts';
import { SandboxError } from './sandboxError.ts';

export type ChargeInput = {
  userId: string;
  amount: number;
  description: string;
  resourceId: string;
  /** `<api key id>:<Idempotency-Key>`, so the ledger can count charges per request. */
  operationKey: string | null;
  now: Date;
};

/**
 * Takes credits inside the caller's transaction. The balance never goes negative: the guarded
 * debit changes nothing when the balance is short, and the whole creation rolls back with
 * insufficient_credits (decision: nothing created).
 */
export function charge(db: Db, input: ChargeInput): number {
  if (input.amount === 0) return balanceOf(db, input.userId);
  if (!ledger.debitIfCovered(db, input.userId, input.amount)) {
    const balance = balanceOf(db, input.userId);
    throw new SandboxError(
      'insufficient_credits',
      `This costs ${input.amount} credits and your balance is ${balance}. Add credits, then try again.`,
    );
  }
  return record(db, { ...input, amount: -input.amount, type: 'usage', refundOf: null });
}

/**
 * Refunds the charge made for `resourceId`, once: the refund line references the charge through a
 * UNIQUE column, so a second call finds the first refund and returns its amount.
 */
export function refundFor(db: Db, resourceId: string, description: string, now: Date): number {
  const charged = ledger.chargeFor(db, resourceId);
  if (!charged) return 0;
  const existing = ledger.refundedAmount(db, charged.id);
  if (existing !== null) return existing;
  const amount = -charged.amount;
  ledger.credit(db, charged.userId, amount);
  record(db, {
    userId: charged.userId,
    amount,
    type: 'refund',
    description,
    resourceId,
    operationKey: charged.operationKey,
    refundOf: charged.id,
    now,
  });
  return amount;
}

export function grant(db: Db, userId: string, amount: number, description: string, now: Date, type: TransactionType = 'grant'): number {
  ledger.credit(db, userId, amount);
  return record(db, { userId, amount, type, description, resourceId: null, operationKey: null, refundOf: null, now });
}

export function balanceOf(db: Db, userId: string): number {
  const balance = ledger.balanceOf(db, userId);
  if (balance === null) throw new Error(`No user ${userId}.`);
  return balance;
}

type RecordInput = {
  userId: string;
  amount: number;
  type: TransactionType;
  description: string;
  resourceId: string | null;
  operationKey: string | null;
  refundOf: string | null;
  now: Date;
};

function record(db: Db, input: RecordInput): number {
  const balance = balanceOf(db, input.userId);
  ledger.insertLine(db, {
    id: randomUUID(),
    userId: input.userId,
    amount: input.amount,
    type: input.type,
    description: input.description,
    balanceAfter: balance,
    resourceId: input.resourceId,
    operationKey: input.operationKey,
    refundOf: input.refundOf,
    createdAt: input.now.toISOString(),
  });
  return balance;
}
