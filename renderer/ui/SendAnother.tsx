import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button.tsx';

/** A second click this soon after the first is more likely a double click than a wish for two. */
export const SEND_AGAIN_WINDOW_MS = 2_500;

export type SendGuard = {
  /**
   * Put on the paid button's onClick: runs `now` for a first click and holds a quick second one
   * until the creator answers; `later` is what a yes runs (a submit button's form submission,
   * which its click would have done by itself). A click that cannot send anything (no price yet,
   * an invalid form) is let through and not counted: `sends` says whether this one does.
   */
  onClick: (event: MouseEvent<HTMLButtonElement>, now: () => void, later?: () => void, sends?: boolean) => void;
  /** Whether "Send another?" is being asked. */
  asking: boolean;
  /** How long ago the last one was sent, in whole seconds (at least one), while asking. */
  secondsAgo: number;
  /** The creator said yes: send once more. */
  confirm: () => void;
  dismiss: () => void;
};

/**
 * Guards a paid button against a duplicate sent by a quick second click: each send is charged, so
 * one within a couple of seconds of the last asks "Send another?" first. The window counts from
 * the moment the button could be clicked again (after its busy and pricing states), so a slow
 * submission does not use it up.
 */
export function useSendGuard(clickable: boolean): SendGuard {
  const lastSent = useRef<number | null>(null);
  const wasClickable = useRef(clickable);
  const pending = useRef<(() => void) | null>(null);
  const [asking, setAsking] = useState(false);
  const [secondsAgo, setSecondsAgo] = useState(1);

  useEffect(() => {
    if (clickable && !wasClickable.current && lastSent.current !== null) lastSent.current = Date.now();
    wasClickable.current = clickable;
  }, [clickable]);

  const send = (action: () => void) => {
    lastSent.current = Date.now();
    action();
  };

  return {
    onClick: (event, now, later = now, sends = true) => {
      if (!sends) {
        now();
        return;
      }
      if (lastSent.current !== null && Date.now() - lastSent.current < SEND_AGAIN_WINDOW_MS) {
        // Also keeps a submit button from submitting its form.
        event.preventDefault();
        pending.current = later;
        // At least a second: "1 second ago" reads right where "now" would not.
        setSecondsAgo(Math.max(1, Math.round((Date.now() - lastSent.current) / 1000)));
        setAsking(true);
        return;
      }
      send(now);
    },
    asking,
    secondsAgo,
    confirm: () => {
      setAsking(false);
      const action = pending.current;
      pending.current = null;
      if (action) send(action);
    },
    dismiss: () => {
      pending.current = null;
      setAsking(false);
    },
  };
}

/** The question itself, under the button: the safe answer has the focus. */
export function SendAnotherPrompt({ guard, what }: { guard: SendGuard; what: string }) {
  const textId = useId();
  const intl = useIntl();
  if (!guard.asking) return null;
  const when = intl.formatRelativeTime(-guard.secondsAgo, 'second');
  return (
    <div
      className="send-another"
      role="alertdialog"
      aria-label={intl.formatMessage({ id: 'ui.sendAnother.title' })}
      aria-describedby={textId}
      data-send-another
    >
      <p id={textId}>
        {intl.formatMessage(
          { id: 'ui.sendAnother.text' },
          { what: <bdi key="what">{what}</bdi>, when, strong: (chunks) => <strong key="title">{chunks}</strong> },
        )}
      </p>
      <div className="send-another-actions">
        <Button size="sm" variant="secondary" onClick={guard.dismiss} autoFocus data-action="keep-one">
          {intl.formatMessage({ id: 'ui.sendAnother.keepOne' })}
        </Button>
        <Button size="sm" variant="primary" onClick={guard.confirm} data-action="send-another">
          {intl.formatMessage({ id: 'ui.sendAnother.send' })}
        </Button>
      </div>
    </div>
  );
}
