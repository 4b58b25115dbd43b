import { DEFAULT_CAPABILITIES } from '../../../shared/api/index.ts';
import { SandboxError } from '../sandboxError.ts';
import type { Variant } from './variant.ts';

/** "A few minutes" unless the variant names its own retention (`short-idempotency=SECONDS`; 0 keeps none). */
const DEFAULT_RETENTION_SECONDS = 180;

/**
 * `short-idempotency`: an Idempotency-Key is honoured only a few minutes, or as long as the
 * parameter says, down to 0 (a service that keeps none): a reused key then runs as a new request, and the balance is checked before the replay lookup, so an exact repeat of a
 * request that ran can get 402 when the balance no longer covers it.
 */
export function shortIdempotency(parameter: string | undefined): Variant {
  const seconds = parameter === undefined ? DEFAULT_RETENTION_SECONDS : Number(parameter);
  if (parameter === '' || !Number.isFinite(seconds) || seconds < 0)
    throw new Error(`short-idempotency takes a retention in seconds (0 or more), not ${parameter}.`);
  return {
    name: 'short-idempotency',
    allowedBy:
      'spec 4 general rules require Idempotency-Key but state neither its retention nor the order of checks; spec 5.3 puts the scope check before any read',
    idempotencyRetentionMs: seconds * 1000,
    beforeReplay: (request) => {
      const op = DEFAULT_CAPABILITIES.operations.find((o) => `${o.method} ${o.path.replace('{id}', ':id')}` === request.route);
      if (!op) return;
      let credits: number;
      try {
        credits = request.creditsFor(op);
      } catch {
        return; // an invalid request is refused by the normal path
      }
      const balance = request.balance();
      if (balance < credits) {
        throw new SandboxError(
          'insufficient_credits',
          `This costs ${credits} credits and your balance is ${balance}. Add credits, then try again.`,
        );
      }
    },
  };
}
