import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/catalogs.ts';
import type { PriceState } from '../stores/quotePricer.ts';
import { Button } from './Button.tsx';
import { priceBlocks, priceNote } from './priceNote.ts';
import { SendAnotherPrompt, useSendGuard } from './SendAnother.tsx';
import { Spinner } from './Spinner.tsx';
import { creditsText } from './format.ts';

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
  /** Reads the quote again (approval pending, balance short): offered as "Check approval" or "Check balance". */
  onRecheck?: () => Promise<void>;
  /** Asks for a new quote (approval rejected or revoked): offered as "Get a new price". */
  onRequote?: () => Promise<void>;
};

const ACTION_LABELS = {
  checkApproval: 'ui.price.checkApproval',
  checkBalance: 'ui.price.checkBalance',
  requote: 'ui.price.requote',
} as const satisfies Record<string, MessageId>;

/**
 * The paid action's button with its exact price on it ("Generate · 12 credits"), the approval
 * state when one is required, and a warning when the balance cannot cover it.
 */
export function PriceButton({
  label,
  price,
  onClick,
  busy = false,
  disabled = false,
  hint,
  type = 'button',
  form,
  onRecheck,
  onRequote,
}: PriceButtonProps) {
  const intl = useIntl();
  const noteId = useId();
  const priced = price.status === 'priced' ? price.price : null;
  const blocks = priceBlocks(price);
  // An idle price means the form is not valid yet: the click stays live so the form can say why.
  const blocked = disabled || busy || price.status === 'pricing' || blocks !== null;
  const note = priceNote(price, hint);
  const act = note?.action === 'requote' ? onRequote : note?.action ? onRecheck : undefined;
  const button = useRef<HTMLButtonElement>(null);
  const guard = useSendGuard(!blocked);

  return (
    <div className="price-button-wrap">
      <button
        ref={button}
        type={type}
        form={form}
        className={`button button-primary price-button${blocks === 'uncovered' ? ' price-button-uncovered' : ''}`}
        onClick={(event) =>
          guard.onClick(
            event,
            () => (type === 'button' ? onClick() : undefined),
            () => (type === 'button' ? onClick() : button.current?.form?.requestSubmit(button.current)),
            price.status === 'priced',
          )
        }
        disabled={blocked}
        aria-busy={busy || price.status === 'pricing' || undefined}
        aria-describedby={note ? noteId : undefined}
        data-price-status={price.status}
        data-credits={priced ? priced.credits : undefined}
        data-quote-id={priced ? priced.quoteId : undefined}
        data-approval-state={priced?.approvalRequired ? (priced.approvalState ?? 'pending') : undefined}
        data-covered={priced ? String(priced.covered) : undefined}
      >
        {busy ? <Spinner decorative /> : null}
        <span>{label}</span>
        {price.status === 'idle' ? null : (
          <>
            <span className="price-sep" aria-hidden="true">
              ·
            </span>
            <span className="price-amount">
              {price.status === 'priced'
                ? creditsText(price.price.credits)
                : intl.formatMessage({ id: price.status === 'pricing' ? 'ui.price.pricing' : 'ui.price.none' })}
            </span>
          </>
        )}
      </button>
      <SendAnotherPrompt guard={guard} what={intl.formatMessage({ id: 'ui.sendAnother.quoted' }, { label })} />
      {note ? (
        <div className={`price-note price-note-${note.tone}`} data-price-note={blocks ?? note.tone}>
          <p id={noteId} role={note.tone === 'hint' ? undefined : 'status'}>
            {note.title ? <span className="price-note-title">{note.title} </span> : null}
            {note.text}
          </p>
          {act && note.action ? (
            <Button size="sm" variant="secondary" className="price-note-action" onClick={() => void act()} data-action={note.action}>
              {intl.formatMessage({ id: ACTION_LABELS[note.action] })}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
