import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AppError } from '../../shared/ipc/index.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { InlineError } from './InlineError.tsx';

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: AppError | null;
  name?: string;
};

/** Asks before something that cannot be undone; the safe choice (Cancel, not the close ✕) has the focus when it opens. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  error,
  name,
}: ConfirmDialogProps) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      name={name}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-autofocus>
            {intl.formatMessage({ id: 'ui.confirm.cancel' })}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy} data-action="confirm">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="form-stack">
        <div className="confirm-body">{children}</div>
        <InlineError error={error} />
      </div>
    </Dialog>
  );
}
