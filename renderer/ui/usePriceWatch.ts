import { useEffect, useRef } from 'react';
import { useAccountStore } from '../stores/accountStore.ts';
import type { PriceState } from '../stores/quotePricer.ts';
import { priceBlocks } from './priceNote.ts';

/** How often a quote awaiting approval is read again while the window is shown. */
export const APPROVAL_POLL_MS = 4_000;

/**
 * Keeps a price that holds the button current without the user asking: a quote awaiting approval is
 * read again every few seconds while the window is shown (the account owner approves elsewhere),
 * and any held price is read again when the window regains focus (credits bought in the browser)
 * and when the balance changes (credits.changed).
 */
export function usePriceWatch(price: PriceState, recheck: () => Promise<void>): void {
  const blocks = priceBlocks(price);
  const pending = blocks === 'approval' && price.status === 'priced' && (price.price.approvalState ?? 'pending') === 'pending';
  const balance = useAccountStore((s) => s.balance);
  const recheckRef = useRef(recheck);
  useEffect(() => {
    recheckRef.current = recheck;
  });

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void recheckRef.current();
    }, APPROVAL_POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);

  useEffect(() => {
    if (blocks === null) return;
    const again = () => {
      if (document.visibilityState === 'visible') void recheckRef.current();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [blocks]);

  const lastBalance = useRef(balance);
  useEffect(() => {
    if (lastBalance.current === balance) return;
    lastBalance.current = balance;
    if (blocks === 'uncovered') void recheckRef.current();
  }, [balance, blocks]);
}
