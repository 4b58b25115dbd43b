import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAccountStore } from '../../stores/accountStore.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { InlineError } from '../../ui/InlineError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { formatDate } from '../../ui/format.ts';
import { SPEND_DAYS, useCreditsStore } from './creditsStore.ts';
import { BuyCreditsButton } from './BuyCreditsButton.tsx';
import { CharacterSpend } from './CharacterSpend.tsx';
import { QuoteVsCharge } from './QuoteVsCharge.tsx';
import { SpendChart } from './SpendChart.tsx';
import { UsageList } from './UsageList.tsx';
import './credits.css';
import { formatCount } from '../../ui/format.ts';

registerStoreReset(() => useCreditsStore.getState().reset());

/** Balance, plan, spending by day, quotes against charges, and every transaction. */
export function CreditsScreen() {
  const { account, balance, accountError } = useAccountStore(
    useShallow((s) => ({ account: s.account, balance: s.balance, accountError: s.error })),
  );
  const { spend, byCharacter, byCharacterError, spendLoaded, spendError } = useCreditsStore(
    useShallow((s) => ({
      spend: s.spend,
      byCharacter: s.byCharacter,
      byCharacterError: s.byCharacterError,
      spendLoaded: s.spendLoaded,
      spendError: s.spendError,
    })),
  );

  useEffect(() => {
    void useAccountStore.getState().load();
    void useJobsStore.getState().load();
    const credits = useCreditsStore.getState();
    void credits.reloadUsage();
    void credits.loadSpend();
    return () => credits.cancelReload();
  }, []);

  const subscription = account?.subscription ?? null;

  return (
    <section className="screen credits-screen" aria-labelledby="credits-heading">
      <header className="screen-header">
        <h1 id="credits-heading" className="screen-title">
          Credits
        </h1>
        <BuyCreditsButton />
      </header>
      <OfflineBanner what="These figures are the last ones read from the service; they refresh when the connection returns." />
      {accountError && <InlineError error={accountError} />}
      <div className="credits-cards">
        <div className="stat-card" data-testid="balance-card">
          <span className="stat-label">Balance</span>
          <span className="stat-value">{balance === null ? '—' : formatCount(balance)}</span>
          <span className="stat-note">credits</span>
        </div>
        <div className="stat-card" data-testid="plan-card">
          <span className="stat-label">Plan</span>
          {account === null ? (
            <span className="stat-value">—</span>
          ) : subscription ? (
            <>
              <span className="stat-value plan-name">{subscription.plan}</span>
              <span className="stat-note">
                {subscription.status} · renews {formatDate(subscription.current_period_end)}
              </span>
            </>
          ) : (
            <>
              <span className="stat-value plan-name">Free</span>
              <span className="stat-note">No subscription</span>
            </>
          )}
        </div>
        {account && (
          <div className="stat-card">
            <span className="stat-label">Account</span>
            <span className="stat-value stat-small">{account.name}</span>
            <span className="stat-note">{account.email}</span>
          </div>
        )}
      </div>
      <div className="spend-panels">
        <section className="lib-panel" aria-labelledby="spend-heading">
          <h2 id="spend-heading" className="lib-section-title">
            Spent per day, last {SPEND_DAYS} days
          </h2>
          {spendError ? (
            <p className="field-error">{spendError}</p>
          ) : spendLoaded ? (
            <SpendChart rows={spend} />
          ) : (
            <Spinner label="Loading spending" />
          )}
        </section>
        <section className="lib-panel" aria-labelledby="character-spend-heading">
          <h2 id="character-spend-heading" className="lib-section-title">
            Per character
          </h2>
          {byCharacterError ? (
            <p className="field-error">{byCharacterError}</p>
          ) : spendLoaded ? (
            <CharacterSpend rows={byCharacter} />
          ) : null}
        </section>
      </div>
      <section className="lib-panel" aria-labelledby="quotes-heading">
        <h2 id="quotes-heading" className="lib-section-title">
          Quotes and charges
        </h2>
        <QuoteVsCharge />
      </section>
      <section className="lib-panel" aria-labelledby="usage-heading">
        <h2 id="usage-heading" className="lib-section-title">
          Transactions
        </h2>
        <UsageList />
      </section>
    </section>
  );
}
