import { z } from 'zod';
import { Timestamp, Uuid, dataOf, listOf } from './common.ts';

export const Plan = z.enum(['free', 'creator', 'studio']);
export type Plan = z.infer<typeof Plan>;

// spec 2.7
export const Subscription = z.looseObject({
  plan: z.string(),
  status: z.string(),
  current_period_end: Timestamp,
});

export const Account = z.looseObject({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  avatar_url: z.string(),
  credits: z.looseObject({ balance: z.number().int() }),
  subscription: Subscription.nullable(),
  created_at: Timestamp,
});
export type Account = z.infer<typeof Account>;
export const AccountResponse = dataOf(Account);

// spec 2.8; the set of types is a decision.
export const TransactionType = z.enum(['usage', 'refund', 'purchase', 'grant']);
export const CreditTransaction = z.looseObject({
  id: Uuid,
  amount: z.number().int(),
  type: z.string(),
  description: z.string(),
  created_at: Timestamp,
  balance_after: z.number().int().optional(),
  resource_id: z.string().nullable().optional(),
});
export type CreditTransaction = z.infer<typeof CreditTransaction>;
export const UsageList = listOf(CreditTransaction);

export const UsageQuery = z.strictObject({
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  type: TransactionType.optional(),
});
