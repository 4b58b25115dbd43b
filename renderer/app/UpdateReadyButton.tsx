import { RefreshCw } from 'lucide-react';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { useUpdatesStore } from '../stores/updatesStore.ts';

/**
 * The header's offer of a downloaded update: "Restart to update", or, while a restart waits for
 * paid requests being sent, where it stands. Its notes are in Settings → About.
 */
export function UpdateReadyButton() {
  const status = useUpdatesStore((s) => s.status);
  if (status?.state !== 'ready') return null;
  const openAbout = () => useNavigationStore.getState().openSettingsSection('settings-about');
  if (status.waitingForJobs > 0) {
    return (
      <button type="button" className="header-pill header-update" data-update="waiting" onClick={openAbout} title="Update settings">
        <RefreshCw size={14} aria-hidden="true" />
        <span>Update waits</span>
        <span className="header-pill-sub">for the queue</span>
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
        title={`Cast Studio ${status.version} is ready`}
      >
        <RefreshCw size={14} aria-hidden="true" />
        <span>Restart to update</span>
      </button>
      <button type="button" className="header-update-notes" onClick={openAbout}>
        What’s new in {status.version}
      </button>
    </span>
  );
}
