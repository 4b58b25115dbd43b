import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { Button } from '../../ui/Button.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { libraryHealthText } from './libraryHealthText.ts';
import { useLibraryInfoStore } from './libraryInfoStore.ts';
import './libraryHealthBanner.css';

/**
 * Says, across the app, when the library was found damaged, while it is rebuilt, and once it has
 * been: what was moved where and what came back. Paid work waits while it is damaged or rebuilding.
 */
export function LibraryHealthBanner() {
  const { health, applyHealth } = useLibraryInfoStore(useShallow((s) => ({ health: s.health, applyHealth: s.applyHealth })));
  const go = useNavigationStore((s) => s.go);
  const intl = useIntl();
  const formats = useFormats();
  if (!health?.notice || health.state === 'checking' || (health.state === 'ok' && !health.movedTo)) return null;
  const alert = health.state === 'damaged' || health.state === 'rebuilding';
  return (
    <div className="bridge-banner library-health-banner" role={alert ? 'alert' : 'status'} data-library-health={health.state}>
      <p className="library-health-message" data-notice={health.notice}>
        {libraryHealthText(health, formats)}
      </p>
      {health.state === 'damaged' ? (
        <div className="library-health-actions">
          <Button size="sm" onClick={() => go('settings')}>
            {intl.formatMessage({ id: 'app.libraryHealth.openSettings' })}
          </Button>
        </div>
      ) : null}
      {health.state === 'ok' ? (
        <div className="library-health-actions">
          <Button size="sm" onClick={() => applyHealth({ state: 'ok', notice: null, movedTo: null, rebuilt: null, salvage: null })}>
            {intl.formatMessage({ id: 'app.libraryHealth.dismiss' })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
