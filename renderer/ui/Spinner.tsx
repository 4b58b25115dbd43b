import { useIntl } from 'react-intl';

/** A small activity indicator; `decorative` when a label nearby already says what is happening. */
export function Spinner({ decorative = false, label }: { decorative?: boolean; label?: string }) {
  const intl = useIntl();
  if (decorative) return <span className="spinner" aria-hidden="true" />;
  return <span className="spinner" role="status" aria-label={label ?? intl.formatMessage({ id: 'ui.spinner.working' })} />;
}
