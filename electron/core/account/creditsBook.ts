import { Account } from '../../../shared/api/index.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { ResourceStore } from '../library/resourceStore.ts';
import type { Logger } from '../log/logger.ts';

/**
 * The balance and the credit transactions, kept in the library so they show offline. Every charge
 * refreshes both (debounced: a burst of accepted jobs costs one refresh).
 */
export class CreditsBook {
  private readonly deps: {
    library: LibraryDatabase;
    resources: ResourceStore;
    api: ApiClient;
    canFetch: () => boolean;
    clock: Clock;
    log: Logger;
    changed: (balance: number) => void;
    /** Refunds arrived for these resources (their failed jobs now show them). */
    refunded?: (resourceIds: string[]) => void;
  };
  private timer: unknown = null;
  private refreshing: Promise<void> | null = null;
  private again = false;

  constructor(deps: CreditsBook['deps']) {
    this.deps = deps;
  }

  balance(): number | null {
    const value = this.deps.library.meta('account.balance');
    return value === null ? null : Number(value);
  }

  account(): Account | null {
    const json = this.deps.library.meta('account.json');
    if (!json) return null;
    const parsed = Account.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  }

  /** A balance the service just stated (credits_remaining of an accepted job, or the account). */
  setBalance(balance: number): void {
    if (this.balance() === balance) return;
    try {
      this.deps.library.setMeta('account.balance', String(balance));
    } catch (error) {
      // A full disk refuses the write: the balance is read from the service again at the next refresh.
      this.deps.log.warn('The balance could not be saved.', { error });
      return;
    }
    this.deps.changed(balance);
  }

  storeAccount(account: Account): void {
    this.deps.library.setMeta('account.json', JSON.stringify(account));
    this.setBalance(account.credits.balance);
  }

  refreshSoon(delayMs = 400): void {
    if (this.timer !== null) return;
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      void this.refresh().catch(() => {});
    }, delayMs);
  }

  /** Reads the account and the newest transactions (until one already known). */
  async refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = this.refreshOnce().finally(() => {
      this.refreshing = null;
      if (this.again) {
        this.again = false;
        this.refreshSoon(0);
      }
    });
    return this.refreshing;
  }

  private async refreshOnce(): Promise<void> {
    const { api } = this.deps;
    if (!this.deps.canFetch()) return;
    try {
      this.storeAccount(await api.account());
      await this.pullUsage(api, false);
    } catch (error) {
      this.deps.log.warn('Refreshing credits failed.', { error });
    }
  }

  /** All pages on a full sync; otherwise stops at the first page that holds a known transaction. */
  async pullUsage(api: ApiClient, all: boolean): Promise<number> {
    let added = 0;
    const refunded: string[] = [];
    for await (const page of api.usage({ limit: 100 })) {
      let known = false;
      this.deps.library.transaction(() => {
        for (const t of page.items) {
          if (this.deps.resources.upsertTransaction(t)) {
            added += 1;
            if (t.type === 'refund' && t.resource_id) refunded.push(t.resource_id);
          } else known = true;
        }
      });
      if (known && !all) break;
    }
    if (refunded.length > 0) this.deps.refunded?.(refunded);
    return added;
  }

  stop(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
