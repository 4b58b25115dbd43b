import type { CreditTransaction } from '../../../shared/api/index.ts';
import type { CoreContext } from '../coreContext.ts';
import { spendByDay } from './spendByDay.ts';

export function registerAccountHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  router.register('account.get', async () => {
    const session = connections.requireSession();
    if (session.canSend()) {
      try {
        const account = await session.api.account();
        session.credits.storeAccount(account);
        return account;
      } catch {
        // offline or refused: the stored account below
      }
    }
    return session.credits.account();
  });

  // From the library (kept current after every charge), so the credits screen works offline.
  router.register('account.usage', (input) => {
    const session = connections.requireSession();
    const limit = input.limit ?? 50;
    const [at, id] = (input.cursor ?? '').split('|');
    const rows = input.cursor
      ? session.library.all<{ raw_json: string; created_at: string; id: string }>(
          'SELECT raw_json, created_at, id FROM credit_transactions WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?',
          at ?? '',
          id ?? '',
          limit + 1,
        )
      : session.library.all<{ raw_json: string; created_at: string; id: string }>('SELECT raw_json, created_at, id FROM credit_transactions ORDER BY created_at DESC, id DESC LIMIT ?', limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => JSON.parse(r.raw_json) as CreditTransaction),
      nextCursor: rows.length > limit && last ? `${last.created_at}|${last.id}` : null,
    };
  });

  router.register('account.spendByDay', (input) => {
    const session = connections.requireSession();
    return spendByDay(session.library, new Date(ctx.clock.now() - input.days * 86_400_000).toISOString());
  });
}
