import { useConnectionStore } from '../stores/connectionStore.ts';

/** Says plainly what works while the service is out of reach (DESIGN: the library works offline). */
export function OfflineBanner({ what }: { what: string }) {
  const connection = useConnectionStore((s) => s.connection);
  if (!connection || connection.online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span className="badge tone-offline">Offline</span>
      <span className="visually-hidden">The service cannot be reached.</span>
      <span>{what}</span>
    </div>
  );
}
