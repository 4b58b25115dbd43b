import { z } from 'zod';
import { Plan } from './account.ts';
import { Uuid, dataOf } from './common.ts';

/** Sandbox-only administration under /sandbox/, authenticated by the admin token. */
export const SandboxCreateUser = z.strictObject({
  email: z.email(),
  name: z.string().min(1).max(100),
  plan: Plan,
  credits: z.number().int().min(0),
  team: z.string().min(1).max(100).optional(),
});
export const SandboxUserCreated = dataOf(z.looseObject({ id: Uuid, session_token: z.string() }));

export const SandboxSetPlan = z.strictObject({ plan: Plan });
export const SandboxGrantCredits = z.strictObject({ amount: z.number().int().min(1), description: z.string().max(200).optional() });
export const SandboxQuoteDecision = z.strictObject({ decision: z.enum(['approve', 'reject', 'revoke']) });

const Rate = z.number().min(0).max(1);
export const FaultKind = z.enum(['character', 'image', 'video', 'talk', 'voice', 'audio', 'all']);
export const SandboxFaults = z.strictObject({
  latency_ms: z.partialRecord(FaultKind, z.number().int().min(0).max(600_000)).optional(),
  failure_rate: z.partialRecord(FaultKind, Rate).optional(),
  rate_429: Rate.optional(),
  retry_after_seconds: z.number().int().min(0).max(60).optional(),
  rate_5xx: Rate.optional(),
  ambiguous_202_rate: Rate.optional(),
  rate_limit_per_minute: z.number().int().min(0).optional(),
});
export type SandboxFaults = z.infer<typeof SandboxFaults>;

/** First line the sandbox prints on stdout. */
export const SandboxReady = z.looseObject({
  base_url: z.string(),
  cdn_url: z.string(),
  ca_cert: z.string(),
  api_key: z.string(),
  admin_token: z.string(),
});
export type SandboxReady = z.infer<typeof SandboxReady>;

/** Ledger summary used by chaos and crash runs to count charges. */
export const SandboxLedger = dataOf(
  z.looseObject({
    operations: z.array(
      z.looseObject({ idempotency_key: z.string(), resource_id: z.string().nullable(), charges: z.number().int(), credits: z.number().int() }),
    ),
  }),
);
