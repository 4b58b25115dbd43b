import { X } from 'lucide-react';
import { useEffect, useId, useImperativeHandle, useRef, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';
import { useIntl } from 'react-intl';

type ModalDialogProps = {
  open: boolean;
  /** Escape, the close ✕ and anything else that dismisses the dialog come here; the owner closes it. */
  onClose: () => void;
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  className: string;
  /** For tests and styling: a stable name of the dialog. */
  name?: string;
  testId?: string;
  /** Whether the dialog element itself can hold the focus (a viewer that takes keys of its own). */
  focusable?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLDialogElement>;
  /** The <dialog> element, for an owner that moves the focus itself. */
  ref?: Ref<HTMLDialogElement | null>;
  children: ReactNode;
};

/**
 * Every modal of the app sits on this native <dialog>: `showModal()` makes the rest of the page
 * inert (the focus trap), Escape asks the owner to close, the title names it, and focus goes back
 * to what opened it. `Dialog` below is the framed dialog most screens use; the gallery's detail
 * view lays out its own frame on the same base.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  name,
  testId,
  focusable = false,
  onKeyDown,
  ref: outer,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement | null>(null);
  useImperativeHandle<HTMLDialogElement | null, HTMLDialogElement | null>(outer, () => ref.current, []);
  const opener = useRef<HTMLElement | null>(null);
  const closeRef = useRef(onClose);
  const openRef = useRef(open);
  useEffect(() => {
    closeRef.current = onClose;
    openRef.current = open;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // showModal focuses the first focusable (the close ✕) unless an element inside says `autofocus`;
      // the dialog's own choice (a confirm dialog's Cancel) gets it before showModal so it wins from the start.
      const preferred =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>('.dialog-content :is(input, textarea, select):not([disabled])');
      preferred?.setAttribute('autofocus', '');
      dialog.showModal();
      if (preferred && document.activeElement !== preferred) preferred.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    const onClosed = () => {
      // Closed by the browser rather than by `open` turning false (Chromium lets a repeated Escape
      // through without a cancelable event): the owner learns it, so its state follows.
      if (openRef.current) closeRef.current();
      const target = opener.current;
      opener.current = null;
      // The focus goes back to what opened the dialog, unless the person has already put it somewhere
      // else: 'close' arrives a task after the dialog shut, and a click or Tab in that moment wins.
      const now = document.activeElement;
      const unplaced = now === null || now === document.body || dialog.contains(now);
      if (target && target.isConnected && unplaced) target.focus();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className}
      tabIndex={focusable ? -1 : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-dialog={name}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      {children}
    </dialog>
  );
}

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** For tests and styling: a stable name of the dialog. */
  name?: string;
};

/** The framed dialog: a title and a close ✕, an optional description, the content and a footer of actions. */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', name }: DialogProps) {
  const intl = useIntl();
  const titleId = useId();
  const descriptionId = useId();

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      className={`dialog dialog-${size}`}
      name={name}
    >
      {open ? (
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={intl.formatMessage({ id: 'ui.dialog.close' })}>
              <X size={16} aria-hidden="true" />
            </button>
          </header>
          {description ? (
            <p id={descriptionId} className="dialog-description">
              {description}
            </p>
          ) : null}
          <div className="dialog-content">{children}</div>
          {footer ? <footer className="dialog-footer">{footer}</footer> : null}
        </div>
      ) : null}
    </ModalDialog>
  );
}
