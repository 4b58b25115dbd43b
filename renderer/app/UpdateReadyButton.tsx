import { RefreshCw } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { useUpdatesStore } from '../stores/updatesStore.ts';

/**
 * The header's offer of a downloaded update: "Restart to update", or, while a restart waits for
 * paid requests being sent, where it stands. Its notes are in Settings → About.
 */
export function UpdateReadyButton() {
  const status = useUpdatesStore((s) => s.status);
  const intl = useIntl();
  if (status?.state !== 'ready') return null;
  const openAbout = () => useNavigationStore.getState().openSettingsSection('settings-about');
  if (status.waitingForJobs > 0) {
    return (
      <button
        type="button"
        className="header-pill header-update"
        data-update="waiting"
        onClick={openAbout}
        title={intl.formatMessage({ id: 'app.update.settings' })}
      >
        <RefreshCw size={14} aria-hidden="true" />
        <span>{intl.formatMessage({ id: 'app.update.waits' })}</span>
        <span className="header-pill-sub">{intl.formatMessage({ id: 'app.update.forQueue' })}</span>
      </button>
    );
  }
  return (
    <span className="header-update-group">
      <button
        type="button"
        className="header-pill header-update"
        data-update="ready"
        onClick={() => void useUpdatesStore.getState().install()}
        title={intl.formatMessage({ id: 'app.update.ready' }, { version: status.version })}
      >
        <RefreshCw size={14} aria-hidden="true" />
        <span>{intl.formatMessage({ id: 'app.update.restart' })}</span>
      </button>
      <button type="button" className="header-update-notes" onClick={openAbout}>
        {intl.formatMessage({ id: 'app.update.notes' }, { version: status.version })}
      </button>
    </span>
  );
}
