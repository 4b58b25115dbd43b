import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { Button } from '../../ui/Button.tsx';
import { useLibraryInfoStore } from './libraryInfoStore.ts';

/**
 * Says, across the app, when the library was found damaged, while it is rebuilt, and once it has
 * been: what was moved where and what came back. Paid work waits while it is damaged or rebuilding.
 */
export function LibraryHealthBanner() {
  const { health, applyHealth } = useLibraryInfoStore(useShallow((s) => ({ health: s.health, applyHealth: s.applyHealth })));
  const go = useNavigationStore((s) => s.go);
  if (!health?.message || health.state === 'checking' || (health.state === 'ok' && !health.movedTo)) return null;
  const alert = health.state === 'damaged' || health.state === 'rebuilding';
  return (
    <div className="bridge-banner library-health-banner" role={alert ? 'alert' : 'status'} data-library-health={health.state}>
      <span>{health.message}</span>{' '}
      {health.state === 'damaged' ? (
        <Button size="sm" onClick={() => go('settings')}>
          Open Settings → Library
        </Button>
      ) : null}
      {health.state === 'ok' ? (
        <Button size="sm" onClick={() => applyHealth({ state: 'ok', message: null, movedTo: null })}>
          Dismiss
        </Button>
      ) : null}
    </div>
  );
}
