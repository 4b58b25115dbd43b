import { useId } from 'react';
import { describeError } from '../errors/errorMessages.ts';
import type { PriceState } from '../stores/quotePricer.ts';
import { Spinner } from './Spinner.tsx';

export type { PriceState };

type PriceButtonProps = {
  label: string;
  price: PriceState;
  onClick: () => void;
  busy?: boolean;
  /** Disabled for a reason other than the price (an invalid form, say). */
  disabled?: boolean;
  /** Shown under the button when nothing more pressing is. */
  hint?: string;
  type?: 'button' | 'submit';
  form?: string;
};

export function creditsText(credits: number): string {
  return `${credits.toLocaleString()} ${credits === 1 ? 'credit' : 'credits'}`;
}

/**
 * The paid action's button with its exact price on it ("Generate · 12 credits"), the approval
 * state when one is required, and a warning when the balance cannot cover it.
 */
export function PriceButton({ label, price, onClick, busy = false, disabled = false, hint, type = 'button', form }: PriceButtonProps) {
  const noteId = useId();
  const priced = price.status === 'priced' ? price.price : null;
  const uncovered = priced !== null && !priced.covered;
  const approvalBlocks = priced !== null && priced.approvalRequired && priced.approvalState !== 'approved';
  // An idle price means the form is not valid yet: the click stays live so the form can say why.
  const blocked = disabled || busy || price.status === 'pricing' || uncovered || approvalBlocks;

  let note: { tone: 'hint' | 'warning' | 'error'; text: string } | null = hint ? { tone: 'hint', text: hint } : null;
  if (price.status === 'error') note = { tone: 'error', text: `No price yet: ${describeError(price.error)}` };
  else if (uncovered && priced) {
    note = {
      tone: 'warning',
      text: `Your balance${priced.balance === null ? '' : ` of ${creditsText(priced.balance)}`} cannot cover ${creditsText(priced.credits)}. Buy credits or choose cheaper options.`,
    };
  } else if (approvalBlocks && priced) {
    note = { tone: 'warning', text: `This cost needs approval (${priced.approvalState ?? 'pending'}). It can run once the account owner approves it.` };
  } else if (priced?.approvalRequired) {
    note = { tone: 'hint', text: 'Approval required: approved.' };
  }

  return (
    <div className="price-button-wrap">
      <button
        type={type}
        form={form}
        className={`button button-primary price-button${uncovered ? ' price-button-uncovered' : ''}`}
        onClick={type === 'button' ? onClick : undefined}
        disabled={blocked}
        aria-busy={busy || price.status === 'pricing' || undefined}
        aria-describedby={note ? noteId : undefined}
        data-price-status={price.status}
        data-credits={priced ? priced.credits : undefined}
        data-quote-id={priced ? priced.quoteId : undefined}
      >
        {busy ? <Spinner decorative /> : null}
        <span>{label}</span>
        {price.status === 'idle' ? null : (
          <>
            <span className="price-sep" aria-hidden="true">
              ·
            </span>
            <span className="price-amount">{price.status === 'priced' ? creditsText(price.price.credits) : price.status === 'pricing' ? 'pricing…' : 'no price'}</span>
          </>
        )}
      </button>
      {note ? (
        <p id={noteId} className={`price-note price-note-${note.tone}`} role={note.tone === 'hint' ? undefined : 'status'}>
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
