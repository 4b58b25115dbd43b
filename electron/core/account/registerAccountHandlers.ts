import type { ApiClient } from '../api/apiClient.ts';
import type { Clock } from '../clock/clock.ts';
import type { Router } from '../ipc/router.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { CreditHistoryStore } from './creditHistoryStore.ts';
import type { CreditsBook } from './creditsBook.ts';
import { spendByCharacter } from './spendByCharacter.ts';
import { spendByDay } from './spendByDay.ts';

/** What the account commands use of the active connection. */
export type AccountServices = {
  canSend(): boolean;
  api: Pick<ApiClient, 'account'>;
  credits: Pick<CreditsBook, 'account' | 'storeAccount'>;
  creditHistory: CreditHistoryStore;
  library: LibraryDatabase;
};

export function registerAccountHandlers(router: Router, deps: { active: () => AccountServices; clock: Clock }): void {
  const { active, clock } = deps;

  router.register('account.get', async () => {
    const services = active();
    if (services.canSend()) {
      try {
        const account = await services.api.account();
        services.credits.storeAccount(account);
        return account;
      } catch {
        // offline or refused: the stored account below
      }
    }
    return services.credits.account();
  });

  // From the library (kept current after every charge), so the credits screen works offline.
  router.register('account.usage', (input) => active().creditHistory.page(input.cursor ?? null, input.limit ?? 50));

  const since = (days: number) => new Date(clock.now() - days * 86_400_000).toISOString();
  router.register('account.spendByDay', (input) => spendByDay(active().library, since(input.days)));
  router.register('account.spendByCharacter', (input) => spendByCharacter(active().library, since(input.days)));
}
