import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatCount, formatDateTime } from '../../ui/format.ts';
import { useCreditsStore } from './creditsStore.ts';

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
    <div className="usage-list" tabIndex={0} role="region" aria-label="Credit transactions">
      <table className="data-table" data-testid="usage-table">
        <caption className="visually-hidden">Credit transactions</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Type</th>
            <th scope="col" className="numeric">
              Credits
            </th>
            <th scope="col" className="numeric">
              Balance after
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.id}>
              <td>{formatDateTime(transaction.created_at)}</td>
              <td>{transaction.description}</td>
              <td>{transaction.type}</td>
              <td className={`numeric ${transaction.amount < 0 ? 'amount-spent' : 'amount-added'}`}>
                {transaction.amount > 0 ? '+' : transaction.amount < 0 ? '−' : ''}
                {formatCount(Math.abs(transaction.amount))}
              </td>
              <td className="numeric">{transaction.balance_after != null ? formatCount(transaction.balance_after) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {transactions.length === 0 && usageDone && <p className="muted">No transactions yet.</p>}
      {usageError && (
        <p className="field-error" role="alert">
          {usageError}{' '}
          <Button size="sm" onClick={() => void loadMoreUsage()}>
            Try again
          </Button>
        </p>
      )}
      <div ref={sentinel} className="usage-sentinel" aria-hidden={!usageLoading}>
        {usageLoading && <Spinner label="Loading more transactions" />}
        {usageDone && transactions.length > 0 && <span className="muted">That is every transaction.</span>}
      </div>
    </div>
  );
}
