import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Settings } from '../../../shared/ipc/index.ts';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { connectionLabel, useConnectionStore } from '../../stores/connectionStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { useSettingsStore } from '../../stores/settingsStore.ts';
import { Button } from '../../ui/Button.tsx';
import { formatBytes, formatCount } from '../../ui/format.ts';
import { InlineError } from '../../ui/InlineError.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { AboutSection } from './about/AboutSection.tsx';
import { useAboutStore } from './about/aboutStore.ts';
import { ConnectServiceForm } from './ConnectServiceForm.tsx';
import { checkSummary, useLibraryInfoStore } from './libraryInfoStore.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { useProfilesStore } from './profilesStore.ts';
import { HostSessionsSection } from './HostSessionsSection.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { useHostSessionsStore } from './hostSessionsStore.ts';
import { SandboxSection } from './SandboxSection.tsx';
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
  return (
    <section className="screen settings-screen" aria-labelledby="settings-heading">
      <header className="screen-header">
        <h1 id="settings-heading" className="screen-title">
          Settings
        </h1>
      </header>
      <ConnectionsSection />
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
  return (
    <section className="lib-panel settings-section" aria-labelledby="connections-heading">
      <h2 id="connections-heading" className="lib-section-title">
        Connections
      </h2>
      <p className="muted">
        The sandbox runs on this computer with free credits. Connect a remote service to generate for real; its API key stays in the system
        keychain.
      </p>
      {!adding && <InlineError error={error} />}
      <ul className="profile-list" data-testid="profiles" aria-busy={!loaded}>
        {profiles.map((profile) => (
          <ProfileCard key={profile.id} profile={profile} />
        ))}
      </ul>
      {adding ? (
        <div className="add-service lib-panel">
          <h3>Connect a service</h3>
          <ConnectServiceForm onCancel={() => setAdding(false)} save={(input) => useProfilesStore.getState().addAndUse(input)} />
        </div>
      ) : (
        <Button onClick={() => setAdding(true)} data-action="connect-service">
          Connect a service…
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
  return (
    <section className="lib-panel settings-section" aria-labelledby="library-heading">
      <h2 id="library-heading" className="lib-section-title">
        Library
      </h2>
      <p className="muted" data-testid="library-connection">
        The library of the connection in use, <strong>{connectionLabel(profile)}</strong>. Each connection keeps its own library; switching
        connections switches libraries.
      </p>
      <dl className="settings-facts">
        <dt>Location</dt>
        <dd className="path" data-testid="library-path">
          {stats?.path ?? settings?.libraryPath ?? '—'}
        </dd>
        <dt>Items</dt>
        <dd>{stats ? formatCount(stats.items) : '—'}</dd>
        <dt>Size on disk</dt>
        <dd data-testid="library-size">{stats ? formatBytes(stats.bytes) : '—'}</dd>
      </dl>
      <SettingSwitch
        setting="autoDownload"
        label="Download finished media automatically"
        hint="Keeps the whole library playable offline. When off, media downloads when you open it."
      />
      <div className="settings-row">
        <Button busy={checking} onClick={() => void runCheck()}>
          Check the library
        </Button>
        {check && (
          <p className="muted" role="status" data-testid="library-check">
            {checkSummary(check)}
          </p>
        )}
        {check && check.pending + check.failed > 0 && (
          <Button disabled={checking} onClick={() => void useLibraryInfoStore.getState().refetch()}>
            Fetch them again
          </Button>
        )}
      </div>
      <div className="settings-row">
        <Button
          busy={healthBusy || health?.state === 'checking'}
          disabled={health?.state === 'rebuilding'}
          onClick={() => void checkIntegrity()}
        >
          Check the library’s integrity
        </Button>
        {health?.state === 'damaged' && (
          <Button variant="primary" busy={healthBusy} onClick={() => void repair()}>
            Repair the library
          </Button>
        )}
        {health?.message && (
          <p className="muted" role="status" data-testid="library-integrity" data-library-health={health.state}>
            {health.message}
          </p>
        )}
      </div>
      <InlineError error={error} />
    </section>
  );
}

function PreferencesSection() {
  const { settings, error, update } = useSettingsStore(useShallow((s) => ({ settings: s.settings, error: s.error, update: s.update })));
  const [saveError, setSaveError] = useState<Awaited<ReturnType<typeof update>>>(null);
  if (!settings) return <InlineError error={error} />;
  const change = async (patch: Partial<Settings>) => setSaveError(await update(patch));
  return (
    <section className="lib-panel settings-section" aria-labelledby="prefs-heading">
      <h2 id="prefs-heading" className="lib-section-title">
        Notifications and appearance
      </h2>
      <SettingSwitch
        setting="notifications"
        label="Notify me when a job finishes"
        save={change}
        hint="A system notification when Cast Studio is in the background."
      />
      <SegmentedControl<Settings['theme']>
        label="Theme"
        name="theme"
        value={settings.theme}
        onChange={(theme) => void change({ theme })}
        segments={[
          { value: 'system', label: 'Follow the system' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
      />
      <InlineError error={saveError} />
    </section>
  );
}
