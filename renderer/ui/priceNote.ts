import { describeError } from '../errors/errorMessages.ts';
import type { PriceState } from '../stores/quotePricer.ts';
import { currentFormats } from '../i18n/currentLocale.ts';
import { creditsText } from './format.ts';

export type PriceNote = {
  tone: 'hint' | 'warning' | 'error';
  /** A short state a glance catches ("Approval pending"), said before the sentence. */
  title: string | null;
  text: string;
  /** What the user can do about it from here: read the quote or balance again, or ask for a new quote. */
  action: 'checkApproval' | 'checkBalance' | 'requote' | null;
};

/** Whether a priced quote may be spent now: the balance covers it and any approval it needs is given. */
export function priceBlocks(price: PriceState): 'uncovered' | 'approval' | null {
  if (price.status !== 'priced') return null;
  if (price.price.approvalRequired && price.price.approvalState !== 'approved') return 'approval';
  return price.price.covered ? null : 'uncovered';
}

/**
 * The sentence under a paid button: why it cannot be clicked yet, or what the price means.
 * Approval comes before the balance: a rejected price cannot be bought past, and a pending one
 * is the account owner's move, not the user's.
 */
export function priceNote(price: PriceState, hint: string | undefined): PriceNote | null {
  const plain = (text: string): PriceNote => ({ tone: 'hint', title: null, text, action: null });
  const say = currentFormats();
  if (price.status === 'error') {
    return { tone: 'error', title: null, text: say.text('ui.price.noPrice', { reason: describeError(price.error) }), action: null };
  }
  if (price.status !== 'priced') return hint ? plain(hint) : null;
  const { credits, balance, approvalRequired, approvalState, covered } = price.price;
  const cost = creditsText(credits);
  if (approvalRequired && (approvalState === 'rejected' || approvalState === 'revoked')) {
    return {
      tone: 'error',
      title: say.text('ui.price.approvalEnded.title', { state: approvalState }),
      text: say.text('ui.price.approvalEnded.text', { state: approvalState }),
      action: 'requote',
    };
  }
  if (approvalRequired && approvalState !== 'approved') {
    return {
      tone: 'warning',
      title: say.text('ui.price.approvalPending.title'),
      text: say.text('ui.price.approvalPending.text', { cost }),
      action: 'checkApproval',
    };
  }
  if (!covered) {
    // covered counts the credits queued jobs set aside: a balance above the price can still fall short.
    const why = balance === null ? 'unknown' : balance >= credits ? 'setAside' : 'short';
    return {
      tone: 'warning',
      title: say.text('ui.price.uncovered.title'),
      text: say.text('ui.price.uncovered.text', { why, balance: balance === null ? '' : creditsText(balance), cost }),
      action: 'checkBalance',
    };
  }
  if (approvalRequired) return plain(say.text('ui.price.approved', { cost }));
  return hint ? plain(hint) : null;
}
