import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Settings, UpdateStatus } from '../../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../../stores/appInfoStore.ts';
import { useSettingsStore } from '../../../stores/settingsStore.ts';
import { useFormats } from '../../../i18n/LanguageProvider.tsx';
import { useUpdatesStore } from '../../../stores/updatesStore.ts';
import { Button } from '../../../ui/Button.tsx';
import { InlineError } from '../../../ui/InlineError.tsx';
import { SegmentedControl } from '../../../ui/SegmentedControl.tsx';
import { SettingSwitch } from '../SettingSwitch.tsx';

/** Settings → About → Updates: where they stand, the release notes of a ready one, and the update settings. */
export function UpdatesPanel() {
  const { status, error } = useUpdatesStore(useShallow((s) => ({ status: s.status, error: s.error })));
  const intl = useIntl();
  // The browser host never updates itself: its reason is always the same, so it is said in the studio's words.
  const browserHost = useAppInfoStore((s) => s.info?.host === 'browser');
  if (!status) return <InlineError error={error} />;
  return (
    <div className="about-updates" data-testid="updates" data-update-state={status.state}>
      <h3 className="about-subtitle">{intl.formatMessage({ id: 'settings.updates.heading' })}</h3>
      {status.state === 'unavailable' ? (
        <p className="muted" data-testid="updates-words">
          {browserHost || status.reason === 'browser_host'
            ? intl.formatMessage({ id: 'settings.updates.browserHost' })
            : intl.formatMessage({ id: 'settings.updates.off' }, { reason: status.reason })}
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
  const intl = useIntl();
  const formats = useFormats();
  if (status.state === 'ready') return <ReadyUpdate status={status} />;
  const words =
    status.state === 'checking'
      ? intl.formatMessage({ id: 'settings.updates.checking' })
      : status.state === 'downloading'
        ? intl.formatMessage({ id: 'settings.updates.downloading' }, { version: status.version, percent: status.percent })
        : status.state === 'failed'
          ? intl.formatMessage({ id: 'settings.updates.failed' })
          : status.checkedAt
            ? intl.formatMessage({ id: 'settings.updates.upToDate' }, { when: formats.dateTimeOf(status.checkedAt) })
            : intl.formatMessage({ id: 'settings.updates.notChecked' });
  const busy = status.state === 'checking' || status.state === 'downloading';
  return (
    <div className="settings-row">
      <p role="status" data-testid="updates-words">
        {words}
      </p>
      {status.state === 'downloading' && (
        <progress max={100} value={status.percent} aria-label={intl.formatMessage({ id: 'settings.updates.progress' })} />
      )}
      <Button size="sm" busy={busy} onClick={() => void check()}>
        {intl.formatMessage({ id: 'settings.updates.check' })}
      </Button>
    </div>
  );
}

function ReadyUpdate({ status }: { status: Extract<UpdateStatus, { state: 'ready' }> }) {
  const { install, cancelInstall } = useUpdatesStore.getState();
  const waiting = status.waitingForJobs > 0;
  const intl = useIntl();
  return (
    <div className="about-update-ready">
      <div className="settings-row">
        <p role="status" data-testid="updates-words">
          {waiting
            ? intl.formatMessage({ id: 'settings.updates.waiting' }, { count: status.waitingForJobs })
            : intl.formatMessage({ id: 'settings.updates.ready' }, { version: status.version })}
        </p>
        {waiting ? (
          <Button size="sm" onClick={() => void cancelInstall()}>
            {intl.formatMessage({ id: 'settings.updates.dontRestart' })}
          </Button>
        ) : (
          <Button size="sm" variant="primary" onClick={() => void install()}>
            {intl.formatMessage({ id: 'settings.updates.restart' })}
          </Button>
        )}
      </div>
      {status.notes && (
        <div
          className="about-release-notes"
          data-testid="release-notes"
          aria-label={intl.formatMessage({ id: 'app.update.notes' }, { version: status.version })}
          role="note"
        >
          {status.notes}
        </div>
      )}
    </div>
  );
}

function UpdateSettings() {
  const { settings, update } = useSettingsStore(useShallow((s) => ({ settings: s.settings, update: s.update })));
  const intl = useIntl();
  if (!settings) return null;
  return (
    <>
      <SettingSwitch
        setting="autoUpdate"
        label={intl.formatMessage({ id: 'settings.updates.auto' })}
        hint={intl.formatMessage({ id: 'settings.updates.auto.hint' })}
      />
      <SegmentedControl<Settings['updateChannel']>
        label={intl.formatMessage({ id: 'settings.updates.channel' })}
        name="update-channel"
        value={settings.updateChannel}
        onChange={(updateChannel) => void update({ updateChannel })}
        segments={[
          { value: 'stable', label: intl.formatMessage({ id: 'settings.updates.channel.stable' }) },
          { value: 'beta', label: intl.formatMessage({ id: 'settings.updates.channel.beta' }) },
        ]}
      />
    </>
  );
}
