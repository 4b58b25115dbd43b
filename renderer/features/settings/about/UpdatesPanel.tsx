import { useShallow } from 'zustand/react/shallow';
import type { Settings, UpdateStatus } from '../../../../shared/ipc/index.ts';
import { useSettingsStore } from '../../../stores/settingsStore.ts';
import { useUpdatesStore, waitingWords } from '../../../stores/updatesStore.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { InlineError } from '../../../ui/InlineError.tsx';
import { SegmentedControl } from '../../../ui/SegmentedControl.tsx';
import { SettingSwitch } from '../SettingSwitch.tsx';

/** Settings → About → Updates: where they stand, the release notes of a ready one, and the update settings. */
export function UpdatesPanel() {
  const { status, error } = useUpdatesStore(useShallow((s) => ({ status: s.status, error: s.error })));
  if (!status) return <InlineError error={error} />;
  return (
    <div className="about-updates" data-testid="updates" data-update-state={status.state}>
      <h3 className="about-subtitle">Updates</h3>
      {status.state === 'unavailable' ? (
        <p className="muted" data-testid="updates-words">
          {status.message}
        </p>
      ) : (
        <>
          <UpdateState status={status} />
          <UpdateSettings />
        </>
      )}
      <InlineError error={error} />
    </div>
  );
}

function UpdateState({ status }: { status: Exclude<UpdateStatus, { state: 'unavailable' }> }) {
  const { check } = useUpdatesStore.getState();
  if (status.state === 'ready') return <ReadyUpdate status={status} />;
  const words =
    status.state === 'checking'
      ? 'Looking for an update…'
      : status.state === 'downloading'
        ? `Downloading Cast Studio ${status.version}: ${status.percent} %`
        : status.state === 'failed'
          ? status.message
          : status.checkedAt
            ? `Cast Studio is up to date (checked ${formatDateTime(status.checkedAt)}).`
            : 'Not checked yet.';
  const busy = status.state === 'checking' || status.state === 'downloading';
  return (
    <div className="settings-row">
      <p role="status" data-testid="updates-words">
        {words}
      </p>
      {status.state === 'downloading' && <progress max={100} value={status.percent} aria-label="Update download" />}
      <Button size="sm" busy={busy} onClick={() => void check()}>
        Check for updates
      </Button>
    </div>
  );
}

function ReadyUpdate({ status }: { status: Extract<UpdateStatus, { state: 'ready' }> }) {
  const { install, cancelInstall } = useUpdatesStore.getState();
  const waiting = status.waitingForJobs > 0;
  return (
    <div className="about-update-ready">
      <div className="settings-row">
        <p role="status" data-testid="updates-words">
          {waiting ? waitingWords(status.waitingForJobs) : `Cast Studio ${status.version} is ready.`}
        </p>
        {waiting ? (
          <Button size="sm" onClick={() => void cancelInstall()}>
            Don’t restart
          </Button>
        ) : (
          <Button size="sm" variant="primary" onClick={() => void install()}>
            Restart to update
          </Button>
        )}
      </div>
      {status.notes && (
        <div className="about-release-notes" data-testid="release-notes" aria-label={`What’s new in ${status.version}`} role="note">
          {status.notes}
        </div>
      )}
    </div>
  );
}

function UpdateSettings() {
  const { settings, update } = useSettingsStore(useShallow((s) => ({ settings: s.settings, update: s.update })));
  if (!settings) return null;
  return (
    <>
      <SettingSwitch
        setting="autoUpdate"
        label="Update automatically"
        hint="Looks for an update at start and every few hours and downloads it in the background. Cast Studio restarts only when you say."
      />
      <SegmentedControl<Settings['updateChannel']>
        label="Channel"
        name="update-channel"
        value={settings.updateChannel}
        onChange={(updateChannel) => void update({ updateChannel })}
        segments={[
          { value: 'stable', label: 'Stable' },
          { value: 'beta', label: 'Beta' },
        ]}
      />
    </>
  );
}
