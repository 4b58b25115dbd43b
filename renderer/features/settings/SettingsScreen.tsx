import { useEffect, useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Profile, Settings } from '../../../shared/ipc/index.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { useSettingsStore } from '../../stores/settingsStore.ts';
import { Button } from '../../ui/Button.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { AboutSection } from './about/AboutSection.tsx';
import { useAboutStore } from './about/aboutStore.ts';
import { ConnectServiceForm } from './ConnectServiceForm.tsx';
import { libraryHealthText } from './libraryHealthText.ts';
import { checkSummary, useLibraryInfoStore } from './libraryInfoStore.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { useProfilesStore } from './profilesStore.ts';
import { HostSessionsSection } from './HostSessionsSection.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { useHostSessionsStore } from './hostSessionsStore.ts';
import { SandboxSection } from './SandboxSection.tsx';
import { SyncSection } from './SyncSection.tsx';
import { SettingSwitch } from './SettingSwitch.tsx';
import { useSandboxStore } from './sandboxStore.ts';
import './settings.css';

for (const store of [useProfilesStore, useLibraryInfoStore, useSandboxStore, useHostSessionsStore, useAboutStore])
  registerStoreReset(() => store.getState().reset());

/** Connections, the library, downloads, notifications, theme and versions. */
export function SettingsScreen() {
  useEffect(() => {
    void useProfilesStore.getState().load();
    void useLibraryInfoStore.getState().loadStats();
    if (!useSettingsStore.getState().settings) void useSettingsStore.getState().load();
  }, []);
  const sandboxInUse = useConnectionStore((s) => s.connection?.profile?.kind === 'sandbox');
  // The desktop app has one window and no sessions: the panel is the browser host's.
  const browserHost = useAppInfoStore((s) => s.info?.host === 'browser');
  const section = useNavigationStore((s) => s.settingsSection);
  useEffect(() => {
    if (!section) return;
    const target = document.getElementById(section);
    if (!target) return;
    useNavigationStore.getState().takeSettingsSection();
    target.scrollIntoView({ block: 'start' });
    target.querySelector<HTMLElement>('h2')?.focus();
  }, [section, sandboxInUse]);
  const intl = useIntl();
  return (
    <section className="screen settings-screen" aria-labelledby="settings-heading">
      <header className="screen-header">
        <h1 id="settings-heading" className="screen-title">
          {intl.formatMessage({ id: 'settings.title' })}
        </h1>
      </header>
      <ConnectionsSection />
      <SyncSection />
      {sandboxInUse && <SandboxSection />}
      <LibrarySection />
      <PreferencesSection />
      <LanguageSection />
      {browserHost && <HostSessionsSection />}
      <AboutSection />
    </section>
  );
}

function ConnectionsSection() {
  const { profiles, error, loaded } = useProfilesStore(useShallow((s) => ({ profiles: s.profiles, error: s.error, loaded: s.loaded })));
  const [adding, setAdding] = useState(false);
  const intl = useIntl();
  return (
    <section className="lib-panel settings-section" aria-labelledby="connections-heading">
      <h2 id="connections-heading" className="lib-section-title">
        {intl.formatMessage({ id: 'settings.connections.heading' })}
      </h2>
      <p className="muted">{intl.formatMessage({ id: 'settings.connections.lead' })}</p>
      {!adding && <InlineError error={error} />}
      <ul className="profile-list" data-testid="profiles" aria-busy={!loaded}>
        {profiles.map((profile) => (
          <ProfileCard key={profile.id} profile={profile} />
        ))}
      </ul>
      {adding ? (
        <div className="add-service lib-panel">
          <h3>{intl.formatMessage({ id: 'settings.connections.addTitle' })}</h3>
          <ConnectServiceForm onCancel={() => setAdding(false)} save={(input) => useProfilesStore.getState().addAndUse(input)} />
        </div>
      ) : (
        <Button onClick={() => setAdding(true)} data-action="connect-service">
          {intl.formatMessage({ id: 'settings.connections.add' })}
        </Button>
      )}
    </section>
  );
}

function LibrarySection() {
  const { stats, check, checking, error, runCheck } = useLibraryInfoStore(
    useShallow((s) => ({ stats: s.stats, check: s.check, checking: s.checking, error: s.error, runCheck: s.runCheck })),
  );
  const { health, healthBusy, checkIntegrity, repair } = useLibraryInfoStore(
    useShallow((s) => ({ health: s.health, healthBusy: s.healthBusy, checkIntegrity: s.checkIntegrity, repair: s.repair })),
  );
  const settings = useSettingsStore((s) => s.settings);
  const profile = useConnectionStore((s) => s.connection?.profile);
  const intl = useIntl();
  const formats = useFormats();
  const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <section className="lib-panel settings-section" aria-labelledby="library-heading">
      <h2 id="library-heading" className="lib-section-title">
        {intl.formatMessage({ id: 'settings.library.heading' })}
      </h2>
      <p className="muted" data-testid="library-connection">
        {intl.formatMessage({ id: 'settings.library.lead' }, { name: <bdi>{connectionName(profile, intl)}</bdi>, strong })}
      </p>
      <dl className="settings-facts">
        <dt>{intl.formatMessage({ id: 'settings.library.location' })}</dt>
        <dd className="path" data-testid="library-path">
          <bdi dir="ltr">{stats?.path ?? settings?.libraryPath ?? '—'}</bdi>
        </dd>
        <dt>{intl.formatMessage({ id: 'settings.library.items' })}</dt>
        <dd>{stats ? formats.number(stats.items) : '—'}</dd>
        <dt>{intl.formatMessage({ id: 'settings.library.size' })}</dt>
        <dd data-testid="library-size">{stats ? formats.bytes(stats.bytes) : '—'}</dd>
      </dl>
      <SettingSwitch
        setting="autoDownload"
        label={intl.formatMessage({ id: 'settings.library.autoDownload' })}
        hint={intl.formatMessage({ id: 'settings.library.autoDownload.hint' })}
      />
      <div className="settings-row">
        <Button busy={checking} onClick={() => void runCheck()}>
          {intl.formatMessage({ id: 'settings.library.check' })}
        </Button>
        {check && (
          <p className="muted" role="status" data-testid="library-check">
            {checkSummary(check, intl)}
          </p>
        )}
        {check && check.pending + check.failed > 0 && (
          <Button disabled={checking} onClick={() => void useLibraryInfoStore.getState().refetch()}>
            {intl.formatMessage({ id: 'settings.library.refetch' })}
          </Button>
        )}
      </div>
      <div className="settings-row">
        <Button
          busy={healthBusy || health?.state === 'checking'}
          disabled={health?.state === 'rebuilding'}
          onClick={() => void checkIntegrity()}
        >
          {intl.formatMessage({ id: 'settings.library.checkIntegrity' })}
        </Button>
        {health?.state === 'damaged' && (
          <Button variant="primary" busy={healthBusy} onClick={() => void repair()}>
            {intl.formatMessage({ id: 'settings.library.repair' })}
          </Button>
        )}
        {health?.notice && (
          <p className="muted" role="status" data-testid="library-integrity" data-library-health={health.state}>
            {libraryHealthText(health, formats)}
          </p>
        )}
      </div>
      <InlineError error={error} />
    </section>
  );
}

/** The connection in use, by name: the studio's words for the sandbox and for none. */
function connectionName(profile: Profile | null | undefined, intl: IntlShape): string {
  if (!profile) return intl.formatMessage({ id: 'settings.connection.none' });
  return profile.kind === 'sandbox' ? intl.formatMessage({ id: 'settings.connection.sandbox' }) : profile.name;
}

function PreferencesSection() {
  const { settings, error, update } = useSettingsStore(useShallow((s) => ({ settings: s.settings, error: s.error, update: s.update })));
  const [saveError, setSaveError] = useState<Awaited<ReturnType<typeof update>>>(null);
  const intl = useIntl();
  if (!settings) return <InlineError error={error} />;
  const change = async (patch: Partial<Settings>) => setSaveError(await update(patch));
  return (
    <section className="lib-panel settings-section" aria-labelledby="prefs-heading">
      <h2 id="prefs-heading" className="lib-section-title">
        {intl.formatMessage({ id: 'settings.prefs.heading' })}
      </h2>
      <SettingSwitch
        setting="notifications"
        label={intl.formatMessage({ id: 'settings.prefs.notify' })}
        save={change}
        hint={intl.formatMessage({ id: 'settings.prefs.notify.hint' })}
      />
      <SegmentedControl<Settings['theme']>
        label={intl.formatMessage({ id: 'settings.prefs.theme' })}
        name="theme"
        value={settings.theme}
        onChange={(theme) => void change({ theme })}
        segments={[
          { value: 'system', label: intl.formatMessage({ id: 'settings.prefs.theme.system' }) },
          { value: 'light', label: intl.formatMessage({ id: 'settings.prefs.theme.light' }) },
          { value: 'dark', label: intl.formatMessage({ id: 'settings.prefs.theme.dark' }) },
        ]}
      />
      <InlineError error={saveError} />
    </section>
  );
}
