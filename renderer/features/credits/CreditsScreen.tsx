import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useAccountStore } from '../../stores/accountStore.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { InlineError } from '../../ui/InlineError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { SPEND_DAYS, useCreditsStore } from './creditsStore.ts';
import { BuyCreditsButton } from './BuyCreditsButton.tsx';
import { CharacterSpend } from './CharacterSpend.tsx';
import { QuoteVsCharge } from './QuoteVsCharge.tsx';
import { SpendChart } from './SpendChart.tsx';
import { UsageList } from './UsageList.tsx';
import './credits.css';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import type { Formats } from '../../i18n/format.ts';
import type { Account } from '../../../shared/api/account.ts';
import { SaidText } from '../../ui/SaidText.tsx';

registerStoreReset(() => useCreditsStore.getState().reset());

/** The plan an account without a subscription is on, as the service names it. */
const FREE_PLAN = 'free';

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

  const intl = useIntl();
  const formats = useFormats();

  return (
    <section className="screen credits-screen" aria-labelledby="credits-heading">
      <header className="screen-header">
        <h1 id="credits-heading" className="screen-title">
          {intl.formatMessage({ id: 'nav.screen.credits' })}
        </h1>
        <BuyCreditsButton />
      </header>
      <OfflineBanner what={intl.formatMessage({ id: 'credits.offline' })} />
      {accountError && <InlineError error={accountError} />}
      <div className="credits-cards">
        <div className="stat-card" data-testid="balance-card">
          <span className="stat-label">{intl.formatMessage({ id: 'queue.summary.balance' })}</span>
          <span className="stat-value">{balance === null ? '—' : formats.number(balance)}</span>
          <span className="stat-note">{intl.formatMessage({ id: 'queue.summary.credits' }, { count: balance ?? 0 })}</span>
        </div>
        <PlanCard account={account} intl={intl} formats={formats} />
        {account && (
          <div className="stat-card">
            <span className="stat-label">{intl.formatMessage({ id: 'credits.account' })}</span>
            <span className="stat-value stat-small">
              <bdi>{account.name}</bdi>
            </span>
            <span className="stat-note">{account.email}</span>
          </div>
        )}
      </div>
      <div className="spend-panels">
        <section className="lib-panel" aria-labelledby="spend-heading">
          <h2 id="spend-heading" className="lib-section-title">
            {intl.formatMessage({ id: 'credits.spend.heading' }, { days: SPEND_DAYS })}
          </h2>
          {spendError ? (
            <p className="field-error">
              <SaidText said={spendError} />
            </p>
          ) : spendLoaded ? (
            <SpendChart rows={spend} />
          ) : (
            <Spinner label={intl.formatMessage({ id: 'credits.spend.loading' })} />
          )}
        </section>
        <section className="lib-panel" aria-labelledby="character-spend-heading">
          <h2 id="character-spend-heading" className="lib-section-title">
            {intl.formatMessage({ id: 'credits.perCharacter' })}
          </h2>
          {byCharacterError ? (
            <p className="field-error">
              <SaidText said={byCharacterError} />
            </p>
          ) : spendLoaded ? (
            <CharacterSpend rows={byCharacter} />
          ) : null}
        </section>
      </div>
      <section className="lib-panel" aria-labelledby="quotes-heading">
        <h2 id="quotes-heading" className="lib-section-title">
          {intl.formatMessage({ id: 'credits.quotes.heading' })}
        </h2>
        <QuoteVsCharge />
      </section>
      <section className="lib-panel" aria-labelledby="usage-heading">
        <h2 id="usage-heading" className="lib-section-title">
          {intl.formatMessage({ id: 'credits.transactions.heading' })}
        </h2>
        <UsageList />
      </section>
    </section>
  );
}

/** The plan: the subscription's, its state and when it renews, or Free without one. */
function PlanCard({ account, intl, formats }: { account: Account | null; intl: IntlShape; formats: Formats }) {
  const subscription = account?.subscription ?? null;
  return (
    <div className="stat-card" data-testid="plan-card">
      <span className="stat-label">{intl.formatMessage({ id: 'credits.plan' })}</span>
      {account === null ? (
        <span className="stat-value">—</span>
      ) : subscription ? (
        <>
          <span className="stat-value plan-name">{intl.formatMessage({ id: 'credits.plan.name' }, { plan: subscription.plan })}</span>
          <span className="stat-note">
            {intl.formatMessage(
              { id: 'credits.plan.renews' },
              { status: subscription.status, date: formats.dateOf(subscription.current_period_end) },
            )}
          </span>
        </>
      ) : (
        <>
          <span className="stat-value plan-name">{intl.formatMessage({ id: 'credits.plan.name' }, { plan: FREE_PLAN })}</span>
          <span className="stat-note">{intl.formatMessage({ id: 'credits.plan.none' })}</span>
        </>
      )}
    </div>
  );
}
