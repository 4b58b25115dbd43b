import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useToastStore, type Toast } from '../stores/toastStore.ts';
import { useFormats } from '../i18n/LanguageProvider.tsx';
import { SaidText } from './SaidText.tsx';

/** The app's notification area; errors stay until dismissed, the rest fade after a few seconds. */
export function Toasts() {
  const { toasts, dismiss } = useToastStore(useShallow((s) => ({ toasts: s.toasts, dismiss: s.dismiss })));
  const intl = useIntl();
  return (
    <div className="toasts" role="region" aria-label={intl.formatMessage({ id: 'ui.toasts.label' })}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismiss={dismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.tone === 'error') return;
    const timer = window.setTimeout(() => dismiss(toast.id), 6000);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.tone, dismiss]);
  const onDismiss = () => dismiss(toast.id);
  const intl = useIntl();
  const formats = useFormats();
  const { message } = toast;
  return (
    <div className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span className="toast-message">{typeof message === 'function' ? message(formats) : <SaidText said={message} />}</span>
      <button type="button" className="icon-button" onClick={onDismiss} aria-label={intl.formatMessage({ id: 'ui.toasts.dismiss' })}>
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
