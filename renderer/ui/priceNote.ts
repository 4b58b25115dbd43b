import { describeError } from '../errors/errorMessages.ts';
import type { PriceState } from '../stores/quotePricer.ts';
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
  if (price.status === 'error') return { tone: 'error', title: null, text: `No price yet: ${describeError(price.error)}`, action: null };
  if (price.status !== 'priced') return hint ? plain(hint) : null;
  const { credits, balance, approvalRequired, approvalState, covered } = price.price;
  const cost = creditsText(credits);
  if (approvalRequired && (approvalState === 'rejected' || approvalState === 'revoked')) {
    const what = approvalState === 'rejected' ? 'declined this price' : 'withdrew approval of this price';
    return {
      tone: 'error',
      title: `Approval ${approvalState}.`,
      text: `The account owner ${what}, so it cannot run. Choose cheaper options, or get a new price to ask again.`,
      action: 'requote',
    };
  }
  if (approvalRequired && approvalState !== 'approved') {
    return {
      tone: 'warning',
      title: 'Approval pending.',
      text: `${cost} is above your account’s approval limit. It can run once the account owner approves it; this updates by itself.`,
      action: 'checkApproval',
    };
  }
  if (!covered) {
    // covered counts the credits queued jobs set aside: a balance above the price can still fall short.
    const why =
      balance === null
        ? 'Your balance'
        : balance >= credits
          ? `Your balance of ${creditsText(balance)}, less what queued jobs set aside,`
          : `Your balance of ${creditsText(balance)}`;
    return {
      tone: 'warning',
      title: 'Not enough credits.',
      text: `${why} cannot cover ${cost}. Buy credits or choose cheaper options.`,
      action: 'checkBalance',
    };
  }
  if (approvalRequired) return plain(`Approved by the account owner: ready to generate for ${cost}.`);
  return hint ? plain(hint) : null;
}
