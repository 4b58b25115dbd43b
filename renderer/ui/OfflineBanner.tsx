import { useIntl } from 'react-intl';
import { useConnectionStore } from '../stores/connectionStore.ts';

/** Says plainly what works while the service is out of reach (DESIGN: the library works offline). */
export function OfflineBanner({ what }: { what: string }) {
  const connection = useConnectionStore((s) => s.connection);
  const intl = useIntl();
  if (!connection || connection.online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span className="badge tone-offline">{intl.formatMessage({ id: 'ui.offline.badge' })}</span>
      <span className="visually-hidden">{intl.formatMessage({ id: 'ui.offline.unreachable' })}</span>
      <span>{what}</span>
    </div>
  );
}
