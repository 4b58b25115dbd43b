import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import { quotePrice, type QuoteServices } from '../quotes/quotePrice.ts';
import { jobKind, targetOf } from './jobKinds.ts';
import { readJobTitle } from './jobTitle.ts';
import { IntentSender } from './intentSender.ts';
import type { JobQueue } from './jobQueue.ts';
import type { JobRecord, JobStore } from './jobStore.ts';
import type { PaidWorkInFlight } from '../../../shared/ipc/index.ts';
import { priceIntent, type PricingServices } from './pricing.ts';

/** What the job commands use of the active connection. */
export type JobServices = QuoteServices & {
  queue: Pick<
    JobQueue,
    'list' | 'pause' | 'resume' | 'cancel' | 'canResend' | 'resend' | 'retry' | 'decide' | 'sendAgain' | 'pendingCredits'
  >;
  jobs: Pick<JobStore, 'get' | 'inStates'>;
};

export function registerJobHandlers(router: Router, deps: { active: () => JobServices; current: () => JobServices | null }): void {
  const { active } = deps;

  router.register('jobs.list', () => active().queue.list());
  // No library open: nothing is being sent.
  router.register('jobs.paidInFlight', () => paidInFlight(deps.current()?.jobs ?? null));

  router.register('jobs.pause', () => {
    active().queue.pause();
    return { ok: true as const };
  });

  router.register('jobs.resume', () => {
    active().queue.resume();
    return { ok: true as const };
  });

  router.register('jobs.cancel', (input) => active().queue.cancel(input.id));

  // The price of retrying: the failed job's stored body quoted again, exactly what a retry would send.
  router.register('jobs.price', async (input) => {
    const services = active();
    const failed = services.jobs.get(input.id);
    if (!failed) throw new AppFailure('not_found', { what: 'job' });
    if (failed.state !== 'failed' && !IntentSender.isAsking(failed)) throw new AppFailure('cannot_retry', {});
    if (failed.dependency_json !== null && failed.attempts === 0) {
      // A chained talk clip's body is finished by its speech step; it is quoted when that is ready.
      throw new AppFailure('priced_later', {});
    }
    return quotePrice(
      services,
      jobKind(failed.kind).operationId,
      JSON.parse(failed.body) as Record<string, unknown>,
      targetOf(failed.kind, failed.path),
    );
  });

  // Only on the user's word: a new intent with a new key, priced again.
  router.register('jobs.retry', async (input) => {
    const services = active();
    const failed = services.jobs.get(input.id);
    if (!failed) throw new AppFailure('not_found', { what: 'job' });
    // A job whose answer could not be saved is sent again under its own key: it may have run already.
    if (failed.state !== 'failed' && services.queue.canResend(input.id)) return services.queue.resend(input.id);
    if (failed.state !== 'failed') throw new AppFailure('cannot_retry', {});
    const price = await priceAgain(services, failed, input.quoteId);
    return services.queue.retry(input.id, price.quoteId, price.quotedCredits);
  });

  router.register('jobs.decide', (input) => active().queue.decide(input.id, input.choice));

  // At the creator's own risk: the job in doubt ends and a new intent with a new key is sent.
  router.register('jobs.sendAgain', async (input) => {
    const services = active();
    const job = services.jobs.get(input.id);
    if (!job) throw new AppFailure('not_found', { what: 'job' });
    if (!IntentSender.isAsking(job)) throw new AppFailure('not_in_doubt', {});
    const price = await priceAgain(services, job, input.quoteId);
    return services.queue.sendAgain(input.id, price.quoteId, price.quotedCredits);
  });
}

/** The price of sending a job's stored body again as a new request. */
async function priceAgain(services: PricingServices, job: JobRecord, quoteId: string | null) {
  if (job.dependency_json !== null && job.attempts === 0) return { quoteId: null, quotedCredits: job.quoted_credits };
  return priceIntent(
    services,
    {
      kind: job.kind,
      title: readJobTitle(job),
      path: job.path,
      body: job.body,
      operationId: jobKind(job.kind).operationId,
      target: jobKind(job.kind).targetsCharacter ? { character_id: job.resource_id ?? '' } : null,
      resourceKind: job.resource_kind,
      resourceId: job.resource_id,
    },
    quoteId,
  );
}

/**
 * Paid requests a restart would cut off: being sent now, or sent and parked for a resend with their
 * answer unknown. A job that waits for the creator's word or for history stays as it is across a
 * restart, so it does not hold one back.
 */
export function paidInFlight(jobs: Pick<JobStore, 'inStates'> | null): PaidWorkInFlight {
  if (!jobs) return { sending: 0, inDoubt: 0 };
  let sending = 0;
  let inDoubt = 0;
  for (const job of jobs.inStates(['sending', 'waiting_connection'])) {
    if (job.state === 'sending') sending += 1;
    else if (job.attempts > 0 && !IntentSender.isAsking(job)) inDoubt += 1;
  }
  return { sending, inDoubt };
}
