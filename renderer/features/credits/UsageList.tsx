import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { useCreditsStore } from './creditsStore.ts';
import { SaidText } from '../../ui/SaidText.tsx';

/** Credit transactions (spec 2.8), newest first; the next page loads as the end scrolls into view. */
export function UsageList() {
  const { transactions, usageDone, usageLoading, usageError, loadMoreUsage } = useCreditsStore(
    useShallow((s) => ({
      transactions: s.transactions,
      usageDone: s.usageDone,
      usageLoading: s.usageLoading,
      usageError: s.usageError,
      loadMoreUsage: s.loadMoreUsage,
    })),
  );
  const sentinel = useRef<HTMLDivElement | null>(null);
  const intl = useIntl();
  const formats = useFormats();
  const label = intl.formatMessage({ id: 'credits.transactions.label' });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || usageDone) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMoreUsage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [usageDone, loadMoreUsage, transactions.length]);

  return (
    // Scrolls on its own: focusable and named, so the keyboard can reach and scroll it.
    <div className="usage-list" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table" data-testid="usage-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'credits.column.when' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'credits.transactions.what' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'credits.transactions.type' })}</th>
            <th scope="col" className="numeric">
              {intl.formatMessage({ id: 'credits.transactions.amount' })}
            </th>
            <th scope="col" className="numeric">
              {intl.formatMessage({ id: 'credits.transactions.balanceAfter' })}
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.id}>
              <td>{formats.dateTimeOf(transaction.created_at)}</td>
              <td>
                <bdi>{transaction.description}</bdi>
              </td>
              <td>{intl.formatMessage({ id: 'credits.transactions.kind' }, { type: transaction.type })}</td>
              <td className={`numeric ${transaction.amount < 0 ? 'amount-spent' : 'amount-added'}`}>
                {intl.formatNumber(transaction.amount, { signDisplay: 'exceptZero', maximumFractionDigits: 0 })}
              </td>
              <td className="numeric">{transaction.balance_after != null ? formats.number(transaction.balance_after) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {transactions.length === 0 && usageDone && <p className="muted">{intl.formatMessage({ id: 'credits.transactions.none' })}</p>}
      {usageError && (
        <p className="field-error" role="alert">
          <SaidText said={usageError} />{' '}
          <Button size="sm" onClick={() => void loadMoreUsage()}>
            {intl.formatMessage({ id: 'credits.transactions.tryAgain' })}
          </Button>
        </p>
      )}
      <div ref={sentinel} className="usage-sentinel" aria-hidden={!usageLoading}>
        {usageLoading && <Spinner label={intl.formatMessage({ id: 'credits.transactions.loading' })} />}
        {usageDone && transactions.length > 0 && <span className="muted">{intl.formatMessage({ id: 'credits.transactions.end' })}</span>}
      </div>
    </div>
  );
}
