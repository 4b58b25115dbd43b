import type { CoreContext } from '../coreContext.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { quotePrice } from '../quotes/quotePrice.ts';
import { OPERATION_OF_KIND, targetOf } from './intentKinds.ts';
import { priceIntent } from './pricing.ts';

export function registerJobHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  router.register('jobs.list', () => connections.requireSession().queue.list());

  router.register('jobs.pause', () => {
    connections.requireSession().queue.pause();
    return { ok: true as const };
  });

  router.register('jobs.resume', () => {
    connections.requireSession().queue.resume();
    return { ok: true as const };
  });

  router.register('jobs.cancel', (input) => connections.requireSession().queue.cancel(input.id));

  // The price of retrying: the failed job's stored body quoted again, exactly what a retry would send.
  router.register('jobs.price', async (input) => {
    const session = connections.requireSession();
    const failed = session.jobs.get(input.id);
    if (!failed) throw new AppFailure('not_found', 'That job no longer exists.');
    if (failed.state !== 'failed') throw new AppFailure('cannot_retry', 'Only a failed job can be retried.');
    if (failed.dependency_json !== null && failed.attempts === 0) {
      // A chained talk clip's body is finished by its speech step; it is quoted when that is ready.
      throw new AppFailure('priced_later', 'This clip is priced when its speech is ready. You can retry it now.');
    }
    return quotePrice(session, OPERATION_OF_KIND[failed.kind], JSON.parse(failed.body) as Record<string, unknown>, targetOf(failed.kind, failed.path));
  });

  // Only on the user's word: a new intent with a new key, priced again.
  router.register('jobs.retry', async (input) => {
    const session = connections.requireSession();
    const failed = session.jobs.get(input.id);
    if (!failed) throw new AppFailure('not_found', 'That job no longer exists.');
    // A job whose answer could not be saved is sent again under its own key: it may have run already.
    if (failed.state !== 'failed' && session.queue.canResend(input.id)) return session.queue.resend(input.id);
    if (failed.state !== 'failed') throw new AppFailure('cannot_retry', 'Only a failed job can be retried.');
    const waitsForInput = failed.dependency_json !== null && failed.attempts === 0;
    const price = waitsForInput
      ? { quoteId: null, quotedCredits: failed.quoted_credits }
      : await priceIntent(
          session,
          {
            kind: failed.kind,
            title: failed.title,
            path: failed.path,
            body: failed.body,
            operationId: OPERATION_OF_KIND[failed.kind],
            target: failed.kind === 'character.regenerate' || failed.kind === 'character.revert' ? { character_id: failed.resource_id ?? '' } : null,
            resourceKind: failed.resource_kind,
            resourceId: failed.resource_id,
          },
          input.quoteId,
        );
    return session.queue.retry(input.id, price.quoteId, price.quotedCredits);
  });
}
