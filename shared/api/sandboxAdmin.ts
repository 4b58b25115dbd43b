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

/** The pace of the sandbox's jobs, readable and settable while it runs. */
export const SandboxSpeedSetting = z.strictObject({ speed: z.enum(['fast', 'realtime']) });
export const SandboxSpeedResponse = dataOf(SandboxSpeedSetting);

/** POST /sandbox/clock/advance: moves the sandbox's time forward (what expires, expires as if that time had passed). */
export const SandboxClockAdvance = z.strictObject({ seconds: z.number().int().min(1).max(86_400) });
export const SandboxClockResponse = dataOf(z.strictObject({ now: z.string() }));

/** GET /sandbox/quotes: the quotes of one user (or all) in one approval state, newest first. */
export const SandboxQuoteList = dataOf(
  z.array(
    z.looseObject({
      id: Uuid,
      user_id: Uuid,
      operation_id: z.string(),
      credits: z.number().int(),
      approval: z.looseObject({ required: z.boolean(), state: z.string().nullable() }),
      expires_at: z.string(),
      expired: z.boolean(),
      used: z.boolean(),
      created_at: z.string(),
    }),
  ),
);

/** GET /sandbox/users/:id */
export const SandboxUser = dataOf(z.looseObject({ id: Uuid, email: z.string(), name: z.string(), plan: Plan, balance: z.number().int() }));

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
  /**
   * A repeat of a paid request whose key already ran is refused at this rate, before its stored
   * answer is given (or, when a short retention forgot the key, before it runs again), as a
   * service that checks the key, balance, scope or quote first may do.
   */
  refuse_replay_rate: Rate.optional(),
  /**
   * The statuses such a refusal picks from (401 invalid_api_key, 402 insufficient_credits, 403
   * insufficient_scope, 409 quote_mismatch, 422 validation_error); 401, 402 and 403 by default.
   */
  refuse_replay_with: z
    .array(z.union([z.literal(401), z.literal(402), z.literal(403), z.literal(409), z.literal(422)]))
    .min(1)
    .optional(),
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
      z.looseObject({
        idempotency_key: z.string(),
        resource_id: z.string().nullable(),
        charges: z.number().int(),
        credits: z.number().int(),
      }),
    ),
  }),
);
